package io.albis.convert;

import java.io.IOException;
import java.math.BigDecimal;

/**
 * Where the converters from Parquet and ORC put each value: the columns of an Albis writer
 * ({@link WriterTarget}), or the slots of a list, map or struct value being assembled
 * ({@link BoxedValues}). The setters are the Albis writer's, by slot, so that one converter per
 * source type serves both: a value of a flat column goes straight into the writer, the same value
 * inside a list becomes an element.
 */
public interface ValueTarget {
    void setBoolean(int slot, boolean v) throws IOException;

    void setByte(int slot, byte v) throws IOException;

    void setShort(int slot, short v) throws IOException;

    void setInt(int slot, int v) throws IOException;

    void setLong(int slot, long v) throws IOException;

    void setFloat(int slot, float v) throws IOException;

    void setDouble(int slot, double v) throws IOException;

    /** A date as days since 1970-01-01. */
    void setDate(int slot, int days) throws IOException;

    /** A timestamp, with or without time zone, in microseconds since 1970-01-01T00:00:00. */
    void setTimestampMicros(int slot, long micros) throws IOException;

    /** A decimal's unscaled value; the slot's type gives the scale. */
    void setDecimalUnscaled(int slot, long unscaled) throws IOException;

    void setDecimal(int slot, BigDecimal v) throws IOException;

    void setUtf8(int slot, byte[] utf8, int offset, int length) throws IOException;

    void setBinary(int slot, byte[] v, int offset, int length) throws IOException;

    void setNull(int slot) throws IOException;

    /** A list ({@link java.util.List}) or map ({@link java.util.Map}) as {@code AlbisWriter.setValue} takes it. */
    void setValue(int slot, Object v) throws IOException;
}
