package io.albis.error;

/** An option given to a writer, reader or tool is out of range or contradicts another. */
public class InvalidOptionException extends IllegalArgumentException {
    public InvalidOptionException(String message) {
        super(message);
    }
}
