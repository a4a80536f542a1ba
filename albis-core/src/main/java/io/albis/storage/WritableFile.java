package io.albis.storage;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/** A new file written front to back. */
public interface WritableFile extends Closeable {

    /** Writes all remaining bytes of {@code src}. */
    void write(ByteBuffer src) throws IOException;

    /** Bytes written so far. */
    long position();

    /** Makes the written bytes durable before the file is closed. */
    void sync() throws IOException;
}
