package io.albis.scan;

import io.albis.schema.DataType;

/**
 * Logical bytes, the numerator of goodput (docs/PERFORMANCE.md): the data's own size, the same
 * for every format whatever it stores. A value that is not null counts 1 byte per boolean or
 * byte, 2 per short, 4 per int, float or date, 8 per long, double, timestamp or decimal of ≤ 18
 * digits, 16 per wider decimal, and the byte length of a string or binary. This is the
 * measurement protocol's count, kept here and not in the format's types.
 */
public final class LogicalBytes {
    /** Logical bytes of a decimal wider than 18 digits. */
    public static final int WIDE_DECIMAL = 16;

    private LogicalBytes() {}

    /** Logical bytes of one non-null value of a fixed-width type; 0 for variable types, which count their length. */
    public static int of(DataType t) {
        return t.isVariableWidth() ? 0 : t.fixedWidth();
    }
}
