package io.albis.storage;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Copies a directory tree (a whole table) from one storage to another byte for byte, e.g. to put
 * a local table on HDFS or Crail. The copy is written under a temporary name next to the target
 * and renamed into place, so readers never see half a table.
 */
public final class StorageCopy {
    private static final int CHUNK = 4 << 20;

    private StorageCopy() {}

    /** Copies {@code from} (a file or directory) on {@code source} to {@code to} on {@code target}; {@code to} must not exist. */
    public static long copy(Storage source, String from, Storage target, String to) throws IOException {
        while (to.length() > 1 && to.endsWith("/")) {
            to = to.substring(0, to.length() - 1);
        }
        if (target.exists(to)) {
            throw new java.nio.file.FileAlreadyExistsException(to, from, "copy target exists");
        }
        // A name of its own, so two copies to one target never write into each other's tree.
        String tmp = to + ".copying-" + java.util.UUID.randomUUID();
        try {
            long bytes = copyTree(source, from, target, tmp, ByteBuffer.allocateDirect(CHUNK));
            target.rename(tmp, to);
            return bytes;
        } catch (IOException | RuntimeException e) {
            try {
                target.delete(tmp);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private static long copyTree(Storage source, String from, Storage target, String to, ByteBuffer buf)
            throws IOException {
        if (!source.isDirectory(from)) {
            return copyFile(source, from, target, to, buf);
        }
        target.mkdirs(to);
        long bytes = 0;
        for (String name : source.list(from)) {
            bytes += copyTree(source, source.resolve(from, name), target, target.resolve(to, name), buf);
        }
        return bytes;
    }

    private static long copyFile(Storage source, String from, Storage target, String to, ByteBuffer buf)
            throws IOException {
        try (ReadableFile in = source.open(from); WritableFile out = target.create(to)) {
            long length = in.length();
            for (long pos = 0; pos < length; ) {
                buf.clear().limit((int) Math.min(buf.capacity(), length - pos));
                in.readFully(pos, buf);
                pos += buf.position();
                buf.flip();
                out.write(buf);
            }
            out.sync();
            return length;
        }
    }
}
