package io.albis.read;

import io.albis.nested.ArrayValue;
import io.albis.nested.MapValue;
import java.math.BigDecimal;

/**
 * The current row of a reader, by the reader's column index (the position in its projection).
 * Typed getters do not box; on a null value they return 0/false/null, so check {@link #isNull}.
 * The row is a view: it changes when the reader moves on.
 */
public interface AlbisRow {
    int columnCount();

    boolean isNull(int i);

    boolean getBoolean(int i);

    byte getByte(int i);

    short getShort(int i);

    int getInt(int i);

    long getLong(int i);

    float getFloat(int i);

    double getDouble(int i);

    /** Days since 1970-01-01. */
    int getDate(int i);

    /**
     * Microseconds since 1970-01-01T00:00:00Z of a timestamp, or since 1970-01-01T00:00:00 of a
     * timestamp without time zone (its wall clock).
     */
    long getTimestampMicros(int i);

    /** The unscaled value of a decimal of at most 18 digits. */
    long getDecimalUnscaled(int i);

    BigDecimal getDecimal(int i);

    String getString(int i);

    byte[] getBinary(int i);

    /** Byte length of a string or binary value. */
    int getBytesLength(int i);

    /** Copies a string's UTF-8 or a binary's bytes into {@code dst} at {@code offset}; returns the length. */
    int copyBytes(int i, byte[] dst, int offset);

    /**
     * A list as a view of its stored bytes (the binary API: no element is copied or boxed until
     * read), null when null. Valid until the reader moves on; {@link ArrayValue#toJava()} copies.
     */
    ArrayValue getList(int i);

    /** A map as a view of its stored bytes, null when null; valid as {@link #getList}'s. */
    MapValue getMap(int i);

    /**
     * The value as an object: Boolean, Byte, Short, Integer, Long, Float, Double, BigDecimal,
     * LocalDate, Instant (timestamp), LocalDateTime (timestamp without time zone), String, byte[],
     * List (list), Map (map, entries in stored order; a struct inside is a Map from field name);
     * for a struct marker Boolean.TRUE when the struct is present; null when null.
     */
    Object getValue(int i);
}
