package io.albis.util;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/** CRC-32C (Castagnoli) as the format uses it; the JDK's implementation is a CPU intrinsic. */
public final class Crc32c {
    private Crc32c() {}

    /** Checksum of {@code length} bytes of {@code buf} from absolute {@code offset}; the buffer's position is unchanged. */
    public static int of(ByteBuffer buf, int offset, int length) {
        CRC32C crc = new CRC32C();
        ByteBuffer view = buf.duplicate();
        view.limit(offset + length).position(offset);
        crc.update(view);
        return (int) crc.getValue();
    }

    public static int of(byte[] bytes, int offset, int length) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, offset, length);
        return (int) crc.getValue();
    }
}
