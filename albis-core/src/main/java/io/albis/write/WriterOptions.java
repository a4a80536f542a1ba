package io.albis.write;

import io.albis.error.InvalidOptionException;
import io.albis.layout.FormatVersion;

/**
 * How a writer cuts the table. Row groups close at whichever limit comes first.
 *
 * @param segmentSize    bytes of rows per segment, the unit of I/O and statistics (default 1 MiB): a
 *                       multiple of the 4096-byte page, or at most one page (small segments are for
 *                       tests; each still occupies a whole page of the file, docs/FORMAT.md §7)
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
        checkSegmentSize(segmentSize);
        if (rowGroupRows < 1) {
            throw new InvalidOptionException("row group rows must be at least 1, got " + rowGroupRows);
        }
        if (rowGroupBytes < 1) {
            throw new InvalidOptionException("row group bytes must be at least 1, got " + rowGroupBytes);
        }
    }

    /**
     * Refuses a segment size a writer cannot use: below {@link #MIN_SEGMENT_SIZE}, above
     * {@link #MAX_SEGMENT_SIZE}, or above one page without being a multiple of it. Segments start
     * on page boundaries, so such a size would leave part of a page empty after every segment.
     */
    public static void checkSegmentSize(long bytes) {
        int page = FormatVersion.PAGE_SIZE;
        if (bytes < MIN_SEGMENT_SIZE || bytes > MAX_SEGMENT_SIZE) {
            throw new InvalidOptionException("segment size must be " + MIN_SEGMENT_SIZE + " bytes to 1 GiB ("
                    + MAX_SEGMENT_SIZE + "), got " + bytes);
        }
        if (bytes > page && bytes % page != 0) {
            throw new InvalidOptionException("segment size " + bytes + " is above the " + page + "-byte page but not a"
                    + " multiple of it: segments start on page boundaries, so use " + (bytes / page * page) + " or "
                    + (bytes / page * page + page));
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
