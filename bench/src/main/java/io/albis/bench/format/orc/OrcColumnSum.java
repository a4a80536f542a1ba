package io.albis.bench.format.orc;

import io.albis.bench.format.peer.ColumnSum;
import io.albis.bench.format.peer.NestedColumnSum;
import io.albis.bench.format.peer.Tally;
import io.albis.scan.ValueChecksum;
import io.albis.schema.DataType;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MultiValuedColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.orc.TypeDescription;

/**
 * Reads every value of one ORC column vector of a {@link org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch}
 * into a {@link Tally}: all rows or only the selected ones. Handles ORC's repeating vectors (one
 * value or null for the whole batch) and skips null checks when the vector has no nulls. Lists
 * and maps ({@link NestedColumnSum}) by the offsets and lengths of their
 * {@code ListColumnVector} or {@code MapColumnVector} over the child vectors, whose values are
 * read like a column's.
 */
abstract class OrcColumnSum implements ColumnSum {
    final ColumnVector v;
    /** Logical bytes of one non-null value (io.albis.scan.LogicalBytes); 0 for strings and binaries, which count their length. */
    final int width;

    OrcColumnSum(ColumnVector v, int width) {
        this.v = v;
        this.width = width;
    }

    /** The checksum word of the value at index i, which is not null. */
    abstract long word(int i);

    /** Logical bytes of the value at index i, which is not null. */
    long bytes(int i) {
        return width;
    }

    @Override
    public void all(int n, Tally t) {
        if (v.isRepeating) {
            repeated(n, t);
            return;
        }
        long s = 0;
        long bytes = 0;
        int nulls = 0;
        if (v.noNulls) {
            for (int i = 0; i < n; i++) {
                s += word(i);
                bytes += bytes(i);
            }
        } else {
            boolean[] isNull = v.isNull;
            for (int i = 0; i < n; i++) {
                if (isNull[i]) {
                    nulls++;
                } else {
                    s += word(i);
                    bytes += bytes(i);
                }
            }
        }
        t.add(s, bytes, nulls);
    }

    @Override
    public void selected(int[] sel, int k, Tally t) {
        if (v.isRepeating) {
            repeated(k, t);
            return;
        }
        long s = 0;
        long bytes = 0;
        int nulls = 0;
        boolean[] isNull = v.isNull;
        boolean noNulls = v.noNulls;
        for (int j = 0; j < k; j++) {
            int i = sel[j];
            if (!noNulls && isNull[i]) {
                nulls++;
            } else {
                s += word(i);
                bytes += bytes(i);
            }
        }
        t.add(s, bytes, nulls);
    }

    /** {@code n} rows that all hold the value (or null) at index 0. */
    private void repeated(int n, Tally t) {
        if (!v.noNulls && v.isNull[0]) {
            t.add(0, 0, n);
        } else {
            t.add(word(0) * n, bytes(0) * n, 0);
        }
    }

    /** The summer for a column of this ORC type; types the benchmark does not use are refused naming the file. */
    static ColumnSum of(ColumnVector v, TypeDescription t, String column, Path file) throws IOException {
        return switch (t.getCategory()) {
            case LIST -> NestedColumnSum.list(new Rows((ListColumnVector) v),
                    of(((ListColumnVector) v).child, t.getChildren().get(0), column, file));
            case MAP -> NestedColumnSum.map(new Rows((MapColumnVector) v),
                    of(((MapColumnVector) v).keys, t.getChildren().get(0), column, file),
                    of(((MapColumnVector) v).values, t.getChildren().get(1), column, file));
            case BOOLEAN, BYTE -> new LongValues((LongColumnVector) v, 1);
            case SHORT -> new LongValues((LongColumnVector) v, 2);
            case INT, DATE -> new LongValues((LongColumnVector) v, 4);
            case LONG -> new LongValues((LongColumnVector) v, 8);
            case FLOAT -> new FloatValues((DoubleColumnVector) v);
            case DOUBLE -> new DoubleValues((DoubleColumnVector) v);
            case TIMESTAMP, TIMESTAMP_INSTANT -> new Timestamps((TimestampColumnVector) v);
            case STRING, VARCHAR, CHAR, BINARY -> new ByteStrings((BytesColumnVector) v);
            case DECIMAL -> t.getPrecision() <= DataType.MAX_LONG_DECIMAL_PRECISION
                    // A Decimal64ColumnVector (the batch is made with USE_DECIMAL64): unscaled longs.
                    ? new LongValues((LongColumnVector) v, 8)
                    : new WideDecimals((DecimalColumnVector) v);
            default -> throw new IOException(file + ": column '" + column + "' has ORC type " + t
                    + ", which the benchmark does not measure");
        };
    }

