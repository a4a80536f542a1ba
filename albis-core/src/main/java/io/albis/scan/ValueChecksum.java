package io.albis.scan;

/**
 * The checksum every format's reader computes over the values it reads, so results can be
 * compared across formats (bench/results/README.md). Each non-null value adds a 64-bit word, with
 * wrap-around:
 * <ul>
 *   <li>boolean 0/1; byte, short, int, date: the value sign-extended; long, timestamp, decimal
 *       of ≤ 18 digits: the (unscaled) value; wide decimals: low word + high word;</li>
 *   <li>float: its raw IEEE bits as a sign-extended int; double: its raw IEEE bits;</li>
 *   <li>string and binary: the byte length plus the sum of the bytes read as little-endian
 *       8-byte words, the last word zero-padded;</li>
 *   <li>list: its element count plus the word of each element that is not null, by these same
 *       rules for the element's type;</li>
 *   <li>map: its entry count plus the word of each key and of each value that is not null;</li>
 *   <li>struct inside a list or map: the words of its fields that are not null (a struct column
 *       of a table is flattened into its leaf columns, each a value of its own).</li>
 * </ul>
 * Every null adds {@link #NULL_WEIGHT}: a null value, and inside a list or map a null element, a
 * null map value, a null struct or a null field of a struct. A scan's null count counts them all.
 *
 * <p>Logical bytes ({@link LogicalBytes}, docs/PERFORMANCE.md) are counted per value that is not
 * null: 1 per boolean or byte, 2 per short, 4 per int, float or date, 8 per long, double,
 * timestamp or decimal of ≤ 18 digits, 16 per wider decimal, the byte length of a string or binary. A list or map counts the logical bytes of
 * the values inside it and nothing for its counts, offsets and null bits, so every format reports
 * the same figure for the same data.
 */
public final class ValueChecksum {
    public static final long NULL_WEIGHT = 0x9E3779B97F4A7C15L;

    private ValueChecksum() {}

    public static long ofFloat(float f) {
        return Float.floatToRawIntBits(f);
    }

    public static long ofDouble(double d) {
        return Double.doubleToRawLongBits(d);
    }

    public static long ofBytes(byte[] b, int off, int len) {
        long s = len;
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            s += (long) LE.get(b, off + i);
        }
        long last = 0;
        for (int k = 0; i + k < len; k++) {
            last |= (b[off + i + k] & 0xffL) << (8 * k);
        }
        return s + last;
    }

    /**
     * A decimal of more than 18 digits from its unscaled value as big-endian two's complement
     * bytes {@code b[off, off + len)} (as stored inside a list or map, and as Parquet, ORC and
     * Spark hand it out): the low plus the high word of the value sign-extended to 128 bits. Only
     * the last 16 bytes count; bytes before them can only repeat the sign.
     */
    public static long ofBigEndian(byte[] b, int off, int len) {
        long sign = len > 0 && b[off] < 0 ? -1L : 0L;
        long hi = sign;
        long lo = sign;
        for (int i = Math.max(0, len - 16); i < len; i++) {
            // Shift the 128-bit value (hi:lo) left by one byte and append the next byte.
            hi = (hi << 8) | (lo >>> 56);
            lo = (lo << 8) | (b[off + i] & 0xffL);
        }
        return lo + hi;
    }

    public static long ofBytes(java.nio.ByteBuffer buf, int off, int len) {
        long s = len;
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            s += buf.getLong(off + i);
        }
        long last = 0;
        for (int k = 0; i + k < len; k++) {
            last |= (buf.get(off + i + k) & 0xffL) << (8 * k);
        }
        return s + last;
    }

    private static final java.lang.invoke.VarHandle LE = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
}
