package io.albis.filter;

/** Access to the current row's values by the reader's column index, as filters need them. */
public interface RowValues {
    boolean isNull(int column);

    /** Integral, boolean, date, timestamp and decimal (≤ 18 digits) values widened to long. */
    long longValue(int column);

    /** Float and double values widened to double. */
    double doubleValue(int column);

    /** Compares a string/binary value with {@code literal} by unsigned bytes. */
    int compareBytes(int column, byte[] literal);

    /** High and low words of a wide decimal's unscaled value. */
    long wideHigh(int column);

    long wideLow(int column);
}
