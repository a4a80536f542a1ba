package io.albis.bench.format.peer;

import io.albis.scan.ValueChecksum;

/**
 * The {@link ValueChecksum} word of a decimal of more than 18 digits: the low plus
 * the high 64-bit word of its unscaled value as a 128-bit two's complement number, which is how
 * Albis stores it. Peer formats hand such values over as big-endian two's complement bytes.
 */
public final class DecimalWords {

    private DecimalWords() {
    }

    /**
     * The checksum word of a decimal held as big-endian two's complement bytes: the unscaled value
     * itself for up to 18 digits (Albis keeps those in a long), else low word + high word.
     */
    public static long ofBigEndian(byte[] b, int off, int len, int precision) {
        if (precision <= io.albis.schema.DataType.MAX_LONG_DECIMAL_PRECISION) {
            long v = len > 0 && b[off] < 0 ? -1L : 0L;
            for (int i = Math.max(0, len - 8); i < len; i++) {
                v = (v << 8) | (b[off + i] & 0xffL);
            }
            return v;
        }
        return ValueChecksum.ofBigEndian(b, off, len);
    }
}
