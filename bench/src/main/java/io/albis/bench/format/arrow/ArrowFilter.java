package io.albis.bench.format.arrow;

import io.albis.bench.format.peer.RowFilter;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;

/**
 * The benchmark's filter on an int or bigint Arrow vector: the rows not null and at most the
 * bound. A loop of its own for each vector type, so each getter call stays monomorphic.
 */
final class ArrowFilter {
    private ArrowFilter() {}

    static RowFilter of(FieldVector v, long max, String column, Path file) throws IOException {
        if (v instanceof IntVector i) {
            return (n, sel) -> selectInts(i, max, n, sel);
        } else if (v instanceof BigIntVector l) {
            return (n, sel) -> selectLongs(l, max, n, sel);
        }
        throw new IOException(file + ": filter column '" + column + "' is an Arrow " + v.getField().getType()
                + "; the benchmark filters on int or long columns");
    }

    private static int selectInts(IntVector v, long max, int n, int[] sel) {
        int k = 0;
        boolean nulls = v.getNullCount() > 0;
        for (int i = 0; i < n; i++) {
            if ((!nulls || !v.isNull(i)) && v.get(i) <= max) {
                sel[k++] = i;
            }
        }
        return k;
    }

    private static int selectLongs(BigIntVector v, long max, int n, int[] sel) {
        int k = 0;
        boolean nulls = v.getNullCount() > 0;
        for (int i = 0; i < n; i++) {
            if ((!nulls || !v.isNull(i)) && v.get(i) <= max) {
                sel[k++] = i;
            }
        }
        return k;
    }
}
