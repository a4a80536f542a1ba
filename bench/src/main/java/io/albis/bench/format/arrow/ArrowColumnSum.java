package io.albis.bench.format.arrow;

import io.albis.bench.format.peer.ColumnSum;
import io.albis.bench.format.peer.NestedColumnSum;
import io.albis.bench.format.peer.Tally;
import io.albis.scan.ValueChecksum;
import io.albis.schema.DataType;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Reads every value of one Arrow vector of the current record batch into a {@link Tally}: all
 * rows, or only the selected ones. Values come through the vectors' getters ({@code get(i)},
 * whose null and bounds checks the {@code arrow-unsafe} flags turn off); one subclass per vector
 * type so each getter call site stays monomorphic; a batch without nulls skips the null checks.
 * Buffers are fetched per call because loading the next batch replaces them. Lists and maps
 * ({@link NestedColumnSum}) by the offsets and validity of their {@link ListVector} or
 * {@link MapVector} over the child vectors (a map's entries: a struct of a key and a value
 * vector), whose values are read like a column's.
 */
abstract class ArrowColumnSum implements ColumnSum {

    /** The summer for a vector of the types {@link ArrowSchemas} writes; others are refused naming the file. */
    static ColumnSum of(FieldVector v, String column, Path file) throws IOException {
        if (v instanceof MapVector m) {
            StructVector entries = (StructVector) m.getDataVector();
            return NestedColumnSum.map(new Rows(m), of(entries.getChild(MapVector.KEY_NAME), column, file),
                    of(entries.getChild(MapVector.VALUE_NAME), column, file));
        } else if (v instanceof ListVector l) {
            return NestedColumnSum.list(new Rows(l), of(l.getDataVector(), column, file));
        } else if (v instanceof BitVector b) {
            return new BitValues(b);
        } else if (v instanceof TinyIntVector b) {
            return new TinyIntValues(b);
        } else if (v instanceof SmallIntVector s) {
            return new SmallIntValues(s);
        } else if (v instanceof IntVector i) {
            return new IntValues(i);
        } else if (v instanceof DateDayVector d) {
            return new DateDayValues(d);
        } else if (v instanceof BigIntVector l) {
            return new BigIntValues(l);
        } else if (v instanceof TimeStampVector ts) {
            return new TimeStampValues(ts);
        } else if (v instanceof Float4Vector f) {
            return new Float4Values(f);
        } else if (v instanceof Float8Vector d) {
            return new Float8Values(d);
        } else if (v instanceof DecimalVector d) {
            return d.getPrecision() <= DataType.MAX_LONG_DECIMAL_PRECISION ? new LongDecimals(d) : new WideDecimals(d);
        } else if (v instanceof BaseVariableWidthVector b) {
            return new ByteStrings(b);
        }
        throw new IOException(file + ": column '" + column + "' is an Arrow " + v.getField().getType()
                + ", which the benchmark does not measure");
    }

    /** A list or map vector as rows over its children. */
    private static final class Rows implements NestedColumnSum.Rows {
        private final ListVector v;

        Rows(ListVector v) {
            this.v = v;
        }

        @Override
        public boolean isNull(int row) {
            return v.isNull(row);
        }

        @Override
        public int start(int row) {
            return v.getElementStartIndex(row);
        }

        @Override
        public int length(int row) {
            return v.getElementEndIndex(row) - v.getElementStartIndex(row);
        }
    }

    private static final class BitValues extends ArrowColumnSum {
        private final BitVector v;

