package io.albis.testing;

import io.albis.storage.ReadableFile;
import io.albis.storage.Storage;
import io.albis.storage.WritableFile;
import java.io.IOException;
import java.util.List;

/** A {@link Storage} that passes every call to another; tests override the calls they watch or break. */
public class ForwardingStorage implements Storage {
    protected final Storage delegate;

    public ForwardingStorage(Storage delegate) {
        this.delegate = delegate;
    }

    @Override
    public List<String> list(String dir) throws IOException {
        return delegate.list(dir);
    }

    @Override
    public boolean exists(String path) throws IOException {
        return delegate.exists(path);
    }

    @Override
    public boolean isDirectory(String path) throws IOException {
        return delegate.isDirectory(path);
    }

    @Override
    public void mkdirs(String dir) throws IOException {
        delegate.mkdirs(dir);
    }

    @Override
    public ReadableFile open(String path) throws IOException {
        return delegate.open(path);
    }

    @Override
    public WritableFile create(String path) throws IOException {
        return delegate.create(path);
    }

    @Override
    public void rename(String from, String to) throws IOException {
        delegate.rename(from, to);
    }

    @Override
    public void delete(String path) throws IOException {
        delegate.delete(path);
    }
}
