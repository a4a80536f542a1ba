package io.albis.table;

import io.albis.error.AlbisFormatException;
import io.albis.error.CorruptFileException;
import io.albis.layout.FileHeader;
import io.albis.layout.FormatVersion;
import io.albis.memory.BufferAllocator;
import io.albis.memory.MemoryLimitException;
import io.albis.memory.PooledBuffer;
import io.albis.row.RowLayout;
import io.albis.row.SegmentRows;
import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.schema.TypeId;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.segment.BloomFilter;
import io.albis.segment.ColumnStats;
import io.albis.segment.SegmentMetadata;
import io.albis.segment.StatKind;
import io.albis.storage.ReadableFile;
import io.albis.util.Crc32c;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Checks every invariant of a table that docs/FORMAT.md states: checksums of every file and
 * segment, the tiling of segments, zero padding, row sizes and variable offsets, zero-filled
 * null slots, no nulls in non-nullable columns, row counts agreeing across column groups,
 * statistics that match the rows, and bloom filters that hold every value. Reads everything; reports problems instead of stopping at the first.
 */
public final class TableVerifier {
    private TableVerifier() {}

    /** Summary of a successful or failed verification. */
    public record Report(List<String> problems, int rowGroups, long rows, long segments) {
        public boolean ok() {
            return problems.isEmpty();
        }
    }

    /** Problems found (empty when the table is sound). */
    public static List<String> verify(AlbisTable table) throws IOException {
        return check(table).problems();
    }

    /** As {@link #check(AlbisTable, BufferAllocator)} with the shared allocator. */
    public static Report check(AlbisTable table) throws IOException {
        return check(table, BufferAllocator.shared());
    }

    /**
     * Checks the whole table. Each data file's segments are read into one buffer from
     * {@code allocator}, of the file's largest segment; a file needing more than the allocator's
     * limit is reported as a problem, not read onto the heap.
     */
    public static Report check(AlbisTable table, BufferAllocator allocator) throws IOException {
        List<String> problems = new ArrayList<>();
        Schema schema = table.schema();
        long rows = 0;
        long segments = 0;
        for (RowGroupRef rg : table.rowGroups()) {
            Set<Integer> present;
            try {
                present = table.presentGroups(rg);
            } catch (IOException e) {
                problems.add(rg.path() + ": cannot find its column groups: " + e.getMessage());
                continue;
            }
            long rgRows = -1;
            for (ColumnGroup g : schema.groups()) {
                try {
                    ColumnGroupMetadata meta = table.metadata(rg, g, present);
                    if (rgRows >= 0 && meta.rowCount() != rgRows) {
                        problems.add(table.metadataPath(rg, g) + ": " + meta.rowCount() + " rows, but other column groups of "
                                + rg.path() + " have " + rgRows);
                    }
                    rgRows = meta.rowCount();
                    segments += meta.segments().size();
                    checkData(table.storage().open(table.dataPath(rg, g)), schema, g, meta, allocator, problems);
                } catch (AlbisFormatException | MemoryLimitException e) {
                    problems.add(e.getMessage());
                } catch (IOException e) {
                    problems.add(table.dataPath(rg, g) + ": " + e);
                }
            }
            if (rgRows < 0) {
                problems.add(rg.path() + ": holds none of the schema's column groups");
            } else {
                rows += rgRows;
                long listed = table.state() == null ? rgRows : table.state().rowGroups().get(rg.index()).rows();
                if (listed != rgRows) {
                    problems.add(rg.path() + ": the table state lists " + listed + " rows, its metadata holds " + rgRows);
                }
            }
        }
        return new Report(problems, table.rowGroups().size(), rows, segments);
    }

