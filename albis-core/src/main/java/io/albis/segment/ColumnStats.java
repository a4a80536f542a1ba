package io.albis.segment;

import io.albis.internal.DirectMemory;
import io.albis.schema.DataType;
import io.albis.schema.TypeId;
import io.albis.util.ValueOrder;

/**
 * One column's statistics in one segment: its null count and, when known, the minimum and
 * maximum of its non-null values and whether they appear in non-decreasing order.
 * Values are kept as {@link StatKind} says; ordering is {@link ValueOrder}'s.
 */
public final class ColumnStats {
    /** Longer string/binary extremes are not kept: the segment then has no min/max for the column. */
    public static final int MAX_STAT_BYTES = 64;

    private final StatKind kind;
    private final int nullCount;
    private final boolean hasMinMax;
    private final boolean sorted;
    private final long minLong;
    private final long maxLong;
    private final double minDouble;
    private final double maxDouble;
    private final byte[] minBytes;
    private final byte[] maxBytes;

    ColumnStats(StatKind kind, int nullCount, boolean hasMinMax, boolean sorted, long minLong, long maxLong,
            double minDouble, double maxDouble, byte[] minBytes, byte[] maxBytes) {
        this.kind = kind;
        this.nullCount = nullCount;
        this.hasMinMax = hasMinMax;
        this.sorted = sorted;
        this.minLong = minLong;
        this.maxLong = maxLong;
        this.minDouble = minDouble;
        this.maxDouble = maxDouble;
        this.minBytes = minBytes;
        this.maxBytes = maxBytes;
    }

    public StatKind kind() {
        return kind;
    }

    public int nullCount() {
        return nullCount;
    }

    /** False when the segment has no non-null value or the extremes were too long to keep. */
    public boolean hasMinMax() {
        return hasMinMax;
    }

    /** Non-null values are in non-decreasing order within the segment. */
    public boolean sorted() {
        return sorted;
    }

    public long minLong() {
        return minLong;
    }

    public long maxLong() {
        return maxLong;
    }

    public double minDouble() {
        return minDouble;
    }

    public double maxDouble() {
        return maxDouble;
    }

    /** For BYTES and WIDE kinds. */
    public byte[] minBytes() {
        return minBytes;
    }

    public byte[] maxBytes() {
        return maxBytes;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("nulls=").append(nullCount);
        if (hasMinMax) {
            sb.append(" min=").append(render(true)).append(" max=").append(render(false));
        }
        if (sorted) {
            sb.append(" sorted");
        }
        return sb.toString();
    }

    private String render(boolean min) {
        return switch (kind) {
            case LONG -> Long.toString(min ? minLong : maxLong);
            case DOUBLE -> Double.toString(min ? minDouble : maxDouble);
            case BYTES, WIDE -> java.util.HexFormat.of().formatHex(min ? minBytes : maxBytes);
            case NONE -> "";
        };
    }

    /** Accumulates statistics for one column of the segment being written. */
    public static final class Collector {
        private final StatKind kind;
        private int nulls;
        private int values;
        private boolean sorted = true;
        private boolean tooLong;
        private long minL;
        private long maxL;
        private long lastL;
        private double minD;
        private double maxD;
        private double lastD;
        private byte[] minB;
        private byte[] maxB;
        private byte[] lastB = new byte[16];
        private int lastLen;
        private long lastHigh;

        public Collector(StatKind kind) {
            this.kind = kind;
        }

        public void addNull() {
            nulls++;
        }

        public void addLong(long v) {
            if (values == 0) {
                minL = maxL = v;
            } else {
                if (v < minL) {
                    minL = v;
                }
                if (v > maxL) {
                    maxL = v;
                }
                if (v < lastL) {
                    sorted = false;
                }
            }
            lastL = v;
            values++;
        }

