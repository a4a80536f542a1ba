package io.albis.crail;

import java.io.IOException;

/**
 * Whether a Crail file's stream may still be used. A read or write that failed may have left
 * operations in flight, and Crail refuses to close a stream with operations in flight: after a
 * failure the stream is neither used nor closed again (its session is done with anyway).
 */
final class StreamState {
    private IOException failed;
    private boolean closed;

    /** Fails if the file at {@code path} is closed or an earlier {@code operation} ("read", "write") failed. */
    void checkUsable(String path, String operation) throws IOException {
        if (closed) {
            throw new IOException(path + ": the file is closed");
        }
        if (failed != null) {
            throw new IOException(path + ": an earlier " + operation + " of this file failed (" + failed.getMessage()
                    + "); its stream is not used again", failed);
        }
    }

    /** Remembers that an operation failed with {@code e}; returns {@code e}, to be thrown. */
    IOException fail(IOException e) {
        failed = e;
        return e;
    }

    /** Marks the file closed. True if its stream is to be closed now: the first close, after no failure. */
    boolean close() {
        if (closed) {
            return false;
        }
        closed = true;
        return failed == null;
    }
}
