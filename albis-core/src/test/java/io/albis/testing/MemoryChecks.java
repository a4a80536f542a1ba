package io.albis.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.memory.BufferAllocator;
import java.util.List;

/** Leak detection for readers: give them their own allocator, then check it got everything back. */
public final class MemoryChecks {
    /** Far above what the small test tables need; a test of the limit builds its own. */
    private static final long TEST_LIMIT = 256L << 20;

    private MemoryChecks() {}

    /** A fresh allocator for the readers of one check. */
    public static BufferAllocator allocator() {
        return new BufferAllocator(TEST_LIMIT);
    }

    /** Fails, listing the buffers, if a reader kept any after it was closed. */
    public static void assertNothingOutstanding(BufferAllocator allocator, String context) {
        assertEquals(List.of(), allocator.outstanding(), context + ": buffers not returned after the readers closed");
        assertEquals(0, allocator.usage().inUse(), context + ": bytes still counted as in use");
    }
}
