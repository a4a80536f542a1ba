package io.albis.filter;

import io.albis.segment.BloomFilter;
import io.albis.segment.ColumnStats;

/** Statistics of a stretch of rows, for deciding whether it can be skipped. */
public interface StatsSource {
    /** The column's statistics in the segment that holds the stretch. */
    ColumnStats stats(int column);

    /** Rows of the segment the column's statistics describe. */
    long rows(int column);

    /**
     * The column's bloom filter in the segment that holds the stretch, which {@code =} and
     * {@code IN} consult; null when the segment has none (the default).
     */
    default BloomFilter bloomFilter(int column) {
        return null;
    }
}