        BitValues(BitVector v) {
            this.v = v;
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (v.getNullCount() == 0) {
                for (int i = 0; i < n; i++) {
                    s += v.get(i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNull(i)) {
                        nulls++;
                    } else {
                        s += v.get(i);
                    }
                }
            }
            t.add(s, (long) (n - nulls) * 1, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNull(i)) {
                    nulls++;
                } else {
                    s += v.get(i);
                }
            }
            t.add(s, (long) (k - nulls) * 1, nulls);
        }
    }

    private static final class TinyIntValues extends ArrowColumnSum {
        private final TinyIntVector v;

        TinyIntValues(TinyIntVector v) {
            this.v = v;
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (v.getNullCount() == 0) {
                for (int i = 0; i < n; i++) {
                    s += v.get(i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNull(i)) {
                        nulls++;
                    } else {
                        s += v.get(i);
                    }
                }
            }
            t.add(s, (long) (n - nulls) * 1, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNull(i)) {
                    nulls++;
                } else {
                    s += v.get(i);
                }
            }
            t.add(s, (long) (k - nulls) * 1, nulls);
        }
    }

    private static final class SmallIntValues extends ArrowColumnSum {
        private final SmallIntVector v;

        SmallIntValues(SmallIntVector v) {
            this.v = v;
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (v.getNullCount() == 0) {
                for (int i = 0; i < n; i++) {
                    s += v.get(i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNull(i)) {
                        nulls++;
                    } else {
                        s += v.get(i);
                    }
                }
            }
            t.add(s, (long) (n - nulls) * 2, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNull(i)) {
                    nulls++;
                } else {
                    s += v.get(i);
                }
            }
            t.add(s, (long) (k - nulls) * 2, nulls);
        }
    }

    private static final class IntValues extends ArrowColumnSum {
        private final IntVector v;

        IntValues(IntVector v) {
            this.v = v;
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (v.getNullCount() == 0) {
                for (int i = 0; i < n; i++) {
                    s += v.get(i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNull(i)) {
                        nulls++;
                    } else {
                        s += v.get(i);
                    }
                }
            }
            t.add(s, (long) (n - nulls) * 4, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNull(i)) {
                    nulls++;
                } else {
                    s += v.get(i);
                }
            }
            t.add(s, (long) (k - nulls) * 4, nulls);
        }
    }

    private static final class DateDayValues extends ArrowColumnSum {
        private final DateDayVector v;

        DateDayValues(DateDayVector v) {
            this.v = v;
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (v.getNullCount() == 0) {
                for (int i = 0; i < n; i++) {
                    s += v.get(i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNull(i)) {
                        nulls++;
                    } else {
                        s += v.get(i);
                    }
                }
            }
            t.add(s, (long) (n - nulls) * 4, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNull(i)) {
                    nulls++;
                } else {
                    s += v.get(i);
                }
            }
            t.add(s, (long) (k - nulls) * 4, nulls);
        }
    }

    private static final class BigIntValues extends ArrowColumnSum {
        private final BigIntVector v;

        BigIntValues(BigIntVector v) {
            this.v = v;
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (v.getNullCount() == 0) {
                for (int i = 0; i < n; i++) {
                    s += v.get(i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNull(i)) {
                        nulls++;
                    } else {
                        s += v.get(i);
                    }
                }
            }
            t.add(s, (long) (n - nulls) * 8, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNull(i)) {
                    nulls++;
                } else {
                    s += v.get(i);
                }
            }
            t.add(s, (long) (k - nulls) * 8, nulls);
        }
    }

    private static final class TimeStampValues extends ArrowColumnSum {
        private final TimeStampVector v;

        TimeStampValues(TimeStampVector v) {
            this.v = v;
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (v.getNullCount() == 0) {
                for (int i = 0; i < n; i++) {
                    s += v.get(i);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNull(i)) {
                        nulls++;
                    } else {
                        s += v.get(i);
                    }
                }
            }
            t.add(s, (long) (n - nulls) * 8, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNull(i)) {
                    nulls++;
                } else {
                    s += v.get(i);
                }
            }
            t.add(s, (long) (k - nulls) * 8, nulls);
        }
    }

    private static final class Float4Values extends ArrowColumnSum {
        private final Float4Vector v;

        Float4Values(Float4Vector v) {
            this.v = v;
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (v.getNullCount() == 0) {
                for (int i = 0; i < n; i++) {
                    s += ValueChecksum.ofFloat(v.get(i));
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNull(i)) {
                        nulls++;
                    } else {
                        s += ValueChecksum.ofFloat(v.get(i));
                    }
                }
            }
            t.add(s, (long) (n - nulls) * 4, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNull(i)) {
                    nulls++;
                } else {
                    s += ValueChecksum.ofFloat(v.get(i));
                }
            }
            t.add(s, (long) (k - nulls) * 4, nulls);
        }
    }

    private static final class Float8Values extends ArrowColumnSum {
        private final Float8Vector v;

        Float8Values(Float8Vector v) {
            this.v = v;
        }

        @Override
        public void all(int n, Tally t) {
            long s = 0;
            int nulls = 0;
            if (v.getNullCount() == 0) {
                for (int i = 0; i < n; i++) {
                    s += ValueChecksum.ofDouble(v.get(i));
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNull(i)) {
                        nulls++;
                    } else {
                        s += ValueChecksum.ofDouble(v.get(i));
                    }
                }
            }
            t.add(s, (long) (n - nulls) * 8, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNull(i)) {
                    nulls++;
                } else {
                    s += ValueChecksum.ofDouble(v.get(i));
                }
            }
            t.add(s, (long) (k - nulls) * 8, nulls);
        }
    }

    /**
     * Decimals of up to 18 digits: the low word of Arrow's 16-byte little-endian value is the
     * unscaled long. Read from the data buffer, as DecimalVector has no getter that does not
     * allocate (get returns a buffer slice, getObject a BigDecimal).
     */
    private static final class LongDecimals extends ArrowColumnSum {
        private final DecimalVector v;

        LongDecimals(DecimalVector v) {
            this.v = v;
        }

        @Override
        public void all(int n, Tally t) {
            ArrowBuf data = v.getDataBuffer();
            long s = 0;
            int nulls = 0;
            if (v.getNullCount() == 0) {
                for (int i = 0; i < n; i++) {
                    s += data.getLong((long) i * DecimalVector.TYPE_WIDTH);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    if (v.isNull(i)) {
                        nulls++;
                    } else {
                        s += data.getLong((long) i * DecimalVector.TYPE_WIDTH);
                    }
                }
            }
            t.add(s, (long) (n - nulls) * 8, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            ArrowBuf data = v.getDataBuffer();
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNull(i)) {
                    nulls++;
                } else {
                    s += data.getLong((long) i * DecimalVector.TYPE_WIDTH);
                }
            }
            t.add(s, (long) (k - nulls) * 8, nulls);
        }
    }

    /** Decimals of more than 18 digits: low word + high word of the 16-byte value, as Albis sums them. */
    private static final class WideDecimals extends ArrowColumnSum {
        private final DecimalVector v;

        WideDecimals(DecimalVector v) {
            this.v = v;
        }

        private static long words(ArrowBuf data, int i) {
            long at = (long) i * DecimalVector.TYPE_WIDTH;
            return data.getLong(at) + data.getLong(at + 8);
        }

        @Override
        public void all(int n, Tally t) {
            ArrowBuf data = v.getDataBuffer();
            long s = 0;
            int nulls = 0;
            for (int i = 0; i < n; i++) {
                if (v.isNull(i)) {
                    nulls++;
                } else {
                    s += words(data, i);
                }
            }
            t.add(s, (long) (n - nulls) * 16, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            ArrowBuf data = v.getDataBuffer();
            long s = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNull(i)) {
                    nulls++;
                } else {
                    s += words(data, i);
                }
            }
            t.add(s, (long) (k - nulls) * 16, nulls);
        }
    }

    /** Strings and binaries, read in place in the data buffer between the vector's offsets. */
    private static final class ByteStrings extends ArrowColumnSum {
        private final BaseVariableWidthVector v;

        ByteStrings(BaseVariableWidthVector v) {
            this.v = v;
        }

        @Override
        public void all(int n, Tally t) {
            ArrowBuf data = v.getDataBuffer();
            long s = 0;
            long bytes = 0;
            int nulls = 0;
            for (int i = 0; i < n; i++) {
                if (v.isNull(i)) {
                    nulls++;
                } else {
                    int start = v.getStartOffset(i);
                    int len = v.getEndOffset(i) - start;
                    s += ArrowBytes.checksum(data, start, len);
                    bytes += len;
                }
            }
            t.add(s, bytes, nulls);
        }

        @Override
        public void selected(int[] sel, int k, Tally t) {
            ArrowBuf data = v.getDataBuffer();
            long s = 0;
            long bytes = 0;
            int nulls = 0;
            for (int j = 0; j < k; j++) {
                int i = sel[j];
                if (v.isNull(i)) {
                    nulls++;
                } else {
                    int start = v.getStartOffset(i);
                    int len = v.getEndOffset(i) - start;
                    s += ArrowBytes.checksum(data, start, len);
                    bytes += len;
                }
            }
            t.add(s, bytes, nulls);
        }
    }
}
