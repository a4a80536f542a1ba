package io.albis.bench.format.parquet;

/**
 * What the current record adds, held until the record is known to match the filter: parquet-java
 * hands values to the converters before its own record filter decides, and leaves nulls out.
 */
final class PendingRow {
    long sum;
    long bytes;
    /** Non-null projected values seen; the projected columns not seen are the row's nulls. */
    int values;
    boolean filterSeen;
    long filterValue;

    /** Adds a projected value: its checksum word and logical bytes. */
    void add(long word, long valueBytes) {
        sum += word;
        bytes += valueBytes;
        values++;
    }

    /** Keeps the value of the filter column, for the filter to decide on at the record's end. */
    void keepFilterValue(long value) {
        filterSeen = true;
        filterValue = value;
    }

    void reset() {
        sum = 0;
        bytes = 0;
        values = 0;
        filterSeen = false;
    }
}
