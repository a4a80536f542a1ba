package io.albis.testing;

import io.albis.storage.ReadableFile;
import io.albis.storage.Storage;
import io.albis.storage.WritableFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Counts every storage operation (each call on the storage, and each write, sync, close and read
 * on the files it hands out) and, when armed, fails the N-th one: {@link Mode#BEFORE} throws
 * without doing it (the operation never reached the server), {@link Mode#AFTER} does it and then
 * throws (the reply was lost; counted over operations that change something, since for a read the
 * two modes are the same). A crashed process is the same as a failure followed by silence, so a
 * test that checks the table after every N covers a crash at every step; {@link #armCrash} makes
 * the silence explicit: every operation after the failed one fails too, so no clean-up runs.
 */
public final class FaultInjectingStorage extends ForwardingStorage {
    public enum Mode { BEFORE, AFTER }

    private int countdown = -1;
    private Mode mode = Mode.BEFORE;
    private int calls;
    private final List<String> log = new ArrayList<>();
    private String failed;
    /** Set by {@link #armCrash}: once the failure fired, every operation fails. */
    private boolean crash;

    public FaultInjectingStorage(Storage delegate) {
        super(delegate);
    }

    /** Fails the {@code n}-th operation from now (1 = the next one). */
    public void arm(int n, Mode m) {
        countdown = n;
        mode = m;
        failed = null;
        crash = false;
    }

    /**
     * Fails the {@code n}-th operation that changes something from now, before it takes effect,
     * and every operation after it, reads included: the process died there, and none of its error
     * handling reaches the storage. Reads are not counted: dying before a read leaves the storage
     * as dying before the next change does.
     */
    public void armCrash(int n) {
        arm(n, Mode.BEFORE);
        crash = true;
    }

    public void disarm() {
        countdown = -1;
        crash = false;
    }

    /** The operation the armed failure hit ("list /t", "rename /a /b", ...), or null before it fired. */
    public String failedOperation() {
        return failed;
    }

    /** True once the armed failure has happened. */
    public boolean fired() {
        return countdown == 0;
    }

    /** Operations since the last {@link #resetCount()}. */
    public int calls() {
        return calls;
    }

    public List<String> log() {
        return List.copyOf(log);
    }

    public void resetCount() {
        calls = 0;
        log.clear();
    }

    @FunctionalInterface
    private interface Op<T> {
        T run() throws IOException;
    }

    private <T> T op(String what, Op<T> op) throws IOException {
        calls++;
        log.add(what);
        boolean reads = what.startsWith("list ") || what.startsWith("exists ") || what.startsWith("isDirectory ")
                || what.startsWith("open ") || what.startsWith("read ");
        if (crash && countdown == 0) {
            throw new IOException("injected crash: no " + what + " after " + failed);
        }
        if (countdown > 0 && !((mode == Mode.AFTER || crash) && reads) && --countdown == 0) {
            failed = what;
            if (mode == Mode.BEFORE) {
                throw new IOException("injected failure before " + what);
            }
            op.run();
            throw new IOException("injected failure after " + what);
        }
        return op.run();
    }

    @Override
    public List<String> list(String dir) throws IOException {
        return op("list " + dir, () -> delegate.list(dir));
    }

    @Override
    public boolean exists(String path) throws IOException {
        return op("exists " + path, () -> delegate.exists(path));
    }

    @Override
    public boolean isDirectory(String path) throws IOException {
        return op("isDirectory " + path, () -> delegate.isDirectory(path));
    }

    @Override
    public void mkdirs(String dir) throws IOException {
        op("mkdirs " + dir, () -> {
            delegate.mkdirs(dir);
            return null;
        });
    }

    @Override
    public void rename(String from, String to) throws IOException {
        op("rename " + from + " " + to, () -> {
            delegate.rename(from, to);
            return null;
        });
    }

    @Override
    public void delete(String path) throws IOException {
        op("delete " + path, () -> {
            delegate.delete(path);
            return null;
        });
    }

    @Override
    public ReadableFile open(String path) throws IOException {
        ReadableFile f = op("open " + path, () -> delegate.open(path));
        return new ForwardingReadableFile(f) {
            @Override
            public void readFully(long position, ByteBuffer dst) throws IOException {
                op("read " + path, () -> {
                    delegate.readFully(position, dst);
                    return null;
                });
            }
        };
    }

    @Override
    public WritableFile create(String path) throws IOException {
        WritableFile f = op("create " + path, () -> delegate.create(path));
        return new ForwardingWritableFile(f) {
            @Override
            public void write(ByteBuffer src) throws IOException {
                op("write " + path, () -> {
                    delegate.write(src);
                    return null;
                });
            }

            @Override
            public void sync() throws IOException {
                op("sync " + path, () -> {
                    delegate.sync();
                    return null;
                });
            }

            @Override
            public void close() throws IOException {
                op("close " + path, () -> {
                    delegate.close();
                    return null;
                });
            }
        };
    }
}
