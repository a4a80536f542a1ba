package io.albis.table;

import io.albis.error.AlbisFormatException;
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

    /** Reads a whole file of at most {@code max} bytes, refusing larger ones as corrupt. */
    public static byte[] read(Storage storage, String path, int max) throws IOException {
        try (ReadableFile f = storage.open(path)) {
            long len = f.length();
            if (len > max) {
                throw new AlbisFormatException(path, -1, "file is " + len + " bytes, more than the " + max
                        + " this kind of file may have");
            }
            ByteBuffer buf = ByteBuffer.allocate((int) len);
            f.readFully(0, buf);
            return buf.array();
        }
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
