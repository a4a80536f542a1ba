package io.albis.spark.read;

import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The values of one batch's columns as a pushed aggregate reads them ({@link RowGroupAggregates}):
 * per column a null flag per row and, for numbers, dates, timestamps and booleans, the values as
 * longs or doubles, each column loaded once per batch with the type's getter chosen outside the
 * loop, so that the group keys and every function over the column loop over plain arrays. Strings
 * are read through the column's vector.
 */
final class BatchValues {
    private final DataType[] types;
    final boolean[][] nulls;
    /** Per column: the values as longs (long-valued types), else null. */
    final long[][] longs;
    /** Per column: the values as doubles (floating point), else null. */
    final double[][] doubles;
    /** The batch's vectors, one per column. */
    final AlbisColumnVector[] vectors;

    BatchValues(StructType columns, int maxRows) {
        int n = columns.fields().length;
        this.types = new DataType[n];
        this.nulls = new boolean[n][maxRows];
        this.longs = new long[n][];
        this.doubles = new double[n][];
        this.vectors = new AlbisColumnVector[n];
        for (int c = 0; c < n; c++) {
            types[c] = columns.fields()[c].dataType();
            if (ScanAggregation.longValued(types[c])) {
                longs[c] = new long[maxRows];
            } else if (ScanAggregation.floating(types[c])) {
                doubles[c] = new double[maxRows];
            }
        }
    }

    /** Loads the first {@code rows} rows of {@code batch}, whose first columns are the aggregation's. */
    void load(ColumnarBatch batch, int rows) {
        for (int c = 0; c < types.length; c++) {
            AlbisColumnVector v = (AlbisColumnVector) batch.column(c);
            vectors[c] = v;
            boolean[] isNull = nulls[c];
            for (int r = 0; r < rows; r++) {
                isNull[r] = v.isNullAt(r);
            }
            if (longs[c] != null) {
                loadLongs(v, types[c], rows, longs[c]);
            } else if (doubles[c] != null) {
                loadDoubles(v, types[c], rows, doubles[c]);
            }
        }
    }

    /** A null's slot holds zero bytes (the format's rule), so it loads as 0 and is skipped by its flag. */
    private static void loadLongs(AlbisColumnVector v, DataType t, int rows, long[] out) {
        if (t instanceof IntegerType || t instanceof DateType) {
            for (int r = 0; r < rows; r++) {
                out[r] = v.getInt(r);
            }
        } else if (t instanceof ShortType) {
            for (int r = 0; r < rows; r++) {
                out[r] = v.getShort(r);
            }
        } else if (t instanceof ByteType) {
            for (int r = 0; r < rows; r++) {
                out[r] = v.getByte(r);
            }
        } else if (t instanceof BooleanType) {
            for (int r = 0; r < rows; r++) {
                out[r] = v.getBoolean(r) ? 1 : 0;
            }
        } else { // longs, timestamps, decimals of up to 18 digits (their unscaled values)
            for (int r = 0; r < rows; r++) {
                out[r] = v.getLong(r);
            }
        }
    }

    private static void loadDoubles(AlbisColumnVector v, DataType t, int rows, double[] out) {
        if (t instanceof FloatType) {
            for (int r = 0; r < rows; r++) {
                out[r] = v.getFloat(r);
            }
        } else {
            for (int r = 0; r < rows; r++) {
                out[r] = v.getDouble(r);
            }
        }
    }

    /** A long-valued type's value {@code v} as Spark holds it (the reverse of {@link #load}). */
    static Object sparkValue(long v, DataType t) {
        if (t instanceof IntegerType || t instanceof DateType) {
            return (int) v;
        } else if (t instanceof ShortType) {
            return (short) v;
        } else if (t instanceof ByteType) {
            return (byte) v;
        } else if (t instanceof BooleanType) {
            return v != 0;
        } else if (t instanceof DecimalType d) {
            return Decimal.apply(v, d.precision(), d.scale());
        }
        return v;
    }
}
