package io.albis.memory;

import static io.albis.util.ByteSizes.format;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.albis.error.InvalidOptionException;
import io.albis.util.AlignedBuffers;
import io.albis.util.ByteSizes;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Lends page-aligned direct buffers to readers, counts them against a limit and keeps returned
 * ones for reuse. One allocator is shared by any number of readers on any threads (a Spark
 * executor runs many tasks in one JVM); see README.md in this package for who owns what.
 *
 * <p>Sizes are rounded up to a size class (a power of two from one page to 1 GiB, whole pages
 * above), so a buffer returned by one reader fits the next segment of about the same size, of
 * this reader or another. What counts against the limit is every buffer the allocator holds:
 * lent out or idle in the pool. Idle buffers are kept up to {@code maxIdleBytes} and dropped
 * first when a new buffer would not fit. Memory is never freed explicitly: a dropped buffer is
 * left to the garbage collector, so a stale view can read old bytes but never freed memory.
 */
public final class BufferAllocator {
    /** System property giving the shared allocator's limit: bytes, or a size such as 512m or 2g ({@link ByteSizes}). */
    public static final String LIMIT_PROPERTY = "albis.memory.limit";
    /** Sizes up to this are rounded up to a power of two; larger ones to whole pages. */
    static final int LARGEST_POWER_CLASS = 1 << 30;

    private final long limit;
    private final long maxIdleBytes;
    /** Idle blocks by size class. */
    private final TreeMap<Integer, ArrayDeque<ByteBuffer>> idle = new TreeMap<>();
    private final Set<PooledBuffer> outstanding = new LinkedHashSet<>();
    private long reserved;
    private long inUse;
    private long idleBytes;
    private long peakReserved;
    private long peakInUse;
    private long created;
    private long reused;

    /** An allocator holding at most {@code limit} bytes, lent out or idle. */
    public BufferAllocator(long limit) {
        this(limit, limit);
    }

    /** As {@link #BufferAllocator(long)}, keeping at most {@code maxIdleBytes} of returned buffers for reuse. */
    public BufferAllocator(long limit, long maxIdleBytes) {
        if (limit < 1) {
            throw new InvalidOptionException("a buffer allocator's limit must be at least 1 byte, got " + limit);
        }
        if (maxIdleBytes < 0 || maxIdleBytes > limit) {
            throw new InvalidOptionException("idle bytes kept for reuse must be 0.." + limit + " (the limit), got "
                    + maxIdleBytes);
        }
        this.limit = limit;
        this.maxIdleBytes = maxIdleBytes;
    }

    /**
     * The allocator readers use unless told otherwise: one per JVM, limited to the value of the
     * {@value #LIMIT_PROPERTY} system property or else to half the JVM's direct memory
     * ({@code -XX:MaxDirectMemorySize}, which defaults to the maximum heap size).
     */
    public static BufferAllocator shared() {
        return Shared.INSTANCE;
    }

    /**
     * Lends a buffer of exactly {@code size} bytes.
     *
     * @param purpose what it is for, shown in errors and in {@link #outstanding()} (e.g. "segment buffer of FILE")
     * @throws MemoryLimitException if it would take the allocator over its limit, or the JVM has
     *                              no direct memory left
     */
    public PooledBuffer allocate(int size, String purpose) {
        if (size < 0) {
            throw new IllegalArgumentException("buffer size must not be negative, got " + size);
        }
        int sizeClass = sizeClass(size);
        ByteBuffer block;
        synchronized (this) {
            block = takeIdle(sizeClass);
            if (block == null) {
                dropIdleUntilFits(sizeClass);
                if (reserved + sizeClass > limit) {
                    throw new MemoryLimitException("memory limit of " + format(limit) + " reached: asked for "
                            + format(sizeClass) + " (" + purpose + ") while " + format(inUse) + " is in use by "
                            + outstanding.size() + " buffers; give the reader or writer a larger allocator"
                            + " (ReadOptions.withAllocator, AlbisWriter.withAllocator, or -D" + LIMIT_PROPERTY
                            + " for the shared one), use smaller segments or fewer column groups at once, or close"
                            + " idle readers", limit, sizeClass, inUse, null);
                }
                reserved += sizeClass;
                peakReserved = Math.max(peakReserved, reserved);
                created++;
            } else {
                reused++;
            }
            inUse += sizeClass;
            peakInUse = Math.max(peakInUse, inUse);
        }
        if (block == null) {
            block = allocateBlock(sizeClass, purpose);
        }
        PooledBuffer lent = new PooledBuffer(this, block, size, purpose);
        synchronized (this) {
            outstanding.add(lent);
        }
        return lent;
    }

    /** A new block, outside the lock: the JVM zeroes it, which takes a while for large ones. */
    private ByteBuffer allocateBlock(int sizeClass, String purpose) {
        try {
            return AlignedBuffers.allocate(sizeClass);
        } catch (OutOfMemoryError e) {
            long held;
            synchronized (this) {
                reserved -= sizeClass;
                inUse -= sizeClass;
                held = reserved;
            }
            throw new MemoryLimitException("the JVM has no direct memory left for " + format(sizeClass) + " ("
                    + purpose + "); this allocator holds " + format(held) + " of its limit of " + format(limit)
                    + ", so other users of direct memory or -XX:MaxDirectMemorySize leave too little: lower the limit"
                    + " or raise MaxDirectMemorySize", limit, sizeClass, held, e);
        }
    }

