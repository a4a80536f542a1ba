package io.albis.read;

import io.albis.error.AlbisFormatException;
import java.io.UncheckedIOException;

/**
 * Thrown from row accessors and iterators, which cannot throw checked exceptions, when the bytes
 * turn out to be damaged (or of a version this reader does not read). The cause, an
 * {@link AlbisFormatException}, names the file and offset.
 */
public class CorruptDataException extends UncheckedIOException {
    public CorruptDataException(AlbisFormatException cause) {
        super(cause.getMessage(), cause);
    }
}
