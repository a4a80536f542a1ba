package io.albis.error;

/** A file was written by a format version this reader does not understand (too new or too old). */
public class UnsupportedFormatVersionException extends AlbisFormatException {
    public UnsupportedFormatVersionException(String file, long offset, String message) {
        super(file, offset, message);
    }
}
