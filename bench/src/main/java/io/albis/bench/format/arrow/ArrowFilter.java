package io.albis.bench.format.arrow;

import io.albis.bench.format.peer.RowFilter;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;

/** The rows of a batch whose int or bigint filter column is not null and at most the bound. */
abstract class ArrowFilter implements RowFilter {
    final long max;

    ArrowFilter(long max) {
        this.max = max;
    }

    static ArrowFilter of(FieldVector v, long max, String column, Path file) throws IOException {
        if (v instanceof IntVector i) {
            return new OnInts(i, max);
        } else if (v instanceof BigIntVector l) {
            return new OnLongs(l, max);
        }
        throw new IOException(file + ": filter column '" + column + "' is an Arrow " + v.getField().getType()
                + "; the benchmark filters on int or long columns");
    }

    private static final class OnInts extends ArrowFilter {
        private final IntVector v;

        OnInts(IntVector v, long max) {
            super(max);
            this.v = v;
        }

        @Override
        public int select(int n, int[] sel) {
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

    private static final class OnLongs extends ArrowFilter {
        private final BigIntVector v;

        OnLongs(BigIntVector v, long max) {
            super(max);
            this.v = v;
        }

        @Override
        public int select(int n, int[] sel) {
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
}
