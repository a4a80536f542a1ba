package io.albis.row;

import io.albis.schema.TypeId;
import java.nio.ByteBuffer;

/**
 * Reads a fixed-area value by type in the widened form statistics and filters compare, from a
 * row being built (the writer's staging buffer). Rows read from a file are read through
 * {@link SegmentRows#longValue} and {@link SegmentRows#doubleValue}.
 */
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
}
