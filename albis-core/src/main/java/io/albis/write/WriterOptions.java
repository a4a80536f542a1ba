package io.albis.write;

import io.albis.error.InvalidOptionException;

/**
 * How a writer cuts the table. Row groups close at whichever limit comes first.
 *
 * @param segmentSize    bytes per segment, the unit of I/O and statistics (default 1 MiB)
 * @param rowGroupRows   rows per row group (default unlimited)
 * @param rowGroupBytes  encoded bytes per row group over all column groups (default 256 MiB, so a
 *                       table of a few hundred MB already gives two tasks something to share)
 * @param sync           force data to stable storage before a row group is published
 */
public record WriterOptions(int segmentSize, long rowGroupRows, long rowGroupBytes, boolean sync)
        implements java.io.Serializable {
    public static final int DEFAULT_SEGMENT_SIZE = 1 << 20;
    public static final int MIN_SEGMENT_SIZE = 64;
    public static final int MAX_SEGMENT_SIZE = 1 << 30;
    public static final long DEFAULT_ROW_GROUP_BYTES = 256L << 20;

    public WriterOptions {
        if (segmentSize < MIN_SEGMENT_SIZE || segmentSize > MAX_SEGMENT_SIZE) {
            throw new InvalidOptionException("segment size must be " + MIN_SEGMENT_SIZE + ".." + MAX_SEGMENT_SIZE
                    + " bytes, got " + segmentSize);
        }
        if (rowGroupRows < 1) {
            throw new InvalidOptionException("row group rows must be at least 1, got " + rowGroupRows);
        }
        if (rowGroupBytes < 1) {
            throw new InvalidOptionException("row group bytes must be at least 1, got " + rowGroupBytes);
        }
    }

    public static WriterOptions defaults() {
        return new WriterOptions(DEFAULT_SEGMENT_SIZE, Long.MAX_VALUE, DEFAULT_ROW_GROUP_BYTES, false);
    }

    public WriterOptions withSegmentSize(int bytes) {
        return new WriterOptions(bytes, rowGroupRows, rowGroupBytes, sync);
    }

    public WriterOptions withRowGroupRows(long rows) {
        return new WriterOptions(segmentSize, rows, rowGroupBytes, sync);
    }

    public WriterOptions withRowGroupBytes(long bytes) {
        return new WriterOptions(segmentSize, rowGroupRows, bytes, sync);
    }

    public WriterOptions withSync(boolean on) {
        return new WriterOptions(segmentSize, rowGroupRows, rowGroupBytes, on);
    }
}
