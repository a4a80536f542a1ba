package io.albis.testing;

import io.albis.storage.WritableFile;
import java.io.IOException;
import java.nio.ByteBuffer;

/** A {@link WritableFile} that passes every call to another; tests override the calls they watch or break. */
public class ForwardingWritableFile implements WritableFile {
    protected final WritableFile delegate;

    public ForwardingWritableFile(WritableFile delegate) {
        this.delegate = delegate;
    }

    @Override
    public void write(ByteBuffer src) throws IOException {
        delegate.write(src);
    }

    @Override
    public long position() {
        return delegate.position();
    }

    @Override
    public void sync() throws IOException {
        delegate.sync();
    }

    @Override
    public void close() throws IOException {
        delegate.close();
    }
}
