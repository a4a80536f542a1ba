package io.albis.write;

import io.albis.internal.DirectMemory;
import io.albis.layout.FileHeader;
import io.albis.layout.FormatVersion;
import io.albis.memory.BufferAllocator;
import io.albis.memory.PooledBuffer;
import io.albis.row.RowEncoder;
import io.albis.row.RowLayout;
import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.segment.ColumnStats;
import io.albis.segment.SegmentMetadata;
import io.albis.segment.StatKind;
import io.albis.storage.Storage;
import io.albis.storage.WritableFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Writes one column group's rows of one row group into its data file, segment by segment (docs/FORMAT.md
 * §7), and collects the segment metadata (statistics, checksums, the bloom filters of the columns
 * that have them) its metadata file stores. Each row comes encoded by the group's
 * {@link RowEncoder}, which lays it into the segment buffer.
 */
final class ColumnGroupWriter {
    private final Schema schema;
    private final ColumnGroup group;
    /** Where the rows come from: the encoder the writer stages each row in. */
    private final RowEncoder row;
    private final RowLayout layout;
    private final int segmentSize;
    private final WritableFile data;
    private final String dataPath;

    private final BufferAllocator allocator;
    /** The lent buffer {@link #segment} is; given back when the writer finishes or is abandoned. */
    private PooledBuffer lent;
    private ByteBuffer segment;
    private int segmentRows;
    private long rowsWritten;
    private long firstRowOfSegment;
    private final ColumnStats.Collector[] stats;
    private final StatKind[] kinds;
    /**
     * Integer-valued slots of a group without variable columns: their statistics are taken a
     * block of {@link #statsBlock} rows at a time, a column at a time over the block's evenly
     * spaced rows, which costs a fraction of adding each value as its row is written (a fifth of
     * store_sales's write time). A block is taken as soon as its last row is written, while its
     * rows are still in the nearest cache: taken at the segment's flush instead, the rows came
     * back from farther away (a seventh of store_sales's write time).
     */
    private final int[] evenLongSlots;
    /** Rows a statistics block holds: about {@link #STATS_BLOCK_BYTES}. */
    private final int statsBlock;
    /** Rows of the current segment whose {@link #evenLongSlots} statistics are taken. */
    private int statsRows;
    /** The other slots, whose statistics are added row by row. */
    private final int[] rowStatSlots;
    private final SegmentBloomFilters bloomFilters;
    private final List<SegmentMetadata> segments = new ArrayList<>();
    private final CRC32C crc = new CRC32C();
    /** Padding is always less than a page. */
    private static final byte[] PAGE_OF_ZEROS = new byte[FormatVersion.PAGE_SIZE];

