package io.albis.bench.format.arrow;

import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;

/** {@link io.albis.scan.ValueChecksum#ofBytes} over bytes in an {@link ArrowBuf}, read where they are. */
final class ArrowBytes {
    /** ArrowBuf reads words in the platform's order; the checksum wants little-endian words. */
    private static final boolean NATIVE_LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private ArrowBytes() {
    }

    static long checksum(ArrowBuf buf, long start, int len) {
        long s = len;
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            long w = buf.getLong(start + i);
            s += NATIVE_LITTLE_ENDIAN ? w : Long.reverseBytes(w);
        }
        long last = 0;
        for (int k = 0; i + k < len; k++) {
            last |= (buf.getByte(start + i + k) & 0xffL) << (8 * k);
        }
        return s + last;
    }
}
