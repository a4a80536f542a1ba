package io.albis.storage;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/** A file open for positional reads; safe for one reader thread at a time. */
public interface ReadableFile extends Closeable {

    /** The path this file was opened with, for error messages. */
    String path();

    long length() throws IOException;

    /**
     * Reads exactly {@code dst.remaining()} bytes starting at {@code position} into {@code dst},
     * advancing its position. Throws {@link java.io.EOFException} if the file ends first.
     */
    void readFully(long position, ByteBuffer dst) throws IOException;
}
