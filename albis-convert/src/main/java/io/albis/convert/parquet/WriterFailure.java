package io.albis.convert.parquet;

import java.io.IOException;

/**
 * Carries an {@link IOException} of the Albis writer out of Parquet's converter callbacks, which
 * cannot throw checked exceptions, so the conversion can rethrow the original.
 */
final class WriterFailure extends RuntimeException {
    WriterFailure(IOException cause) {
        super(cause);
    }

    @Override
    public synchronized IOException getCause() {
        return (IOException) super.getCause();
    }
}
