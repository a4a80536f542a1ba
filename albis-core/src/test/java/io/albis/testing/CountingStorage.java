package io.albis.testing;

import io.albis.storage.ReadableFile;
import io.albis.storage.Storage;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link Storage} wrapper that records, per path, how often a file was opened and every
 * {@code readFully} call (position and length), so tests can prove which bytes a reader touched.
 * Paths are recorded exactly as the reader passes them. Not thread-safe.
 */
public final class CountingStorage extends ForwardingStorage {

    /** One positional read: {@code length} bytes from {@code position}. */
    public record Read(long position, long length) {
        public long end() {
            return position + length;
        }

        /** True when this read touches a byte of [from, to). */
        public boolean overlaps(long from, long to) {
            return position < to && from < end() && length > 0;
        }
    }

    private final Map<String, Integer> opens = new LinkedHashMap<>();
    private final Map<String, List<Read>> reads = new LinkedHashMap<>();

    public CountingStorage(Storage delegate) {
        super(delegate);
    }

    /** Forgets everything recorded so far. */
    public void reset() {
        opens.clear();
        reads.clear();
    }

    /** Paths opened for reading, in first-open order. */
    public List<String> openedFiles() {
        return List.copyOf(opens.keySet());
    }

    public int opens(String path) {
        return opens.getOrDefault(path, 0);
    }

    public boolean wasOpened(String path) {
        return opens.containsKey(path);
    }

    /** The reads of one file, in order. */
    public List<Read> reads(String path) {
        return List.copyOf(reads.getOrDefault(path, List.of()));
    }

    public int readCalls(String path) {
        return reads.getOrDefault(path, List.of()).size();
    }

    public long bytesRead(String path) {
        long n = 0;
        for (Read r : reads.getOrDefault(path, List.of())) {
            n += r.length();
        }
        return n;
    }

    public long totalBytesRead() {
        long n = 0;
        for (String p : reads.keySet()) {
            n += bytesRead(p);
        }
        return n;
    }




    @Override
    public ReadableFile open(String path) throws IOException {
        ReadableFile f = delegate.open(path);
        opens.merge(path, 1, Integer::sum);
        reads.computeIfAbsent(path, k -> new ArrayList<>());
        return new ForwardingReadableFile(f) {
            @Override
            public void readFully(long position, ByteBuffer dst) throws IOException {
                reads.get(path).add(new Read(position, dst.remaining()));
                delegate.readFully(position, dst);
            }
        };
    }



    @Override
    public String resolve(String parent, String child) {
        return delegate.resolve(parent, child);
    }
}