    private static void checkData(ReadableFile file, Schema schema, ColumnGroup g, ColumnGroupMetadata meta,
            BufferAllocator allocator, List<String> problems) throws IOException {
        try (file; PooledBuffer lent = allocator.allocate(Math.max(meta.maxSegmentLength(), 1),
                "segment buffer of the verifier of " + file.path())) {
            String path = file.path();
            long len = file.length();
            if (len != meta.dataLength()) {
                problems.add(path + ": " + len + " bytes, metadata says " + meta.dataLength());
                return;
            }
            ByteBuffer header = ByteBuffer.allocate(FileHeader.LENGTH);
            file.readFully(0, header);
            FileHeader.checkDataFile(header, meta.version(), path);
            long headerPadding = firstNonZero(file, FileHeader.LENGTH, meta.version().dataStart() - FileHeader.LENGTH);
            if (headerPadding >= 0) {
                problems.add(path + ": padding byte at " + headerPadding + " after the header is not zero");
            }
            SegmentRows rows = new SegmentRows(new RowLayout(schema, g));
            // One direct buffer for the file's segments: the row codec reads direct memory.
            ByteBuffer segment = lent.buffer();
            int i = 0;
            for (SegmentMetadata seg : meta.segments()) {
                ByteBuffer buf = segment.clear().limit(seg.length()).slice().order(ByteOrder.LITTLE_ENDIAN);
                file.readFully(seg.offset(), buf);
                String where = path + " segment " + i + " (offset " + seg.offset() + ")";
                if (Crc32c.of(buf, 0, seg.length()) != seg.crc32c()) {
                    problems.add(where + ": checksum mismatch");
                } else {
                    checkSegment(path, where, buf, seg, meta.version(), bloomFilters(meta, i), rows, schema, problems);
                }
                long nonZero = firstNonZero(file, seg.offset() + seg.length(), seg.padding());
                if (nonZero >= 0) {
                    problems.add(where + ": padding byte at " + nonZero + " is not zero");
                }
                i++;
            }
        }
    }

    /** The bloom filters of segment {@code segment}, by slot; null for a column without them. */
    private static BloomFilter[] bloomFilters(ColumnGroupMetadata meta, int segment) {
        BloomFilter[] out = new BloomFilter[meta.columnCount()];
        for (int s = 0; s < out.length; s++) {
            out[s] = meta.bloomFilter(s, segment);
        }
        return out;
    }

    /** Position of the first non-zero byte in [from, from + length), or -1; reads in small chunks. */
    private static long firstNonZero(ReadableFile file, long from, long length) throws IOException {
        ByteBuffer chunk = ByteBuffer.allocate((int) Math.min(length, 64 * 1024));
        for (long pos = from; pos < from + length; pos += chunk.capacity()) {
            chunk.clear().limit((int) Math.min(chunk.capacity(), from + length - pos));
            file.readFully(pos, chunk);
            for (int k = 0; k < chunk.limit(); k++) {
                if (chunk.get(k) != 0) {
                    return pos + k;
                }
            }
        }
        return -1;
    }

    /**
     * Walks the segment's rows with the row codec (which reports the first row whose lengths or
     * offsets break the format, ending the segment's check), then checks what only a verifier
     * checks: unused null bits, zero-filled null slots, nulls in non-nullable columns, booleans,
     * strings and binaries back to back, the statistics, and that the segment's bloom filters
     * ({@code blooms}, by slot) hold every value.
     */
    private static void checkSegment(String path, String where, ByteBuffer buf, SegmentMetadata seg,
            FormatVersion version, BloomFilter[] blooms, SegmentRows rows, Schema schema, List<String> problems) {
        RowLayout layout = rows.layout();
        int n = layout.slots();
        ColumnStats.Collector[] stats = new ColumnStats.Collector[n];
        for (int s = 0; s < n; s++) {
            stats[s] = new ColumnStats.Collector(StatKind.of(layout.type(s)));
        }
        try {
            rows.start(buf, seg.length(), seg.rowCount(), path, seg.offset(), version);
            for (int r = 0; r < seg.rowCount(); r++) {
                if (r > 0) {
                    rows.next();
                }
                if (!checkRow(where, r, buf, rows, schema, stats, blooms, problems)) {
                    return;
                }
            }
        } catch (CorruptFileException e) {
            problems.add(where + ": " + e.getMessage());
            return;
        }
        for (int s = 0; s < n; s++) {
            ColumnStats want = stats[s].finish();
            ColumnStats got = seg.stats(s);
            if (!sameStats(want, got)) {
                problems.add(where + ": statistics of " + schema.column(layout.tableColumn(s)).name() + " say " + got
                        + " but the rows give " + want);
            }
        }
    }

