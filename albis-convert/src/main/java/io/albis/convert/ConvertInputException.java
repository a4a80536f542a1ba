package io.albis.convert;

import java.io.IOException;

/**
 * The input of a conversion cannot be read or holds a value the target cannot take: names the
 * file and where in it (row, line, column) the problem is.
 */
public class ConvertInputException extends IOException {
    private final String file;

    public ConvertInputException(String file, String message) {
        super(file + ": " + message);
        this.file = file;
    }

    public ConvertInputException(String file, String message, Throwable cause) {
        super(file + ": " + message, cause);
        this.file = file;
    }

    /** The input file the problem is in. */
    public String file() {
        return file;
    }

    /** A library exception in a message: its class and message. */
    static String describe(Throwable e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + m;
    }
}
