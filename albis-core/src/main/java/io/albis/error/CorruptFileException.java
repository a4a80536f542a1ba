package io.albis.error;

/** A file's bytes break the format: a bad checksum, a length that does not fit, a truncated file. */
public class CorruptFileException extends AlbisFormatException {
    public CorruptFileException(String file, long offset, String message) {
        super(file, offset, message);
    }
}
