package io.albis.bench.format.parquet;

import io.albis.bench.format.peer.ColumnSum;
import io.albis.bench.format.peer.NestedColumnSum;
import io.albis.bench.format.peer.Tally;
import io.albis.scan.ValueChecksum;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Reads every value of one Spark {@link ColumnVector} of a batch into a {@link Tally}, through the
 * vector's public getters: all rows, or only the selected ones. One subclass per way of getting
 * a value, so each loop is monomorphic; a batch without nulls skips the null checks. Arrays and
 * maps ({@link NestedColumnSum}) by their offsets and lengths over their child vectors
 * ({@code WritableColumnVector.getArrayOffset}, {@code getArrayLength}, {@code getChild}), whose
 * values are read like a column's.
 */
abstract class SparkColumnSum implements ColumnSum {
    final ColumnVector v;
    /** Logical bytes of one non-null value (io.albis.scan.LogicalBytes); 0 for strings and binaries, which count their length. */
    final int width;

    SparkColumnSum(ColumnVector v, int width) {
        this.v = v;
        this.width = width;
    }

    /** The summer for a vector of this Spark type; types the benchmark does not use are refused naming the file. */
    static ColumnSum of(ColumnVector v, String column, Path file) throws IOException {
        DataType t = v.dataType();
        if (t instanceof ArrayType) {
            return NestedColumnSum.list(new Rows(v), of(v.getChild(0), column, file));
        } else if (t instanceof MapType) {
            return NestedColumnSum.map(new Rows(v), of(v.getChild(0), column, file), of(v.getChild(1), column, file));
        } else if (t instanceof BooleanType) {
            return new BooleanValues(v);
        } else if (t instanceof ByteType) {
            return new ByteValues(v);
        } else if (t instanceof ShortType) {
            return new ShortValues(v);
        } else if (t instanceof IntegerType || t instanceof DateType) {
            return new IntValues(v, 4);
        } else if (t instanceof LongType || t instanceof TimestampType) {
            return new LongValues(v, 8);
        } else if (t instanceof FloatType) {
            return new FloatValues(v);
        } else if (t instanceof DoubleType) {
            return new DoubleValues(v);
        } else if (t instanceof DecimalType d) {
            // Spark keeps decimals of up to 9 digits in ints and up to 18 in longs: the unscaled value.
            if (DecimalType.is32BitDecimalType(d)) {
                return new IntValues(v, 8);
            } else if (DecimalType.is64BitDecimalType(d)) {
                return new LongValues(v, 8);
            }
            return new WideDecimals(v);
        } else if (t instanceof StringType || t instanceof BinaryType) {
            return new ByteStrings(v);
        }
        throw new IOException(file + ": column '" + column + "' reads as Spark type " + t.simpleString()
                + ", which the benchmark does not measure");
    }

    /** An array or map vector as rows over its children; the reader's vectors are writable ones. */
    private static final class Rows implements NestedColumnSum.Rows {
        private final WritableColumnVector v;

        Rows(ColumnVector v) {
            this.v = (WritableColumnVector) v;
        }

        @Override
        public boolean isNull(int row) {
            return v.isNullAt(row);
        }

        @Override
        public int start(int row) {
            return v.getArrayOffset(row);
        }

        @Override
        public int length(int row) {
            return v.getArrayLength(row);
        }
    }

