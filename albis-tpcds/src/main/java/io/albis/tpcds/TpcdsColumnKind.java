package io.albis.tpcds;

import io.albis.schema.DataType;
import io.trino.tpcds.column.Column;
import io.trino.tpcds.column.ColumnType;

/** How a TPC-DS column is stored in Albis, and how its generated text becomes a value. */
public enum TpcdsColumnKind {
    /** INTEGER, and IDENTIFIER columns named *_sk (surrogate keys fit an int). */
    INT,
    /** Other IDENTIFIER columns (ticket and order numbers). */
    LONG,
    /** DECIMAL(p,s), as the unscaled long. */
    DECIMAL,
    /** CHAR and VARCHAR. */
    STRING,
    /** DATE as days since 1970-01-01. */
    DATE,
    /** TIME as an int: seconds of the day. */
    TIME;

    public static TpcdsColumnKind of(Column c) {
        ColumnType.Base base = c.getType().getBase();
        return switch (base) {
            case INTEGER -> INT;
            case IDENTIFIER -> c.getName().endsWith("_sk") ? INT : LONG;
            case DECIMAL -> DECIMAL;
            case CHAR, VARCHAR -> STRING;
            case DATE -> DATE;
            case TIME -> TIME;
        };
    }

    /** The Albis type of a column of this kind. */
    public static DataType albisType(Column c) {
        return switch (of(c)) {
            case INT, TIME -> DataType.INT;
            case LONG -> DataType.LONG;
            case DECIMAL -> DataType.decimal(c.getType().getPrecision().orElseThrow(
                    () -> new IllegalStateException("TPC-DS decimal column " + c.getName() + " has no precision")),
                    c.getType().getScale().orElse(0));
            case STRING -> DataType.STRING;
            case DATE -> DataType.DATE;
        };
    }
}
