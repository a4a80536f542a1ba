package io.albis.bench.format.orc;

import io.albis.bench.format.peer.RowFilter;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.orc.TypeDescription;

/** The rows of a batch whose int or bigint filter column is not null and at most the bound. */
final class OrcFilter implements RowFilter {
    private final LongColumnVector v;
    private final long max;

    private OrcFilter(LongColumnVector v, long max) {
        this.v = v;
        this.max = max;
    }

    static OrcFilter of(ColumnVector v, TypeDescription t, long max, String column, Path file) throws IOException {
        if (t.getCategory() != TypeDescription.Category.INT && t.getCategory() != TypeDescription.Category.LONG) {
            throw new IOException(file + ": filter column '" + column + "' is " + t
                    + "; the benchmark filters on int or long columns");
        }
        return new OrcFilter((LongColumnVector) v, max);
    }

    @Override
    public int select(int n, int[] sel) {
        long[] values = v.vector;
        boolean[] isNull = v.isNull;
        if (v.isRepeating) {
            boolean match = (v.noNulls || !isNull[0]) && values[0] <= max;
            if (!match) {
                return 0;
            }
            for (int i = 0; i < n; i++) {
                sel[i] = i;
            }
            return n;
        }
        int k = 0;
        if (v.noNulls) {
            for (int i = 0; i < n; i++) {
                if (values[i] <= max) {
                    sel[k++] = i;
                }
            }
        } else {
            for (int i = 0; i < n; i++) {
                if (!isNull[i] && values[i] <= max) {
                    sel[k++] = i;
                }
            }
        }
        return k;
    }
}