    private static final class BooleanValues extends SparkColumnSum {
        BooleanValues(ColumnVector v) {
            super(v, 1);
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (!v.hasNull()) {
                for (int i = 0; i < n; i++) {
                    s += v.getBoolean(i) ? 1 : 0;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNullAt(i)) {
                        nulls++;
                    } else {
                        s += v.getBoolean(i) ? 1 : 0;
                    }
                }
            }
            t.add(s, (long) (n - nulls) * width, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNullAt(i)) {
                    nulls++;
                } else {
                    s += v.getBoolean(i) ? 1 : 0;
                }
            }
            t.add(s, (long) (k - nulls) * width, nulls);
        }
    }

    private static final class ByteValues extends SparkColumnSum {
        ByteValues(ColumnVector v) {
            super(v, 1);
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (!v.hasNull()) {
                for (int i = 0; i < n; i++) {
                    s += v.getByte(i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNullAt(i)) {
                        nulls++;
                    } else {
                        s += v.getByte(i);
                    }
                }
            }
            t.add(s, (long) (n - nulls) * width, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNullAt(i)) {
                    nulls++;
                } else {
                    s += v.getByte(i);
                }
            }
            t.add(s, (long) (k - nulls) * width, nulls);
        }
    }

    private static final class ShortValues extends SparkColumnSum {
        ShortValues(ColumnVector v) {
            super(v, 2);
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (!v.hasNull()) {
                for (int i = 0; i < n; i++) {
                    s += v.getShort(i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNullAt(i)) {
                        nulls++;
                    } else {
                        s += v.getShort(i);
                    }
                }
            }
            t.add(s, (long) (n - nulls) * width, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNullAt(i)) {
                    nulls++;
                } else {
                    s += v.getShort(i);
                }
            }
            t.add(s, (long) (k - nulls) * width, nulls);
        }
    }

    private static final class IntValues extends SparkColumnSum {
        IntValues(ColumnVector v, int width) {
            super(v, width);
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (!v.hasNull()) {
                for (int i = 0; i < n; i++) {
                    s += v.getInt(i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNullAt(i)) {
                        nulls++;
                    } else {
                        s += v.getInt(i);
                    }
                }
            }
            t.add(s, (long) (n - nulls) * width, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNullAt(i)) {
                    nulls++;
                } else {
                    s += v.getInt(i);
                }
            }
            t.add(s, (long) (k - nulls) * width, nulls);
        }
    }

    private static final class LongValues extends SparkColumnSum {
        LongValues(ColumnVector v, int width) {
            super(v, width);
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (!v.hasNull()) {
                for (int i = 0; i < n; i++) {
                    s += v.getLong(i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNullAt(i)) {
                        nulls++;
                    } else {
                        s += v.getLong(i);
                    }
                }
            }
            t.add(s, (long) (n - nulls) * width, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNullAt(i)) {
                    nulls++;
                } else {
                    s += v.getLong(i);
                }
            }
            t.add(s, (long) (k - nulls) * width, nulls);
        }
    }

    private static final class FloatValues extends SparkColumnSum {
        FloatValues(ColumnVector v) {
            super(v, 4);
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (!v.hasNull()) {
                for (int i = 0; i < n; i++) {
                    s += ValueChecksum.ofFloat(v.getFloat(i));
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNullAt(i)) {
                        nulls++;
                    } else {
                        s += ValueChecksum.ofFloat(v.getFloat(i));
                    }
                }
            }
            t.add(s, (long) (n - nulls) * width, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNullAt(i)) {
                    nulls++;
                } else {
                    s += ValueChecksum.ofFloat(v.getFloat(i));
                }
            }
            t.add(s, (long) (k - nulls) * width, nulls);
        }
    }

    private static final class DoubleValues extends SparkColumnSum {
        DoubleValues(ColumnVector v) {
            super(v, 8);
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (!v.hasNull()) {
                for (int i = 0; i < n; i++) {
                    s += ValueChecksum.ofDouble(v.getDouble(i));
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNullAt(i)) {
                        nulls++;
                    } else {
                        s += ValueChecksum.ofDouble(v.getDouble(i));
                    }
                }
            }
            t.add(s, (long) (n - nulls) * width, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNullAt(i)) {
                    nulls++;
                } else {
                    s += ValueChecksum.ofDouble(v.getDouble(i));
                }
            }
            t.add(s, (long) (k - nulls) * width, nulls);
        }
    }

    /**
     * Strings and binaries through {@code getUTF8String}, which on Spark's on-heap vectors is a view
     * of the vector's bytes (no copy, unlike {@code getBinary}); the same call serves binary columns.
     */
    private static final class ByteStrings extends SparkColumnSum {
        ByteStrings(ColumnVector v) {
            super(v, 0);
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            long bytes = 0;
            int nulls = 0;
            for (int i = 0; i < n; i++) {
                UTF8String u = v.getUTF8String(i);
                if (u == null) {
                    nulls++;
                } else {
                    s += checksum(u);
                    bytes += u.numBytes();
                }
            }
            t.add(s, bytes, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            long bytes = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                UTF8String u = v.getUTF8String(sel[j]);
                if (u == null) {
                    nulls++;
                } else {
                    s += checksum(u);
                    bytes += u.numBytes();
                }
            }
            t.add(s, bytes, nulls);
        }

        private static long checksum(UTF8String u) {
            if (u.getBaseObject() instanceof byte[] base) {
                return ValueChecksum.ofBytes(base, (int) (u.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET), u.numBytes());
            }
            byte[] copy = u.getBytes();
            return ValueChecksum.ofBytes(copy, 0, copy.length);
        }
    }

    /** Decimals of more than 18 digits: Spark hands out the unscaled value as big-endian bytes. */
    private static final class WideDecimals extends SparkColumnSum {
        WideDecimals(ColumnVector v) {
            super(v, 16);
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int i = 0; i < n; i++) {
                if (v.isNullAt(i)) {
                    nulls++;
                } else {
                    byte[] b = v.getBinary(i);
                    s += ValueChecksum.ofBigEndian(b, 0, b.length);
                }
            }
            t.add(s, (long) (n - nulls) * width, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNullAt(i)) {
                    nulls++;
                } else {
                    byte[] b = v.getBinary(i);
                    s += ValueChecksum.ofBigEndian(b, 0, b.length);
                }
            }
            t.add(s, (long) (k - nulls) * width, nulls);
        }
    }
}
