package io.albis.segment;

import java.util.List;

/**
 * One segment of a column group's data file: where it is, how many rows it holds, its checksum
 * and per-column statistics (in slot order).
 *
 * @param offset   byte offset of the segment's first row in the data file
 * @param length   bytes of row data (the checksum covers exactly these)
 * @param padding  zero bytes after the rows, up to where the next segment starts
 * @param firstRow index of the segment's first row within the row group
 * @param crc32c   CRC-32C of the {@code length} row bytes
 */
public record SegmentMetadata(long offset, int length, int padding, long firstRow, int rowCount, int crc32c,
        List<ColumnStats> stats) {

    public SegmentMetadata {
        stats = List.copyOf(stats);
    }

    public ColumnStats stats(int slot) {
        return stats.get(slot);
    }

    public long endRow() {
        return firstRow + rowCount;
    }
}
