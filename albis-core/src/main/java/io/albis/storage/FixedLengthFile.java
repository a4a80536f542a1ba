package io.albis.storage;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A {@link ReadableFile} whose length is fixed when it is opened, as a file on HDFS or Crail is
 * once written. Checks each read's range against that length before the store sees it, so every
 * such store refuses a negative offset or a read past the end alike, naming the file.
 */
public abstract class FixedLengthFile implements ReadableFile {
    private final String path;
    private final long length;

    protected FixedLengthFile(String path, long length) {
        this.path = path;
        this.length = length;
    }

    @Override
    public final String path() {
        return path;
    }

    @Override
    public final long length() {
        return length;
    }

    @Override
    public final void readFully(long position, ByteBuffer dst) throws IOException {
        int want = dst.remaining();
        if (position < 0) {
            throw new IOException(path + ": negative read offset " + position);
        }
        if (position > length - want) {
            throw new EOFException(path + ": reading " + want + " bytes at offset " + position
                    + " runs past the end of the file (" + length + " bytes)");
        }
        if (want > 0) {
            readInRange(position, dst);
        }
    }

    /**
     * Reads {@code dst.remaining()} bytes, at least one, from {@code position} into {@code dst}
     * and advances its position; the range lies within the file.
     */
    protected abstract void readInRange(long position, ByteBuffer dst) throws IOException;
}
