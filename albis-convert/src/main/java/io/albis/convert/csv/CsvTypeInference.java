package io.albis.convert.csv;

import io.albis.schema.DataType;

/**
 * Picks each CSV column's type from its values: the first of boolean, int, long, double, date,
 * timestamp that every non-empty value has, else string. A column with no values is string.
 * Integers beyond 2^53 rule out double, which could not hold them exactly.
 */
final class CsvTypeInference {
    private static final int BOOLEAN = 1;
    private static final int INT = 1 << 1;
    private static final int LONG = 1 << 2;
    private static final int DOUBLE = 1 << 3;
    private static final int DATE = 1 << 4;
    private static final int TIMESTAMP = 1 << 5;
    private static final int ALL = BOOLEAN | INT | LONG | DOUBLE | DATE | TIMESTAMP;
    private static final long EXACT_DOUBLE_LIMIT = 1L << 53;

    /** Per column: the types all values seen so far can be (bits above); 0 means string. */
    private final int[] candidates;

    CsvTypeInference(int columns) {
        candidates = new int[columns];
        java.util.Arrays.fill(candidates, ALL);
    }

    /** Narrows the column's candidates by one value; null and empty values say nothing. */
    void observe(int column, String value) {
        int c = candidates[column];
        if (c == 0 || value == null || value.isEmpty()) {
            return;
        }
        if ((c & BOOLEAN) != 0 && !CsvValues.isBoolean(value)) {
            c &= ~BOOLEAN;
        }
        if ((c & (INT | LONG | DOUBLE)) != 0) {
            c = narrowNumeric(c, value);
        }
        if ((c & (DATE | TIMESTAMP)) != 0) {
            if ((c & DATE) != 0 && !CsvValues.isDate(value)) {
                c &= ~DATE;
            }
            if ((c & TIMESTAMP) != 0 && !CsvValues.isTimestamp(value)) {
                c &= ~TIMESTAMP;
            }
        }
        candidates[column] = c;
    }

    private static int narrowNumeric(int c, String value) {
        if (CsvValues.isPlainInteger(value)) {
            long v;
            try {
                v = Long.parseLong(value);
            } catch (NumberFormatException e) {
                return c & ~(INT | LONG | DOUBLE); // too long for a long: only a string keeps it
            }
            if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                c &= ~INT;
            }
            if (v > EXACT_DOUBLE_LIMIT || v < -EXACT_DOUBLE_LIMIT) {
                c &= ~DOUBLE;
            }
            return c;
        }
        c &= ~(INT | LONG);
        if ((c & DOUBLE) != 0 && !CsvValues.isPlainDouble(value)) {
            c &= ~DOUBLE;
        }
        return c;
    }

    DataType type(int column) {
        int c = candidates[column];
        if (c == ALL) {
            return DataType.STRING; // no values at all
        }
        if ((c & BOOLEAN) != 0) {
            return DataType.BOOLEAN;
        }
        if ((c & INT) != 0) {
            return DataType.INT;
        }
        if ((c & LONG) != 0) {
            return DataType.LONG;
        }
        if ((c & DOUBLE) != 0) {
            return DataType.DOUBLE;
        }
        if ((c & DATE) != 0) {
            return DataType.DATE;
        }
        if ((c & TIMESTAMP) != 0) {
            return DataType.TIMESTAMP;
        }
        return DataType.STRING;
    }
}
