package io.albis.table;

import io.albis.error.CorruptFileException;
import io.albis.memory.BufferAllocator;
import io.albis.memory.PooledBuffer;
import io.albis.layout.TableLayout;
import io.albis.storage.ReadableFile;
import io.albis.storage.Storage;
import io.albis.storage.WritableFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.FileAlreadyExistsException;

/**
 * Reads and publishes the table's small files (schemas, table states, task manifests). Publishing
 * writes under a temporary name, makes the bytes durable and renames into place; a rename never
 * replaces an existing file, which is what makes every published version unique.
 */
public final class SmallFiles {
    private SmallFiles() {}

    /**
     * Publishes {@code bytes} as {@code dir/name}. Returns false, leaving nothing behind, when that
     * name exists already (someone else published it first).
     */
    public static boolean publish(Storage storage, String dir, String name, byte[] bytes) throws IOException {
        String tmp = storage.resolve(dir, TableLayout.tempName(name));
        try (WritableFile out = storage.create(tmp)) {
            out.write(ByteBuffer.wrap(bytes));
            out.sync();
        } catch (IOException | RuntimeException e) {
            deleteQuietly(storage, tmp);
            throw e;
        }
        try {
            storage.rename(tmp, storage.resolve(dir, name));
            return true;
        } catch (FileAlreadyExistsException e) {
            deleteQuietly(storage, tmp);
            return false;
        } catch (IOException | RuntimeException e) {
            deleteQuietly(storage, tmp);
            throw e;
        }
    }

    /** Decodes a small file's bytes, held from 0 to the buffer's limit; the buffer is valid only during the call. */
    @FunctionalInterface
    public interface Decoder<T> {
        T decode(ByteBuffer bytes, String path) throws IOException;
    }

    /**
     * Reads a whole file of at most {@code max} bytes (larger ones are refused as corrupt) into a
     * buffer lent by the shared allocator and decodes it there. So the memory a file takes while
     * it is read is bounded by the allocator's limit, which a file larger than it meets as a
     * {@link io.albis.memory.MemoryLimitException} naming the limit and the file, not by what the
     * file claims; the buffer goes back when decoding ends.
     */
    public static <T> T read(Storage storage, String path, int max, Decoder<T> decoder) throws IOException {
        try (ReadableFile f = storage.open(path)) {
            long len = f.length();
            if (len > max) {
                throw new CorruptFileException(path, max, "file is " + len + " bytes, more than the " + max
                        + " this kind of file may have");
            }
            try (PooledBuffer lent = BufferAllocator.shared().allocate((int) len, "reading " + path)) {
                ByteBuffer buf = lent.buffer();
                f.readFully(0, buf);
                buf.flip();
                return decoder.decode(buf, path);
            }
        }
    }

    /** The whole file as bytes on the heap, for tools and tests that handle its bytes; see {@link #read}. */
    public static byte[] bytes(Storage storage, String path, int max) throws IOException {
        return read(storage, path, max, (buf, p) -> {
            byte[] b = new byte[buf.remaining()];
            buf.get(b);
            return b;
        });
    }

    /** Best effort: a leftover temporary name is invisible to readers and removed by repair. */
    static void deleteQuietly(Storage storage, String path) {
        try {
            storage.delete(path);
        } catch (IOException | RuntimeException ignored) {
            // see above
        }
    }
}
