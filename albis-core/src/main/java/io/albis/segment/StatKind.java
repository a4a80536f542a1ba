package io.albis.segment;

import io.albis.schema.DataType;

/** How a type's minimum and maximum are kept in segment metadata. */
public enum StatKind {
    /** Integral types, dates, timestamps and decimals up to 18 digits: a long. */
    LONG,
    /** Float and double: a double. */
    DOUBLE,
    /** String and binary: the bytes (at most {@link ColumnStats#MAX_STAT_BYTES}). */
    BYTES,
    /** Decimals over 18 digits: 16 little-endian two's complement bytes. */
    WIDE,
    /** Struct markers, lists and maps: only a null count. */
    NONE;

    public static StatKind of(DataType t) {
        return switch (t.id()) {
            case BOOLEAN, BYTE, SHORT, INT, LONG, DATE, TIMESTAMP, TIMESTAMP_NTZ -> LONG;
            case DECIMAL -> t.isWideDecimal() ? WIDE : LONG;
            case FLOAT, DOUBLE -> DOUBLE;
            case STRING, BINARY -> BYTES;
            case STRUCT, LIST, MAP -> NONE;
        };
    }
}
