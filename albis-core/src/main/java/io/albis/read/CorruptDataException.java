package io.albis.read;

import io.albis.error.CorruptFileException;
import java.io.UncheckedIOException;

/**
 * Thrown from row accessors and iterators, which cannot throw checked exceptions, when the bytes
 * turn out to be damaged. The cause names the file and offset.
 */
public class CorruptDataException extends UncheckedIOException {
    public CorruptDataException(CorruptFileException cause) {
        super(cause.getMessage(), cause);
    }
}
