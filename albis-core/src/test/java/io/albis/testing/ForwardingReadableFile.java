package io.albis.testing;

import io.albis.storage.ReadableFile;
import java.io.IOException;
import java.nio.ByteBuffer;

/** A {@link ReadableFile} that passes every call to another; tests override the calls they watch or break. */
public class ForwardingReadableFile implements ReadableFile {
    protected final ReadableFile delegate;

    public ForwardingReadableFile(ReadableFile delegate) {
        this.delegate = delegate;
    }

    @Override
    public String path() {
        return delegate.path();
    }

    @Override
    public long length() throws IOException {
        return delegate.length();
    }

    @Override
    public void readFully(long position, ByteBuffer dst) throws IOException {
        delegate.readFully(position, dst);
    }

    @Override
    public void close() throws IOException {
        delegate.close();
    }
}