        /**
         * Adds {@code n} values of an integer-valued column (boolean, byte, short, int, date, long,
         * timestamp or a decimal of at most 18 digits, stored as {@code type} is) of rows
         * {@code stride} bytes apart in memory, in row order, as {@link #addLong} and
         * {@link #addNull} would one by one: the value of row r at {@code valueAt + r * stride}, its
         * null bit at {@code nullAt + r * stride} under {@code nullMask}. The caller holds that memory.
         */
        public void addLongColumn(long valueAt, long nullAt, int nullMask, int stride, int n, DataType type) {
            int width = type.fixedWidth();
            boolean bool = type.id() == TypeId.BOOLEAN;
            // Locals, not fields, in the loop: the JIT cannot keep fields in registers across loads
            // from raw memory, which may alias them.
            int count = values;
            int nullCount = nulls;
            boolean inOrder = sorted;
            // Before the first value, bounds every value passes: the loop then needs no first-value
            // case. A null row changes nothing, by masks instead of a branch, whatever its bytes.
            long min = count == 0 ? Long.MAX_VALUE : minL;
            long max = count == 0 ? Long.MIN_VALUE : maxL;
            long last = count == 0 ? Long.MIN_VALUE : lastL;
            for (int r = 0; r < n; r++) {
                long off = (long) r * stride;
                // 1 for a null row, 0 for a value (nullMask is a single bit of the byte)
                int isNull = ((DirectMemory.getByte(nullAt + off) & nullMask) + 0xFF) >>> 8;
                long a = valueAt + off;
                long v;
                if (width == 8) {
                    v = DirectMemory.getLong(a);
                } else if (width == 4) {
                    v = DirectMemory.getInt(a);
                } else if (width == 2) {
                    v = DirectMemory.getShort(a);
                } else {
                    v = DirectMemory.getByte(a);
                    if (bool) {
                        v = v != 0 ? 1 : 0; // as getBoolean reads it
                    }
                }
                long present = isNull - 1L; // all ones for a value, zero for a null
                min = Math.min(min, (v & present) | (Long.MAX_VALUE & ~present));
                max = Math.max(max, (v & present) | (Long.MIN_VALUE & ~present));
                inOrder &= isNull != 0 | v >= last;
                last = (v & present) | (last & ~present);
                nullCount += isNull;
                count += 1 - isNull;
            }
            nulls = nullCount;
            if (count > values) {
                values = count;
                sorted = inOrder;
                minL = min;
                maxL = max;
                lastL = last;
            }
        }

        public void addDouble(double v) {
            if (values == 0) {
                minD = maxD = v;
            } else {
                if (ValueOrder.compareDouble(v, minD) < 0) {
                    minD = v;
                }
                if (ValueOrder.compareDouble(v, maxD) > 0) {
                    maxD = v;
                }
                if (ValueOrder.compareDouble(v, lastD) < 0) {
                    sorted = false;
                }
            }
            lastD = v;
            values++;
        }

        /** A string or binary value. */
        public void addBytes(byte[] b, int off, int len) {
            if (values > 0 && java.util.Arrays.compareUnsigned(b, off, off + len, lastB, 0, lastLen) < 0) {
                sorted = false;
            }
            if (len > MAX_STAT_BYTES) {
                tooLong = true;
            } else if (!tooLong) {
                if (minB == null || java.util.Arrays.compareUnsigned(b, off, off + len, minB, 0, minB.length) < 0) {
                    minB = java.util.Arrays.copyOfRange(b, off, off + len);
                }
                if (maxB == null || java.util.Arrays.compareUnsigned(b, off, off + len, maxB, 0, maxB.length) > 0) {
                    maxB = java.util.Arrays.copyOfRange(b, off, off + len);
                }
            }
            if (lastB.length < len) {
                lastB = new byte[Math.max(len, lastB.length * 2)];
            }
            System.arraycopy(b, off, lastB, 0, len);
            lastLen = len;
            values++;
        }

        /** A wide decimal as (high, low) of its 128-bit unscaled value. */
        public void addWide(long high, long low) {
            if (values == 0) {
                minB = wide(high, low);
                maxB = wide(high, low);
            } else {
                if (ValueOrder.compare128(high, low, wideHigh(minB), wideLow(minB)) < 0) {
                    minB = wide(high, low);
                }
                if (ValueOrder.compare128(high, low, wideHigh(maxB), wideLow(maxB)) > 0) {
                    maxB = wide(high, low);
                }
                if (ValueOrder.compare128(high, low, lastHigh, lastL) < 0) {
                    sorted = false;
                }
            }
            lastHigh = high;
            lastL = low;
            values++;
        }

        public ColumnStats finish() {
            boolean mm = values > 0 && kind != StatKind.NONE && !(kind == StatKind.BYTES && tooLong);
            ColumnStats s = new ColumnStats(kind, nulls, mm, values > 0 && sorted && kind != StatKind.NONE,
                    minL, maxL, minD, maxD, mm ? minB : null, mm ? maxB : null);
            nulls = 0;
            values = 0;
            sorted = true;
            tooLong = false;
            minB = null;
            maxB = null;
            lastLen = 0;
            return s;
        }
    }

    static byte[] wide(long high, long low) {
        byte[] b = new byte[16];
        java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(0, low).putLong(8, high);
        return b;
    }

    public static long wideLow(byte[] b) {
        return java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong(0);
    }

    public static long wideHigh(byte[] b) {
        return java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong(8);
    }

    static ColumnStats decoded(StatKind kind, int nullCount, boolean hasMinMax, boolean sorted, long minL, long maxL,
            double minD, double maxD, byte[] minB, byte[] maxB) {
        return new ColumnStats(kind, nullCount, hasMinMax, sorted, minL, maxL, minD, maxD, minB, maxB);
    }
}
