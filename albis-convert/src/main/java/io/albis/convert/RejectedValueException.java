package io.albis.convert;

/**
 * Thrown by a converter when a value cannot become an Albis value without loss (a timestamp
 * finer than a microsecond, an out-of-range integer); the conversion adds file and row.
 */
final class RejectedValueException extends RuntimeException {
    private final String column;

    RejectedValueException(String column, String message) {
        super(message);
        this.column = column;
    }

    String column() {
        return column;
    }
}
