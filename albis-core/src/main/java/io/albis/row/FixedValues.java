package io.albis.row;

import io.albis.schema.DataType;
import io.albis.schema.TypeId;
import io.albis.segment.ColumnStats;
import io.albis.segment.StatKind;
import java.nio.ByteBuffer;

/** Reads a fixed-area value by type in the widened form statistics and filters compare. */
public final class FixedValues {
    private FixedValues() {}

    /** Boolean, byte, short, int, date, long, timestamp and decimal (≤ 18 digits) widened to long. */
    public static long asLong(ByteBuffer buf, int at, TypeId type) {
        return switch (type) {
            case BOOLEAN -> buf.get(at) != 0 ? 1 : 0; // as getBoolean reads it, whatever the byte
            case BYTE -> buf.get(at);
            case SHORT -> buf.getShort(at);
            case INT, DATE -> buf.getInt(at);
            default -> buf.getLong(at);
        };
    }

    /** Float and double widened to double. */
    public static double asDouble(ByteBuffer buf, int at, TypeId type) {
        return type == TypeId.FLOAT ? buf.getFloat(at) : buf.getDouble(at);
    }

    /**
     * Adds a non-null fixed-width value at {@code at} to a statistics collector; string and
     * binary values are added by the caller, which knows where their bytes are.
     */
    public static void addTo(ColumnStats.Collector stats, ByteBuffer buf, int at, DataType type) {
        switch (StatKind.of(type)) {
            case LONG -> stats.addLong(asLong(buf, at, type.id()));
            case DOUBLE -> stats.addDouble(asDouble(buf, at, type.id()));
            case WIDE -> stats.addWide(buf.getLong(at + 8), buf.getLong(at));
            case BYTES, NONE -> { }
        }
    }
}
