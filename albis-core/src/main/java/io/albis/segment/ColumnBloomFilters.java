package io.albis.segment;

import java.util.List;

/**
 * The bloom filters of one column of a column group in one row group: one per segment, in
 * segment order (docs/FORMAT.md §8, "Bloom filters").
 *
 * @param slot     the column's slot in the group
 * @param fpp      the false-positive rate the writer sized the filters for
 * @param segments the filter of each segment
 */
public record ColumnBloomFilters(int slot, double fpp, List<BloomFilter> segments) {
    public ColumnBloomFilters {
        segments = List.copyOf(segments);
    }

    /** Bytes the filters take in the metadata file, their block counts included. */
    public long bytes() {
        long b = 0;
        for (BloomFilter f : segments) {
            b += 4 + (long) f.blockCount() * BloomFilter.BLOCK_BYTES;
        }
        return b;
    }
}
