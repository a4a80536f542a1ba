package io.albis.schema;

import io.albis.error.InvalidOptionException;
import java.util.Objects;

/** A named, typed field of a schema; a struct field holds further fields. */
public record Field(String name, DataType type, boolean nullable) {

    public Field {
        Objects.requireNonNull(type, "type");
        if (name == null || name.isEmpty()) {
            throw new InvalidOptionException("a field name must not be empty");
        }
        if (name.length() > 1024) {
            throw new InvalidOptionException("field name longer than 1024 characters: " + name.substring(0, 40) + "...");
        }
    }

    public static Field of(String name, DataType type) {
        return new Field(name, type, true);
    }

    public static Field required(String name, DataType type) {
        return new Field(name, type, false);
    }

    @Override
    public String toString() {
        return name + ": " + type + (nullable ? "" : " not null");
    }
}
