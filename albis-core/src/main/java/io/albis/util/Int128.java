package io.albis.util;

import java.math.BigInteger;

/** The 128-bit two's complement integers of wide decimals (docs/FORMAT.md §4), as a high and a low word. */
public final class Int128 {
    private Int128() {}

    /** The value whose high word is {@code high} and whose low word (unsigned) is {@code low}. */
    public static BigInteger toBigInteger(long high, long low) {
        return BigInteger.valueOf(high).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(low)));
    }
}
