package io.albis.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.InvalidOptionException;
import io.albis.util.AlignedBuffers;
import io.albis.internal.DirectMemory;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

class BufferAllocatorTest {
    private static final int MIB = 1 << 20;

    @Test
    void sizeClassesArePowersOfTwoFromAPageThenWholePages() {
        assertEquals(4096, BufferAllocator.sizeClass(0));
        assertEquals(4096, BufferAllocator.sizeClass(1));
        assertEquals(4096, BufferAllocator.sizeClass(4096));
        assertEquals(8192, BufferAllocator.sizeClass(4097));
        assertEquals(MIB, BufferAllocator.sizeClass(MIB));
        assertEquals(2 * MIB, BufferAllocator.sizeClass(MIB + 1));
        assertEquals(1 << 30, BufferAllocator.sizeClass(1 << 30));
        assertEquals((1 << 30) + 4096, BufferAllocator.sizeClass((1 << 30) + 1));
        assertEquals(Integer.MAX_VALUE, BufferAllocator.sizeClass(Integer.MAX_VALUE));
    }

    @Test
    void buffersAreExactlyTheSizeAskedPageAlignedLittleEndianAndWritable() {
        BufferAllocator a = new BufferAllocator(8 * MIB);
        try (PooledBuffer b = a.allocate(1000, "test")) {
            assertEquals(1000, b.buffer().capacity());
            assertEquals(1000, b.buffer().limit());
            assertEquals(0, b.buffer().position());
            assertEquals(4096, b.accountedBytes());
            assertEquals(ByteOrder.LITTLE_ENDIAN, b.buffer().order());
            assertTrue(b.buffer().isDirect());
            assertFalse(b.buffer().isReadOnly());
            {
                assertEquals(0, DirectMemory.address(b.buffer()) % AlignedBuffers.PAGE, "page-aligned");
            }
            b.buffer().putLong(0, 0x0102030405060708L);
            assertEquals(8, b.buffer().get(0), "little-endian");
        }
    }

    @Test
    void aReturnedBufferServesTheNextRequestOfItsClass() {
        BufferAllocator a = new BufferAllocator(8 * MIB);
        PooledBuffer first = a.allocate(MIB - 100, "first");
        first.buffer().put(0, (byte) 42);
        first.close();
        PooledBuffer second = a.allocate(MIB, "second");
        assertSame(first.block, second.block, "same memory, lent again");
        assertEquals(MIB, second.buffer().capacity());
        BufferAllocator.Usage u = a.usage();
        assertEquals(1, u.created());
        assertEquals(1, u.reused());
        assertEquals(MIB, u.reserved());
        assertEquals(MIB, u.inUse());
        second.close();
        assertEquals(0, a.usage().inUse());
        assertEquals(MIB, a.usage().idle());
    }

    @Test
    void overTheLimitIsAClearExceptionNamingLimitRequestAndUse() {
        BufferAllocator a = new BufferAllocator(3 * MIB);
        try (PooledBuffer held = a.allocate(2 * MIB, "segment buffer of /t/g0.data")) {
            MemoryLimitException e = assertThrows(MemoryLimitException.class,
                    () -> a.allocate(MIB + 1, "segment buffer of /t/g1.data"));
            assertEquals(3 * MIB, e.limit());
            assertEquals(2 * MIB, e.requested());
            assertEquals(2 * MIB, e.inUse());
            assertTrue(e.getMessage().contains("limit of 3.0 MiB"), e.getMessage());
            assertTrue(e.getMessage().contains("asked for 2.0 MiB (segment buffer of /t/g1.data)"), e.getMessage());
            assertTrue(e.getMessage().contains("2.0 MiB is in use by 1 buffers"), e.getMessage());
            assertEquals(2 * MIB, a.usage().reserved(), "a refused request reserves nothing");
        }
        assertTrue(a.outstanding().isEmpty());
    }

    @Test
    void idleBuffersAreDroppedToMakeRoom() {
        BufferAllocator a = new BufferAllocator(4 * MIB);
        a.allocate(2 * MIB, "a").close();
        a.allocate(MIB, "b").close();
        assertEquals(3 * MIB, a.usage().idle());
        try (PooledBuffer big = a.allocate(3 * MIB, "c")) { // class 4 MiB: both idle buffers must go
            assertEquals(4 * MIB, a.usage().reserved());
            assertEquals(0, a.usage().idle());
        }
        assertTrue(a.usage().peakReserved() <= 4 * MIB);
    }

    @Test
    void theIdlePoolKeepsAtMostItsBound() {
        BufferAllocator a = new BufferAllocator(8 * MIB, MIB);
        PooledBuffer x = a.allocate(MIB, "x");
        PooledBuffer y = a.allocate(MIB, "y");
        x.close();
        y.close();
        assertEquals(MIB, a.usage().idle());
        assertEquals(MIB, a.usage().reserved(), "the buffer over the idle bound is dropped, not counted");
    }

    @Test
    void outstandingListsUnreturnedBuffersAndASecondCloseIsIgnored() {
        BufferAllocator a = new BufferAllocator(8 * MIB);
        PooledBuffer b = a.allocate(100, "segment buffer of /t/g0.data");
        assertEquals(List.of("100 bytes for segment buffer of /t/g0.data"), a.outstanding());
        b.close();
        b.close();
        assertEquals(List.of(), a.outstanding());
        assertEquals(0, a.usage().inUse());
        assertEquals(4096, a.usage().idle(), "returned once");
    }

    @Test
    void badArgumentsAreRefused() {
        assertThrows(InvalidOptionException.class, () -> new BufferAllocator(0));
        assertThrows(InvalidOptionException.class, () -> new BufferAllocator(MIB, MIB + 1));
        assertThrows(InvalidOptionException.class, () -> new BufferAllocator(MIB, -1));
        assertThrows(IllegalArgumentException.class, () -> new BufferAllocator(MIB).allocate(-1, "x"));
    }

    @Test
    void theSharedAllocatorHasAPositiveLimit() {
        assertTrue(BufferAllocator.shared().limit() > 0);
        assertSame(BufferAllocator.shared(), BufferAllocator.shared());
    }

    /** Many threads borrowing and returning: the counters stay consistent and never pass the limit. */
    @Test
    void countersStayConsistentUnderConcurrentUse() throws Exception {
        int kib = 1 << 10;
        long limit = 192 * kib;
        BufferAllocator a = new BufferAllocator(limit, 64 * kib);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> refusals = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                long seed = t;
                refusals.add(pool.submit(() -> {
                    Random rnd = new Random(seed);
                    int refused = 0;
                    for (int i = 0; i < 500; i++) {
                        try (PooledBuffer b = a.allocate(1 + rnd.nextInt(64 * kib), "worker " + seed)) {
                            b.buffer().put(b.buffer().capacity() - 1, (byte) 1);
                            assertTrue(a.usage().reserved() <= limit);
                        } catch (MemoryLimitException e) {
                            refused++;
                        }
                    }
                    return refused;
                }));
            }
            for (Future<Integer> f : refusals) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        BufferAllocator.Usage u = a.usage();
        assertEquals(0, u.inUse());
        assertEquals(0, u.outstanding());
        assertEquals(u.idle(), u.reserved(), "all that is held is idle");
        assertTrue(u.idle() <= 64 * kib);
        assertTrue(u.peakReserved() <= limit, u.toString());
        assertTrue(u.reused() > 0, u.toString());
    }
}
