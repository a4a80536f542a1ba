package io.albis.scan;

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
                        int i = 0;
                        for (; i + 8 <= lim; i += 8) {
                            sum += buf.getLong(i);
                        }
                        for (; i < lim; i++) {
                            sum += buf.get(i);
                        }
                    }
                    bytes += lim;
                }
            }
        }
        return new long[] {bytes, sum};
    }
}