    /** Checks the current row and adds its values to the statistics; false when the segment's check must end. */
    private static boolean checkRow(String segment, int r, ByteBuffer buf, SegmentRows rows, Schema schema,
            ColumnStats.Collector[] stats, BloomFilter[] blooms, List<String> problems) {
        RowLayout layout = rows.layout();
        int n = layout.slots();
        int base = rows.rowOffset();
        for (int bit = n; bit < layout.bitmapBytes() * 8; bit++) {
            if ((buf.get(base + layout.bitmapOffset() + (bit >>> 3)) & (1 << (bit & 7))) != 0) {
                problems.add(row(segment, r) + " sets unused null bit " + bit);
            }
        }
        int varEnd = layout.fixedEnd();
        for (int s = 0; s < n; s++) {
            DataType t = layout.type(s);
            String col = schema.column(layout.tableColumn(s)).name();
            if (rows.isNull(s)) {
                // Fields of a null struct are stored null even when declared not null.
                if (!schema.column(layout.tableColumn(s)).nullable() && !belowNullableStruct(schema, layout.tableColumn(s))) {
                    problems.add(row(segment, r) + " has null in non-nullable column " + col);
                }
                for (int k = 0; k < t.fixedWidth(); k++) {
                    if (buf.get(base + layout.fixedOffset(s) + k) != 0) {
                        problems.add(row(segment, r) + " null slot of " + col + " is not zero-filled");
                        break;
                    }
                }
                stats[s].addNull();
                continue;
            }
            if (t.id() == TypeId.BOOLEAN && (rows.getByte(s) & 0xff) > 1) {
                problems.add(row(segment, r) + " boolean " + col + " holds " + (rows.getByte(s) & 0xff) + ", not 0 or 1");
            }
            switch (StatKind.of(t)) {
                case LONG -> stats[s].addLong(rows.longValue(s));
                case DOUBLE -> stats[s].addDouble(rows.doubleValue(s));
                case WIDE -> stats[s].addWide(rows.getWideHigh(s), rows.getLong(s));
                case BYTES -> {
                    byte[] v = new byte[rows.getBytesLength(s)];
                    rows.copyBytes(s, v, 0);
                    stats[s].addBytes(v, 0, v.length);
                }
                case NONE -> { }
            }
            if (blooms[s] != null && !blooms[s].mightContain(bloomHash(rows, s, StatKind.of(t)))) {
                problems.add(row(segment, r) + " value of " + col + " is missing from the segment's bloom filter");
            }
            if (t.isVariableWidth()) {
                int size = rows.getBytesLength(s);
                if (rows.getBytesOffset(s) != varEnd) {
                    problems.add(row(segment, r) + " value of " + col + " (offset " + rows.getBytesOffset(s) + ", size " + size
                            + ") is not where the format puts it");
                    return false;
                }
                varEnd += size;
            }
        }
        if (layout.hasVariable() && varEnd != rows.rowLength()) {
            problems.add(row(segment, r) + " is " + rows.rowLength() + " bytes but its values end at " + varEnd);
        }
        return true;
    }

    /** The hash a bloom filter holds the current row's value of slot {@code s} by. */
    private static long bloomHash(SegmentRows rows, int s, StatKind kind) {
        return switch (kind) {
            case LONG -> BloomFilter.hashLong(rows.longValue(s));
            case DOUBLE -> BloomFilter.hashDouble(rows.doubleValue(s));
            case WIDE -> BloomFilter.hashWide(rows.getWideHigh(s), rows.getLong(s));
            case BYTES -> {
                byte[] v = new byte[rows.getBytesLength(s)];
                rows.copyBytes(s, v, 0);
                yield BloomFilter.hashBytes(v, 0, v.length);
            }
            case NONE -> throw new IllegalStateException("a column without statistics has no bloom filter");
        };
    }

    private static String row(String segment, int r) {
        return segment + ": row " + r;
    }

    private static boolean belowNullableStruct(Schema schema, int column) {
        java.util.List<String> path = schema.column(column).path();
        for (io.albis.schema.Column c : schema.columns()) {
            if (c.isStructMarker() && c.path().size() < path.size() && path.subList(0, c.path().size()).equals(c.path())) {
                return true;
            }
        }
        return false;
    }

    private static boolean sameStats(ColumnStats a, ColumnStats b) {
        if (a.nullCount() != b.nullCount() || a.hasMinMax() != b.hasMinMax() || a.sorted() != b.sorted()) {
            return false;
        }
        if (!a.hasMinMax()) {
            return true;
        }
        return switch (a.kind()) {
            case LONG -> a.minLong() == b.minLong() && a.maxLong() == b.maxLong();
            case DOUBLE -> Double.doubleToRawLongBits(a.minDouble()) == Double.doubleToRawLongBits(b.minDouble())
                    && Double.doubleToRawLongBits(a.maxDouble()) == Double.doubleToRawLongBits(b.maxDouble());
            case BYTES, WIDE -> Arrays.equals(a.minBytes(), b.minBytes()) && Arrays.equals(a.maxBytes(), b.maxBytes());
            case NONE -> Objects.equals(a.kind(), b.kind());
        };
    }
}
