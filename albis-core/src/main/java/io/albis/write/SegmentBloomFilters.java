package io.albis.write;

import io.albis.row.RowEncoder;
import io.albis.row.RowLayout;
import io.albis.segment.BloomFilter;
import io.albis.segment.ColumnBloomFilters;
import io.albis.segment.StatKind;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The bloom filters one column group writer builds: for each of its columns that has them
 * ({@link BloomFilterColumns}), the hashes of the current segment's non-null values, and the
 * filter of every segment finished so far (docs/FORMAT.md §8).
 */
final class SegmentBloomFilters {
    /** The group's slots with bloom filters, ascending; the arrays below are by position in it. */
    private final int[] slots;
    private final StatKind[] kinds;
    private final BloomFilter.Collector[] current;
    private final List<List<BloomFilter>> finished = new ArrayList<>();
    private final double fpp;

    SegmentBloomFilters(RowLayout layout, BloomFilterColumns columns) {
        this.slots = IntStream.range(0, layout.slots())
                .filter(s -> columns.indexes(layout.tableColumn(s))).toArray();
        this.fpp = columns.fpp();
        this.kinds = new StatKind[slots.length];
        this.current = new BloomFilter.Collector[slots.length];
        for (int b = 0; b < slots.length; b++) {
            kinds[b] = StatKind.of(layout.type(slots[b]));
            current[b] = new BloomFilter.Collector(fpp);
            finished.add(new ArrayList<>());
        }
    }

    /** Adds the values of the row staged in {@code row}. */
    void add(RowEncoder row) {
        for (int b = 0; b < slots.length; b++) {
            int s = slots[b];
            if (!row.isNull(s)) {
                current[b].add(switch (kinds[b]) {
                    case LONG -> BloomFilter.hashLong(row.longValue(s));
                    case DOUBLE -> BloomFilter.hashDouble(row.doubleValue(s));
                    case WIDE -> BloomFilter.hashWide(row.wideHigh(s), row.wideLow(s));
                    case BYTES -> BloomFilter.hashBytes(row.bytes(s), 0, row.bytesLength(s));
                    case NONE -> throw new IllegalStateException("a column without statistics has no bloom filter");
                });
            }
        }
    }

    /** Ends the segment: its filters are built, and the next values go to the next segment's. */
    void endSegment() {
        for (int b = 0; b < slots.length; b++) {
            finished.get(b).add(current[b].finish());
        }
    }

    /** Every finished segment's filters, by column in ascending slot order. */
    List<ColumnBloomFilters> columns() {
        List<ColumnBloomFilters> out = new ArrayList<>(slots.length);
        for (int b = 0; b < slots.length; b++) {
            out.add(new ColumnBloomFilters(slots[b], fpp, finished.get(b)));
        }
        return out;
    }
}
