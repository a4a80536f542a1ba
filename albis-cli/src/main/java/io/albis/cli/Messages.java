package io.albis.cli;

import java.io.FileNotFoundException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.concurrent.ExecutionException;

/** Turns an exception into the one line a user reads. */
final class Messages {
    private Messages() {}

    static String of(Throwable e) {
        Throwable t = unwrap(e);
        String m = t.getMessage();
        if (t instanceof NoSuchFileException) {
            return "no such file or directory: " + m;
        }
        if (t instanceof AccessDeniedException) {
            return "permission denied: " + m;
        }
        if (t instanceof FileAlreadyExistsException) {
            return "already exists: " + m;
        }
        if (t instanceof NotDirectoryException) {
            return "not a directory: " + m;
        }
        if (t instanceof FileNotFoundException && m != null) {
            return m;
        }
        if (t instanceof OutOfMemoryError) {
            return "out of memory (raise -Xmx through ALBIS_JAVA_OPTS): " + m;
        }
        if (t instanceof StackOverflowError) {
            return "the stack overflowed (an input nests too deeply; run with --verbose for where)";
        }
        if (t instanceof Error) {
            return "internal error " + t.getClass().getSimpleName() + (m == null ? "" : ": " + firstLine(m))
                    + " (run with --verbose for the trace)";
        }
        if (m == null || m.isBlank()) {
            return t.getClass().getSimpleName();
        }
        return firstLine(m);
    }

    /** One line: the first line of a multi-line message is the summary. */
    private static String firstLine(String m) {
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    private static Throwable unwrap(Throwable e) {
        Throwable t = e;
        while ((t instanceof UncheckedIOException || t instanceof ExecutionException
                || t.getClass() == RuntimeException.class) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }
}
