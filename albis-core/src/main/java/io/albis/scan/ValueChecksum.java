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
 *       8-byte words, the last word zero-padded.</li>
 * </ul>
 * Every null adds {@link #NULL_WEIGHT}.
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