    ColumnGroupWriter(Schema schema, ColumnGroup group, RowEncoder row, int segmentSize,
            BloomFilterColumns bloomColumns, Storage storage, String dataPath, BufferAllocator allocator)
            throws IOException {
        this.allocator = allocator;
        this.schema = schema;
        this.group = group;
        this.row = row;
        this.layout = row.layout();
        this.segmentSize = segmentSize;
        this.dataPath = dataPath;
        int n = layout.slots();
        this.stats = new ColumnStats.Collector[n];
        this.kinds = new StatKind[n];
        for (int s = 0; s < n; s++) {
            kinds[s] = StatKind.of(layout.type(s));
            stats[s] = new ColumnStats.Collector(kinds[s]);
        }
        List<Integer> even = new ArrayList<>();
        List<Integer> perRow = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            (kinds[s] == StatKind.LONG && !layout.hasVariable() ? even : perRow).add(s);
        }
        this.evenLongSlots = even.stream().mapToInt(Integer::intValue).toArray();
        this.rowStatSlots = perRow.stream().mapToInt(Integer::intValue).toArray();
        this.statsBlock = Math.max(1, STATS_BLOCK_BYTES / layout.fixedEnd());
        this.bloomFilters = new SegmentBloomFilters(layout, bloomColumns);
        useSegmentBuffer(segmentSize);
        try {
            this.data = storage.create(dataPath);
        } catch (IOException | RuntimeException e) {
            releaseSegmentBuffer();
            throw e;
        }
        try {
            data.write(ByteBuffer.wrap(FileHeader.dataFileStart()));
        } catch (IOException | RuntimeException e) {
            closeQuietly();
            throw e;
        }
    }

    long rowsWritten() {
        return rowsWritten;
    }

    /** Bytes written to the data file so far plus the bytes waiting in the current segment. */
    long bytes() {
        return data.position() + segment.position();
    }

    /** Lays the row staged in the group's encoder, {@code length} bytes as it said, into the segment. */
    void writeRow(int length) throws IOException {
        if (segmentRows > 0 && segment.position() + length > segmentSize) {
            flushSegment(true);
        }
        if (length > segment.capacity()) {
            // A row larger than a segment gets a segment of its own.
            useSegmentBuffer(length);
        }
        row.encode(segment, length);
        updateStats();
        segmentRows++;
        rowsWritten++;
        row.clear();
        if (evenLongSlots.length > 0 && segmentRows - statsRows >= statsBlock) {
            addEvenLongStats(segment.position());
        }
        // A segment enlarged for one oversized row is flushed (padded) by the next row, which never
        // fits behind it, or unpadded by finish() when it is the last segment of the file.
    }

    private void updateStats() {
        for (int s : rowStatSlots) {
            if (row.isNull(s)) {
                stats[s].addNull();
                continue;
            }
            switch (kinds[s]) {
                case LONG -> stats[s].addLong(row.longValue(s));
                case DOUBLE -> stats[s].addDouble(row.doubleValue(s));
                case WIDE -> stats[s].addWide(row.wideHigh(s), row.wideLow(s));
                case BYTES -> stats[s].addBytes(row.bytes(s), 0, row.bytesLength(s));
                case NONE -> { }
            }
        }
        bloomFilters.add(row);
    }

    /**
     * Writes the current segment; a segment that is not the file's last is padded with zeros to
     * the next page boundary, where the next one starts (docs/FORMAT.md §7).
     */
    void flushSegment(boolean pad) throws IOException {
        if (segmentRows == 0) {
            return;
        }
        int length = segment.position();
        long offset = data.position();
        addEvenLongStats(length);
        segment.flip();
        crc.reset();
        crc.update(segment.duplicate());
        data.write(segment);
        int padding = pad ? FormatVersion.paddingToPage(offset + length) : 0;
        if (padding > 0) {
            data.write(ByteBuffer.wrap(PAGE_OF_ZEROS, 0, padding));
        }
        List<ColumnStats> st = new ArrayList<>(stats.length);
        for (ColumnStats.Collector c : stats) {
            st.add(c.finish());
        }
        bloomFilters.endSegment();
        segments.add(new SegmentMetadata(offset, length, padding, firstRowOfSegment, segmentRows, (int) crc.getValue(), st));
        firstRowOfSegment += segmentRows;
        segmentRows = 0;
        statsRows = 0;
        if (segment.capacity() != segmentSize) {
            useSegmentBuffer(segmentSize);
        } else {
            segment.clear();
        }
    }

    /**
     * The statistics of {@link #evenLongSlots} over the segment's rows from {@link #statsRows} to
     * its last, whose rows take its first {@code length} bytes.
     */
    private void addEvenLongStats(int length) {
        if (evenLongSlots.length == 0 || statsRows == segmentRows) {
            return;
        }
        int stride = layout.fixedEnd();
        if ((long) segmentRows * stride != length) {
            throw new IllegalStateException(dataPath + ": a segment of " + segmentRows + " rows of " + stride
                    + " bytes holds " + length + " bytes");
        }
        DirectMemory.checkRange(segment, 0, length);
        // Every column over a block of rows that stays in the L1 cache: a pass per column over
        // more rows would bring them in from farther away for each column.
        int n = segmentRows - statsRows;
        long rows = DirectMemory.address(segment) + (long) statsRows * stride;
        for (int s : evenLongSlots) {
            stats[s].addLongColumn(rows + layout.fixedOffset(s), rows + layout.nullByte(s),
                    RowLayout.nullMask(s), stride, n, layout.type(s));
        }
        statsRows = segmentRows;
    }

    private static final int STATS_BLOCK_BYTES = 8 << 10;

    /** Flushes the last segment unpadded and closes the data file; returns the metadata to store. */
    ColumnGroupMetadata finish(boolean sync) throws IOException {
        flushSegment(false);
        if (sync) {
            data.sync();
        }
        long length = data.position();
        releaseSegmentBuffer();
        data.close();
        int n = layout.slots();
        int[] ids = new int[n];
        DataType[] types = new DataType[n];
        for (int s = 0; s < n; s++) {
            ids[s] = schema.column(layout.tableColumn(s)).id();
            types[s] = layout.type(s);
        }
        return new ColumnGroupMetadata(group.id(), segmentSize, rowsWritten, length, ids, types, segments,
                bloomFilters.columns());
    }

    /** Replaces the segment buffer with an empty one of {@code size} bytes from the allocator. */
    private void useSegmentBuffer(int size) {
        releaseSegmentBuffer();
        lent = allocator.allocate(size, "segment buffer of the writer of " + dataPath);
        segment = lent.buffer();
    }

    private void releaseSegmentBuffer() {
        if (lent != null) {
            lent.close();
            lent = null;
            segment = null;
        }
    }

    void closeQuietly() {
        releaseSegmentBuffer();
        try {
            data.close();
        } catch (IOException ignored) {
            // the row group is being abandoned; its files are deleted next
        }
    }
}
