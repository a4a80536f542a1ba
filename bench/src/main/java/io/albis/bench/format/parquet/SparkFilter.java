package io.albis.bench.format.parquet;

import io.albis.bench.format.peer.RowFilter;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * The benchmark's filter on an int or long column of Spark's vectors, {@code column <= max}: a
 * loop of its own for each getter, so each is compiled for the one it calls.
 */
final class SparkFilter {
    private SparkFilter() {}

    static RowFilter of(ColumnVector v, long max, String column, Path file) throws IOException {
        DataType t = v.dataType();
        if (t instanceof IntegerType) {
            return (n, sel) -> selectInts(v, max, n, sel);
        } else if (t instanceof LongType) {
            return (n, sel) -> selectLongs(v, max, n, sel);
        }
        throw new IOException(file + ": filter column '" + column + "' is " + t.simpleString()
                + "; the benchmark filters on int or long columns");
    }

    private static int selectInts(ColumnVector v, long max, int n, int[] sel) {
        int k = 0;
        boolean nulls = v.hasNull();
        for (int i = 0; i < n; i++) {
            if ((!nulls || !v.isNullAt(i)) && v.getInt(i) <= max) {
                sel[k++] = i;
            }
        }
        return k;
    }

    private static int selectLongs(ColumnVector v, long max, int n, int[] sel) {
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