    /** A list or map vector as rows over its children; a repeating one repeats row 0. */
    private static final class Rows implements NestedColumnSum.Rows {
        private final MultiValuedColumnVector v;

        Rows(MultiValuedColumnVector v) {
            this.v = v;
        }

        @Override
        public boolean isNull(int row) {
            return !v.noNulls && v.isNull[v.isRepeating ? 0 : row];
        }

        @Override
        public int start(int row) {
            return (int) v.offsets[v.isRepeating ? 0 : row];
        }

        @Override
        public int length(int row) {
            return (int) v.lengths[v.isRepeating ? 0 : row];
        }
    }

    /** Booleans, integers, dates and decimals of up to 18 digits: the long in the vector is the word. */
    private static final class LongValues extends OrcColumnSum {
        // The vector, not its array: a list's child vector grows its arrays as batches need.
        private final LongColumnVector values;

        LongValues(LongColumnVector v, int width) {
            super(v, width);
            this.values = v;
        }

        @Override
        long word(int i) {
            return values.vector[i];
        }
    }

    /** ORC hands floats over as doubles; narrowing gives back the stored float exactly. */
    private static final class FloatValues extends OrcColumnSum {
        private final DoubleColumnVector values;

        FloatValues(DoubleColumnVector v) {
            super(v, 4);
            this.values = v;
        }

        @Override
        long word(int i) {
            return ValueChecksum.ofFloat((float) values.vector[i]);
        }
    }

    private static final class DoubleValues extends OrcColumnSum {
        private final DoubleColumnVector values;

        DoubleValues(DoubleColumnVector v) {
            super(v, 8);
            this.values = v;
        }

        @Override
        long word(int i) {
            return ValueChecksum.ofDouble(values.vector[i]);
        }
    }

    /** Microseconds since the epoch from ORC's milliseconds and nanoseconds of the second. */
    private static final class Timestamps extends OrcColumnSum {
        private final TimestampColumnVector ts;

        Timestamps(TimestampColumnVector v) {
            super(v, 8);
            this.ts = v;
        }

        @Override
        long word(int i) {
            return Math.floorDiv(ts.time[i], 1000L) * 1_000_000L + ts.nanos[i] / 1000;
        }
    }

    /** Strings and binaries, read in place in the vector's byte arrays. */
    private static final class ByteStrings extends OrcColumnSum {
        private final BytesColumnVector b;

        ByteStrings(BytesColumnVector v) {
            super(v, 0);
            this.b = v;
        }

        @Override
        long word(int i) {
            return ValueChecksum.ofBytes(b.vector[i], b.start[i], b.length[i]);
        }

        @Override
        long bytes(int i) {
            return b.length[i];
        }
    }

    /** Decimals of more than 18 digits: the unscaled value at the column's scale, as big-endian bytes. */
    private static final class WideDecimals extends OrcColumnSum {
        private final DecimalColumnVector d;

        WideDecimals(DecimalColumnVector v) {
            super(v, 16);
            this.d = v;
        }

        @Override
        long word(int i) {
            byte[] be = d.vector[i].getHiveDecimal().bigIntegerBytesScaled(d.scale);
            return ValueChecksum.ofBigEndian(be, 0, be.length);
        }
    }
}