    private ByteBuffer takeIdle(int sizeClass) {
        ArrayDeque<ByteBuffer> blocks = idle.get(sizeClass);
        if (blocks == null) {
            return null;
        }
        ByteBuffer block = blocks.pop();
        if (blocks.isEmpty()) {
            idle.remove(sizeClass);
        }
        idleBytes -= sizeClass;
        return block;
    }

    /** Drops idle blocks, largest first, until {@code sizeClass} more bytes fit the limit or none are left. */
    private void dropIdleUntilFits(int sizeClass) {
        while (reserved + sizeClass > limit && !idle.isEmpty()) {
            Map.Entry<Integer, ArrayDeque<ByteBuffer>> largest = idle.lastEntry();
            takeIdle(largest.getKey());
            reserved -= largest.getKey();
        }
    }

    /** Takes a buffer back (from {@link PooledBuffer#close()}); a second return is ignored. */
    synchronized void release(PooledBuffer lent) {
        if (!outstanding.remove(lent)) {
            return;
        }
        int sizeClass = lent.block.capacity();
        inUse -= sizeClass;
        if (idleBytes + sizeClass <= maxIdleBytes) {
            idle.computeIfAbsent(sizeClass, k -> new ArrayDeque<>()).push(lent.block);
            idleBytes += sizeClass;
        } else {
            reserved -= sizeClass; // dropped: the garbage collector frees it
        }
    }

    /** The bytes counted for a buffer of {@code size} bytes. */
    static int sizeClass(int size) {
        if (size <= AlignedBuffers.PAGE) {
            return AlignedBuffers.PAGE;
        }
        if (size <= LARGEST_POWER_CLASS) {
            return Integer.highestOneBit(size - 1) << 1;
        }
        long pages = ((long) size + AlignedBuffers.PAGE - 1) / AlignedBuffers.PAGE;
        return (int) Math.min(pages * AlignedBuffers.PAGE, Integer.MAX_VALUE);
    }

    public long limit() {
        return limit;
    }

    /** A consistent snapshot of the counters. */
    public synchronized Usage usage() {
        return new Usage(limit, reserved, inUse, idleBytes, peakReserved, peakInUse, outstanding.size(), created,
                reused);
    }

    /** The buffers lent and not yet returned, each as its size and purpose; empty when every reader closed. */
    public synchronized List<String> outstanding() {
        List<String> out = new ArrayList<>();
        for (PooledBuffer b : outstanding) {
            out.add(b.toString());
        }
        return out;
    }

    /**
     * The allocator's counters, in bytes of size classes.
     *
     * @param reserved      held by the allocator: lent out plus idle; never above the limit
     * @param inUse         lent out
     * @param idle          kept for reuse
     * @param peakReserved  the most ever held at once
     * @param peakInUse     the most ever lent out at once
     * @param outstanding   buffers lent out
     * @param created       buffers allocated from the JVM
     * @param reused        loans served from the pool
     */
    public record Usage(long limit, long reserved, long inUse, long idle, long peakReserved, long peakInUse,
            int outstanding, long created, long reused) {
        @Override
        public String toString() {
            return "limit " + format(limit) + ", reserved " + format(reserved) + " (peak " + format(peakReserved)
                    + "), in use " + format(inUse) + " by " + outstanding + " buffers (peak " + format(peakInUse)
                    + "), idle " + format(idle) + ", " + created + " buffers created, " + reused + " loans reused";
        }
    }

    @Override
    public String toString() {
        return "BufferAllocator[" + usage() + "]";
    }

    /** Created on first use, so the limit is read once the JVM's flags and properties are set. */
    private static final class Shared {
        static final BufferAllocator INSTANCE = new BufferAllocator(defaultLimit());

        private static long defaultLimit() {
            String property = System.getProperty(LIMIT_PROPERTY);
            if (property != null) {
                long limit;
                try {
                    limit = ByteSizes.parse(property);
                } catch (InvalidOptionException e) {
                    throw new InvalidOptionException("system property " + LIMIT_PROPERTY + ": " + e.getMessage());
                }
                if (limit < 1) {
                    throw new InvalidOptionException("system property " + LIMIT_PROPERTY + " must be at least 1 byte");
                }
                return limit;
            }
            return Math.max(1, maxDirectMemory() / 2);
        }

        /** -XX:MaxDirectMemorySize, or the maximum heap size the JVM uses when it is not set. */
        private static long maxDirectMemory() {
            try {
                HotSpotDiagnosticMXBean vm = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
                long set = Long.parseLong(vm.getVMOption("MaxDirectMemorySize").getValue());
                if (set > 0) {
                    return set;
                }
            } catch (RuntimeException | LinkageError e) {
                // Not a HotSpot JVM, or no management module: assume the flag is not set.
            }
            return Runtime.getRuntime().maxMemory();
        }
    }
}
