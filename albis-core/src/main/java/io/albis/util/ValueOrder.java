package io.albis.util;

/**
 * The one ordering used by statistics, filters and the sorted flag. Floats order as SQL engines
 * do: -0.0 equals 0.0 and NaN is greater than every other value and equal to itself. Strings and
 * binaries order by unsigned bytes (for UTF-8 that is code point order).
 */
public final class ValueOrder {
    private ValueOrder() {}

    public static int compareDouble(double a, double b) {
        if (a == b) {
            return 0; // also -0.0 == 0.0
        }
        return Double.compare(a, b); // NaN last, NaN == NaN
    }

    public static int compareBytes(byte[] a, byte[] b) {
        return java.util.Arrays.compareUnsigned(a, b);
    }

    /** Compares 128-bit two's complement values given as (high, low) longs. */
    public static int compare128(long aHigh, long aLow, long bHigh, long bLow) {
        int c = Long.compare(aHigh, bHigh);
        return c != 0 ? c : Long.compareUnsigned(aLow, bLow);
    }
}
