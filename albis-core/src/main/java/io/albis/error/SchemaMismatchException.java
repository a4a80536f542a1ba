package io.albis.error;

/**
 * A request does not fit the table's schema: an unknown column, a value of the wrong type, a
 * missing value for a non-nullable column, or a file whose layout disagrees with the schema.
 */
public class SchemaMismatchException extends IllegalArgumentException {
    public SchemaMismatchException(String message) {
        super(message);
    }
}
