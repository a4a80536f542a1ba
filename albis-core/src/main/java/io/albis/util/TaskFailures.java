package io.albis.util;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutionException;

/** What a task run on another thread failed with, as the caller's own failure. */
public final class TaskFailures {
    private TaskFailures() {}

    /**
     * The failure of a task, to be thrown by the caller as {@code throw TaskFailures.of(e)}: an
     * {@link IOException} as it is (or the one an {@link UncheckedIOException} carries), a
     * {@link RuntimeException} or an {@link Error} thrown as it is from here, anything else
     * wrapped in an {@link IOException}.
     */
    public static IOException of(ExecutionException e) {
        Throwable cause = e.getCause();
        if (cause instanceof IOException io) {
            return io;
        }
        if (cause instanceof UncheckedIOException u) {
            return u.getCause();
        }
        if (cause instanceof RuntimeException r) {
            throw r;
        }
        if (cause instanceof Error err) {
            throw err;
        }
        return new IOException(cause);
    }
}
