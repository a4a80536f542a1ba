package io.albis.write;

import io.albis.error.InvalidOptionException;
import io.albis.layout.FormatVersion;
import java.util.LinkedHashSet;
import java.util.List;

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
 * @param bloomFilterColumns the columns (by name, {@code a.b} for a struct's field) whose values each segment
 *                       keeps a bloom filter of, which {@code =} and {@code IN} filters consult (default none);
 *                       each must be a column of the table of a type with statistics, which the writer checks
 *                       when it opens ({@link BloomFilterColumns})
 * @param bloomFilterFpp the false-positive rate the bloom filters are sized for: above 0 and below 1
 *                       (default 0.01, about 9.6 bits a value)
 */
public record WriterOptions(int segmentSize, long rowGroupRows, long rowGroupBytes, boolean sync,
        List<String> bloomFilterColumns, double bloomFilterFpp) implements java.io.Serializable {
    public static final int DEFAULT_SEGMENT_SIZE = 1 << 20;
    public static final int MIN_SEGMENT_SIZE = 64;
    public static final int MAX_SEGMENT_SIZE = 1 << 30;
    public static final long DEFAULT_ROW_GROUP_BYTES = 256L << 20;
    public static final double DEFAULT_BLOOM_FILTER_FPP = 0.01;

    public WriterOptions {
        checkSegmentSize(segmentSize);
        if (rowGroupRows < 1) {
            throw new InvalidOptionException("row group rows must be at least 1, got " + rowGroupRows);
        }
        if (rowGroupBytes < 1) {
            throw new InvalidOptionException("row group bytes must be at least 1, got " + rowGroupBytes);
        }
        if (!(bloomFilterFpp > 0 && bloomFilterFpp < 1)) {
            throw new InvalidOptionException("the bloom filter false-positive rate must be above 0 and below 1, got "
                    + bloomFilterFpp);
        }
        if (bloomFilterColumns == null) {
            throw new InvalidOptionException("the bloom filter columns are a list (empty for none), not null");
        }
        for (String c : bloomFilterColumns) {
            if (c == null || c.isEmpty()) {
                throw new InvalidOptionException("a bloom filter column name is empty in " + bloomFilterColumns);
            }
        }
        bloomFilterColumns = List.copyOf(new LinkedHashSet<>(bloomFilterColumns));
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
        return new WriterOptions(DEFAULT_SEGMENT_SIZE, Long.MAX_VALUE, DEFAULT_ROW_GROUP_BYTES, false, List.of(),
                DEFAULT_BLOOM_FILTER_FPP);
    }

    public WriterOptions withSegmentSize(int bytes) {
        return new WriterOptions(bytes, rowGroupRows, rowGroupBytes, sync, bloomFilterColumns, bloomFilterFpp);
    }

    public WriterOptions withRowGroupRows(long rows) {
        return new WriterOptions(segmentSize, rows, rowGroupBytes, sync, bloomFilterColumns, bloomFilterFpp);
    }

    public WriterOptions withRowGroupBytes(long bytes) {
        return new WriterOptions(segmentSize, rowGroupRows, bytes, sync, bloomFilterColumns, bloomFilterFpp);
    }

    public WriterOptions withSync(boolean on) {
        return new WriterOptions(segmentSize, rowGroupRows, rowGroupBytes, on, bloomFilterColumns, bloomFilterFpp);
    }

    /** Bloom filters of these columns in every segment (none: an empty list). */
    public WriterOptions withBloomFilterColumns(List<String> columns) {
        return new WriterOptions(segmentSize, rowGroupRows, rowGroupBytes, sync, columns, bloomFilterFpp);
    }

    /** Bloom filters sized for this false-positive rate. */
    public WriterOptions withBloomFilterFpp(double fpp) {
        return new WriterOptions(segmentSize, rowGroupRows, rowGroupBytes, sync, bloomFilterColumns, fpp);
    }
}
