package io.albis.error;

import java.io.IOException;

/**
 * Base of every problem found in the bytes of a table: it names the file and, where known, the
 * byte offset, so a user can tell which file is damaged and where.
 */
public class AlbisFormatException extends IOException {
    private final String file;
    private final long offset;
    private final String reason;

    public AlbisFormatException(String file, long offset, String message) {
        super(describe(file, offset, message));
        this.file = file;
        this.offset = offset;
        this.reason = message;
    }

    public AlbisFormatException(String file, long offset, String message, Throwable cause) {
        super(describe(file, offset, message), cause);
        this.file = file;
        this.offset = offset;
        this.reason = message;
    }

    private static String describe(String file, long offset, String message) {
        return offset >= 0 ? file + " at offset " + offset + ": " + message : file + ": " + message;
    }

    /** The file the problem was found in. */
    public String file() {
        return file;
    }

    /** What is wrong, without the file and offset. */
    public String reason() {
        return reason;
    }

    /** The byte offset of the problem in {@link #file()}, or -1 when it concerns the whole file. */
    public long offset() {
        return offset;
    }
}
