package io.albis.util;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Direct buffers whose first byte sits on a page boundary.
 *
 * <p>Why: the kernel copies page-cache data into a user buffer up to twice as fast when the
 * destination is page-aligned; {@code allocateDirect} returns malloc'd memory 16 bytes past a
 * boundary, and measured on this project's machines a segment read at file offset 8 then ran at
 * half speed, or at full speed only when a later allocation happened to line up.
 */
public final class AlignedBuffers {
    public static final int PAGE = 4096;

    private AlignedBuffers() {}

    /** A little-endian direct buffer of exactly {@code capacity} bytes starting on a page boundary. */
    public static ByteBuffer allocate(int capacity) {
        if (capacity > Integer.MAX_VALUE - 2 * PAGE) {
            return ByteBuffer.allocateDirect(capacity).order(ByteOrder.LITTLE_ENDIAN);
        }
        // alignedSlice also rounds the end down to a page, so ask for whole pages plus one.
        int pages = (capacity + PAGE - 1) / PAGE;
        ByteBuffer aligned = ByteBuffer.allocateDirect((pages + 1) * PAGE).alignedSlice(PAGE);
        return aligned.limit(capacity).slice().order(ByteOrder.LITTLE_ENDIAN);
    }
}
