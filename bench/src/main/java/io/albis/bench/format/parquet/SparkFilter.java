package io.albis.bench.format.parquet;

import io.albis.bench.format.peer.RowFilter;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.vectorized.ColumnVector;

/** The rows of a batch whose filter column is not null and at most the bound: {@code column <= max}. */
abstract class SparkFilter implements RowFilter {
    final ColumnVector v;
    final long max;

    SparkFilter(ColumnVector v, long max) {
        this.v = v;
        this.max = max;
    }

    static SparkFilter of(ColumnVector v, long max, String column, Path file) throws IOException {
        DataType t = v.dataType();
        if (t instanceof IntegerType) {
            return new OnInts(v, max);
        } else if (t instanceof LongType) {
            return new OnLongs(v, max);
        }
        throw new IOException(file + ": filter column '" + column + "' is " + t.simpleString()
                + "; the benchmark filters on int or long columns");
    }

    private static final class OnInts extends SparkFilter {
        OnInts(ColumnVector v, long max) {
            super(v, max);
        }

        @Override
        public int select(int n, int[] sel) {
            int k = 0;
            boolean nulls = v.hasNull();
            for (int i = 0; i < n; i++) {
                if ((!nulls || !v.isNullAt(i)) && v.getInt(i) <= max) {
                    sel[k++] = i;
                }
            }
            return k;
        }
    }

    private static final class OnLongs extends SparkFilter {
        OnLongs(ColumnVector v, long max) {
            super(v, max);
        }

        @Override
        public int select(int n, int[] sel) {
            int k = 0;
            boolean nulls = v.hasNull();
            for (int i = 0; i < n; i++) {
                if ((!nulls || !v.isNullAt(i)) && v.getLong(i) <= max) {
                    sel[k++] = i;
                }
            }
            return k;
        }
    }
}
