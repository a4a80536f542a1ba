package io.albis.convert;

/**
 * Thrown by a converter when a value cannot become an Albis value without loss (a timestamp
 * finer than a microsecond, an out-of-range integer); the conversion adds file and row.
 */
public final class RejectedValueException extends RuntimeException {
    private final String column;

    public RejectedValueException(String column, String message) {
        super(message);
        this.column = column;
    }

    public String column() {
        return column;
    }
}
