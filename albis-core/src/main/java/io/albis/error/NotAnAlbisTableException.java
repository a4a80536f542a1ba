package io.albis.error;

/** The path is not an Albis table (no schema file) or a file does not start with the Albis magic. */
public class NotAnAlbisTableException extends AlbisFormatException {
    public NotAnAlbisTableException(String file, long offset, String message) {
        super(file, offset, message);
    }
}
