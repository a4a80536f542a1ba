package io.albis.scan;

import io.albis.internal.DirectMemory;
import io.albis.memory.BufferAllocator;
import io.albis.memory.PooledBuffer;
import io.albis.storage.ReadableFile;
import io.albis.storage.Storage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The physical limit a format is measured against (docs/PERFORMANCE.md): the same files read
 * through the same storage layer in 1 MiB positional reads into a direct buffer, every byte
 * touched (summed as little-endian longs) and nothing parsed. With {@code touch} false the bytes are only read.
 *
 * <p>The touch is the fastest this JVM does it ({@link #sum}): eight independent accumulators
 * over the buffer's memory, so the loop is bound by loads, not by one chain of additions, or,
 * where the JVM has the JDK's Vector API ({@link VectorApi}, which the checksum scan then uses
 * too), four vectors of the CPU's preferred width. Measured on 1 MiB in cache:
 * {@code ByteBuffer.getLong} into one accumulator 16 GB/s, over the address into one 34 GB/s,
 * four 65 GB/s, eight 82 GB/s; the Vector API (512-bit lanes) 88 GB/s.
 */
public final class RawRead {
    public static final int CHUNK = 1 << 20;

    /** Bytes read, their long-sum, and the wall time. */
    public record Result(long bytes, long sum, long nanos) {
        public double gbps() {
            return nanos == 0 ? 0 : bytes / (double) nanos;
        }
    }

    private RawRead() {}

    /** Reads {@code files} with {@code threads} threads, each taking every n-th file ({@link ThreadSplit}). */
    public static Result read(Storage storage, List<String> files, int threads, boolean touch) throws IOException {
        long start = System.nanoTime();
        long bytes = 0;
        long sum = 0;
        for (long[] r : ThreadSplit.run(files.size(), threads, parts -> readFiles(storage, filesAt(files, parts), touch))) {
            bytes += r[0];
            sum += r[1];
        }
        return new Result(bytes, sum, System.nanoTime() - start);
    }

    private static List<String> filesAt(List<String> files, int[] positions) {
        List<String> out = new ArrayList<>();
        for (int p : positions) {
            out.add(files.get(p));
        }
        return out;
    }

    private static long[] readFiles(Storage storage, List<String> files, boolean touch) throws IOException {
        // From the readers' allocator: page-aligned like theirs, so both copy at full speed.
        try (PooledBuffer chunk = BufferAllocator.shared().allocate(CHUNK, "raw read chunk")) {
            return readFiles(storage, files, touch, chunk.buffer());
        }
    }

    private static long[] readFiles(Storage storage, List<String> files, boolean touch, ByteBuffer buf)
            throws IOException {
        long bytes = 0;
        long sum = 0;
        for (String path : files) {
            try (ReadableFile f = storage.open(path)) {
                long len = f.length();
                for (long pos = 0; pos < len; pos += CHUNK) {
                    buf.clear().limit((int) Math.min(CHUNK, len - pos));
                    f.readFully(pos, buf);
                    int lim = buf.position();
                    if (touch) {
                        sum += sum(buf, lim);
                    }
                    bytes += lim;
                }
            }
        }
        return new long[] {bytes, sum};
    }

    /**
     * The sum of the first {@code length} bytes of direct buffer {@code buf} as little-endian
     * longs, the last {@code length % 8} bytes added one by one (signed): every byte is loaded.
     */
    public static long sum(ByteBuffer buf, int length) {
        DirectMemory.checkRange(buf, 0, length);
        if (VectorApi.ENABLED) {
            return VectorSums.sum(buf, length);
        }
        return sumFrom(buf, 0, length);
    }

    /** {@link #sum} of bytes {@code [from, length)}, which the caller has checked lie inside {@code buf}, with scalar loads. */
    static long sumFrom(ByteBuffer buf, int from, int length) {
        long at = DirectMemory.address(buf) + from;
        long end = DirectMemory.address(buf) + length;
        long s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
        for (; at + 64 <= end; at += 64) {
            s0 += DirectMemory.getLong(at);
            s1 += DirectMemory.getLong(at + 8);
            s2 += DirectMemory.getLong(at + 16);
            s3 += DirectMemory.getLong(at + 24);
            s4 += DirectMemory.getLong(at + 32);
            s5 += DirectMemory.getLong(at + 40);
            s6 += DirectMemory.getLong(at + 48);
            s7 += DirectMemory.getLong(at + 56);
        }
        for (; at + 8 <= end; at += 8) {
            s0 += DirectMemory.getLong(at);
        }
        for (; at < end; at++) {
            s1 += DirectMemory.getByte(at);
        }
        return s0 + s1 + s2 + s3 + s4 + s5 + s6 + s7;
    }
}
