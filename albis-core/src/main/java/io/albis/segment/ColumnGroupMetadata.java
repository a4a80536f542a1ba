package io.albis.segment;

import io.albis.error.AlbisFormatException;
import io.albis.error.CorruptFileException;
import io.albis.layout.CheckedFile;
import io.albis.layout.FileHeader;
import io.albis.layout.FormatVersion;
import io.albis.row.RowLayout;
import io.albis.schema.Column;
import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.schema.NestedTypeCodec;
import io.albis.schema.Schema;
import io.albis.schema.TypeId;
import io.albis.util.ByteSink;
import io.albis.util.ByteSource;
import java.util.ArrayList;
import java.util.List;

/**
 * The metadata file of one column group in one row group (docs/FORMAT.md, "Metadata file"):
 * <pre>
 * header(8, kind 'M') groupId:i32 segmentSize:i32 rowCount:i64 dataLength:i64
 * columnCount:i32 { columnId:i32 type:u8 precision:u8 scale:u8 [children of a list or map, 3.0 on] }*
 * segmentCount:i32 { offset:i64 length:i32 padding:i32 rows:i32 crc32c:i32
 *                    { nullCount:i32 flags:u8 [min max] }* }*
 * bloomColumnCount:i32 { slot:i32 fpp:f64 { blockCount:i32 { word:u32 ×8 }* }* }*   (5.1 on)
 * crc32c:i32 "ALBE"
 * </pre>
 * flags: bit 0 min/max present, bit 1 sorted. min/max: LONG and DOUBLE kinds 8 bytes each,
 * WIDE 16 bytes each, BYTES u16 length + bytes each. Bloom filters: per column that has them, in
 * ascending slot order, one filter per segment ({@link BloomFilter}).
 */
public final class ColumnGroupMetadata {
    private static final int FLAG_MINMAX = 1;
    private static final int FLAG_SORTED = 2;

    private final FormatVersion version;
    private final int groupId;
    private final int segmentSize;
    private final long rowCount;
    private final long dataLength;
    private final int[] columnIds;
    private final DataType[] types;
    private final List<SegmentMetadata> segments;
    /** The columns' bloom filters, in ascending slot order (format 5.1 on; none before). */
    private final List<ColumnBloomFilters> bloomFilters;
    /** {@link #bloomFilters} by slot: null for a column without them. */
    private final ColumnBloomFilters[] bloomFiltersBySlot;
    /** Where each column's entry starts in the file it was read from (for errors); null when not read from a file. */
    private final int[] columnAt;
    /** Offset of the column count, after header, group id, segment size, row count and data length. */
    public static final int COLUMN_COUNT_AT = FileHeader.LENGTH + 24;
    /** Offset of the row count. */
    public static final int ROW_COUNT_AT = FileHeader.LENGTH + 8;

    /** Metadata of a data file being written, in the format writers write ({@link FormatVersion#CURRENT}). */
    public ColumnGroupMetadata(int groupId, int segmentSize, long rowCount, long dataLength, int[] columnIds,
            DataType[] types, List<SegmentMetadata> segments) {
        this(groupId, segmentSize, rowCount, dataLength, columnIds, types, segments, List.of());
    }

    /** As above, with the bloom filters of the columns that have them, in ascending slot order, one per segment each. */
    public ColumnGroupMetadata(int groupId, int segmentSize, long rowCount, long dataLength, int[] columnIds,
            DataType[] types, List<SegmentMetadata> segments, List<ColumnBloomFilters> bloomFilters) {
        this(FormatVersion.CURRENT, groupId, segmentSize, rowCount, dataLength, columnIds, types, segments, bloomFilters,
                null);
        int previous = -1;
        for (ColumnBloomFilters b : bloomFilters) {
            if (b.slot() <= previous || b.slot() >= columnIds.length || b.segments().size() != segments.size()) {
                throw new IllegalArgumentException("bloom filters of slot " + b.slot() + " (" + b.segments().size()
                        + " filters) do not fit " + columnIds.length + " columns in " + segments.size()
                        + " segments after slot " + previous);
            }
            previous = b.slot();
        }
    }

    private ColumnGroupMetadata(FormatVersion version, int groupId, int segmentSize, long rowCount, long dataLength,
            int[] columnIds, DataType[] types, List<SegmentMetadata> segments, List<ColumnBloomFilters> bloomFilters,
            int[] columnAt) {
        this.columnAt = columnAt;
        this.version = version;
        this.groupId = groupId;
        this.segmentSize = segmentSize;
        this.rowCount = rowCount;
        this.dataLength = dataLength;
        this.columnIds = columnIds.clone();
        this.types = types.clone();
        this.segments = List.copyOf(segments);
        this.bloomFilters = List.copyOf(bloomFilters);
        this.bloomFiltersBySlot = new ColumnBloomFilters[columnIds.length];
        for (ColumnBloomFilters b : bloomFilters) {
            bloomFiltersBySlot[b.slot()] = b;
        }
    }

    /** The format version of the metadata file, which is also the major version of its data file. */
    public FormatVersion version() {
        return version;
    }

    public int groupId() {
        return groupId;
    }

    public int segmentSize() {
        return segmentSize;
    }

    public long rowCount() {
        return rowCount;
    }

    /** Expected length of the data file, header included. */
    public long dataLength() {
        return dataLength;
    }

    public List<SegmentMetadata> segments() {
        return segments;
    }

    /** The bloom filters of the columns that have them, in ascending slot order; none in files before 5.1. */
    public List<ColumnBloomFilters> bloomFilters() {
        return bloomFilters;
    }

    /** The bloom filter of the column in {@code slot} for segment {@code segment}; null when the column has none. */
    public BloomFilter bloomFilter(int slot, int segment) {
        ColumnBloomFilters b = bloomFiltersBySlot[slot];
        return b == null ? null : b.segments().get(segment);
    }

    public int columnCount() {
        return columnIds.length;
    }

    public int columnId(int slot) {
        return columnIds[slot];
    }

    public DataType type(int slot) {
        return types[slot];
    }

    /** Longest segment, to size a read buffer. */
    public int maxSegmentLength() {
        int m = 0;
        for (SegmentMetadata s : segments) {
            m = Math.max(m, s.length());
        }
        return m;
    }

    /** Index of the segment holding row {@code row} of the row group (rows of a group are contiguous). */
    public int segmentOfRow(long row) {
        int lo = 0;
        int hi = segments.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (segments.get(mid).firstRow() <= row) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /** Checks the stored column list against the schema's group, so a mismatched file is refused before reading rows. */
    public void checkMatches(Schema schema, ColumnGroup group, String file) throws CorruptFileException {
        if (group.id() != groupId) {
            throw new CorruptFileException(file, FileHeader.LENGTH, "metadata is for column group " + groupId
                    + " but sits in the directory of group " + group.id());
        }
        if (group.size() != columnIds.length) {
            throw new CorruptFileException(file, COLUMN_COUNT_AT, "metadata lists " + columnIds.length + " columns, schema group '"
                    + group.name() + "' has " + group.size());
        }
        for (int s = 0; s < columnIds.length; s++) {
            Column c = schema.column(group.column(s));
            if (c.id() != columnIds[s] || !c.type().equals(types[s])) {
                throw new CorruptFileException(file, columnAt == null ? COLUMN_COUNT_AT : columnAt[s], "column " + s
                        + " of the metadata (id " + columnIds[s] + ", "
                        + types[s] + ") does not match schema column " + c.name() + " (id " + c.id() + ", " + c.type() + ")");
            }
        }
    }

    public byte[] encode() {
        if (!version.equals(FormatVersion.CURRENT)) {
            // The segment offsets follow the version's data-file layout; another header would misplace them.
            throw new IllegalStateException("metadata of format " + version + " is read, never written again");
        }
        ByteSink out = new ByteSink();
        out.bytes(FileHeader.bytes(FileHeader.KIND_METADATA));
        out.i32(groupId).i32(segmentSize).i64(rowCount).i64(dataLength);
        out.i32(columnIds.length);
        for (int s = 0; s < columnIds.length; s++) {
            out.i32(columnIds[s]).u8(types[s].id().code).u8(types[s].precision()).u8(types[s].scale());
            NestedTypeCodec.encodeChildren(out, types[s]);
        }
        out.i32(segments.size());
        for (SegmentMetadata seg : segments) {
            out.i64(seg.offset()).i32(seg.length()).i32(seg.padding()).i32(seg.rowCount()).i32(seg.crc32c());
            for (ColumnStats st : seg.stats()) {
                out.i32(st.nullCount()).u8((st.hasMinMax() ? FLAG_MINMAX : 0) | (st.sorted() ? FLAG_SORTED : 0));
                if (st.hasMinMax()) {
                    switch (st.kind()) {
                        case LONG -> out.i64(st.minLong()).i64(st.maxLong());
                        case DOUBLE -> out.i64(Double.doubleToRawLongBits(st.minDouble()))
                                .i64(Double.doubleToRawLongBits(st.maxDouble()));
                        case WIDE -> out.bytes(st.minBytes()).bytes(st.maxBytes());
                        case BYTES -> out.u16(st.minBytes().length).bytes(st.minBytes())
                                .u16(st.maxBytes().length).bytes(st.maxBytes());
                        case NONE -> throw new IllegalStateException("struct markers have no min/max");
                    }
                }
            }
        }
        out.i32(bloomFilters.size());
        for (ColumnBloomFilters b : bloomFilters) {
            out.i32(b.slot()).i64(Double.doubleToRawLongBits(b.fpp()));
            for (BloomFilter f : b.segments()) {
                out.i32(f.blockCount());
                for (int w = 0; w < f.wordCount(); w++) {
                    out.i32(f.word(w));
                }
            }
        }
        return out.footer().toByteArray();
    }

    /**
     * Parses and validates a metadata file: the footer checksum, every count against what the
     * file can hold, and that segments tile the data file exactly as the file's format version
     * lays them out (docs/FORMAT.md §7 and §8).
     */
    public static ColumnGroupMetadata decode(byte[] bytes, String file) throws AlbisFormatException {
        return decode(java.nio.ByteBuffer.wrap(bytes), file);
    }

    /** As {@link #decode(byte[], String)}, for the file held from 0 to the buffer's limit. */
    public static ColumnGroupMetadata decode(java.nio.ByteBuffer bytes, String file) throws AlbisFormatException {
        CheckedFile checked = CheckedFile.open(bytes, FileHeader.KIND_METADATA, file);
        FormatVersion version = checked.version();
        ByteSource in = checked.body();
        int groupId = in.count("group id", Integer.MAX_VALUE);
        int segmentSize = in.count("segment size", Integer.MAX_VALUE);
        if (segmentSize < 1) {
            throw in.corrupt("segment size is 0");
        }
        long rowCount = in.i64("row count");
        long dataLength = in.i64("data length");
        if (rowCount < 0) {
            throw in.corruptAt(FileHeader.LENGTH + 8, "row count " + rowCount + " is negative");
        }
        if (dataLength < version.dataStart()) {
            throw in.corruptAt(FileHeader.LENGTH + 16, "data length " + dataLength + " is less than "
                    + version.dataStart() + ", where format " + version + " places the first segment");
        }
        int n = in.count("column count", in.remaining() / 7);
        int[] ids = new int[n];
        DataType[] types = new DataType[n];
        int[] columnAt = new int[n];
        for (int s = 0; s < n; s++) {
            int at = in.position();
            columnAt[s] = at;
            ids[s] = in.count("column id", Integer.MAX_VALUE);
            TypeId t = TypeId.fromCode(in.u8("type code"));
            int p = in.u8("precision");
            int sc = in.u8("scale");
            if (t == null || !t.existsInFormat(version.major())) {
                throw in.corruptAt(at + 4, "unknown type code for column " + s + " in a format " + version + " file");
            }
            try {
                types[s] = t.isNested() ? NestedTypeCodec.decodeChildren(in, t, "#" + s) : DataType.ofStored(t, p, sc);
            } catch (IllegalArgumentException e) {
                throw in.corruptAt(at + 5, e.getMessage());
            }
        }
        StatKind[] kinds = new StatKind[n];
        for (int s = 0; s < n; s++) {
            kinds[s] = StatKind.of(types[s]);
        }
        int segCount = in.count("segment count", in.remaining() / (24 + 5 * n));
        List<SegmentMetadata> segs = new ArrayList<>(segCount);
        long expectOffset = version.dataStart();
        long rows = 0;
        for (int i = 0; i < segCount; i++) {
            int at = in.position();
            long offset = in.i64("segment offset");
            int length = in.count("segment length", RowLayout.MAX_ROW_LENGTH);
            int padding = in.count("segment padding", Integer.MAX_VALUE);
            int segRows = in.count("segment row count", Integer.MAX_VALUE);
            int crc = in.i32("segment checksum");
            if (offset != expectOffset) {
                throw in.corruptAt(at, "segment " + i + " starts at " + offset + ", expected " + expectOffset
                        + (i == 0 ? " (where format " + version + " places the first segment)" : ""));
            }
            if (offset + length + padding > dataLength) {
                throw in.corruptAt(at, "segment " + i + " (" + offset + "+" + length + "+" + padding
                        + ") runs past the data length " + dataLength);
            }
            if (segRows == 0 || length == 0) {
                throw in.corruptAt(at, "segment " + i + " is empty");
            }
            if (version.pageAlignsSegments()) {
                int expectPadding = i == segCount - 1 ? 0 : FormatVersion.paddingToPage(offset + length);
                if (padding != expectPadding) {
                    throw in.corruptAt(at + 12, "segment " + i + " has " + padding + " bytes of padding, format "
                            + version + " needs " + expectPadding + (i == segCount - 1 ? " after the last segment"
                            : " to start the next segment on a page boundary"));
                }
            }
            List<ColumnStats> stats = new ArrayList<>(n);
            for (int s = 0; s < n; s++) {
                int nulls = in.count("null count", segRows);
                int flags = in.u8("stat flags");
                boolean mm = (flags & FLAG_MINMAX) != 0;
                long minL = 0;
                long maxL = 0;
                double minD = 0;
                double maxD = 0;
                byte[] minB = null;
                byte[] maxB = null;
                if (mm) {
                    switch (kinds[s]) {
                        case LONG -> {
                            minL = in.i64("min");
                            maxL = in.i64("max");
                        }
                        case DOUBLE -> {
                            minD = Double.longBitsToDouble(in.i64("min"));
                            maxD = Double.longBitsToDouble(in.i64("max"));
                        }
                        case WIDE -> {
                            minB = in.bytes(16, "min");
                            maxB = in.bytes(16, "max");
                        }
                        case BYTES -> {
                            minB = in.bytes(in.u16("min length"), "min");
                            maxB = in.bytes(in.u16("max length"), "max");
                        }
                        case NONE -> throw in.corrupt("a struct marker column claims min/max statistics");
                    }
                }
                stats.add(ColumnStats.decoded(kinds[s], nulls, mm, (flags & FLAG_SORTED) != 0, minL, maxL, minD, maxD,
                        minB, maxB));
            }
            segs.add(new SegmentMetadata(offset, length, padding, rows, segRows, crc, stats));
            rows += segRows;
            expectOffset = offset + length + padding;
        }
        List<ColumnBloomFilters> blooms = version.hasBloomFilters() ? decodeBloomFilters(in, kinds, segCount)
                : List.of();
        checked.finish(version.hasBloomFilters() ? "bloom filters" : "segments");
        if (rows != rowCount) {
            throw in.corruptAt(FileHeader.LENGTH + 8, "segments hold " + rows + " rows but the header says " + rowCount);
        }
        if (expectOffset != dataLength) {
            throw in.corruptAt(FileHeader.LENGTH + 16, "segments end at " + expectOffset + " but the data length is "
                    + dataLength);
        }
        return new ColumnGroupMetadata(version, groupId, segmentSize, rowCount, dataLength, ids, types, segs, blooms,
                columnAt);
    }

    /**
     * The bloom filter section (5.1 on): columns in strictly ascending slots, each of a type that
     * has statistics, a false-positive rate strictly between 0 and 1, and one filter of 1 to
     * {@link BloomFilter#MAX_BLOCKS} blocks per segment.
     */
    private static List<ColumnBloomFilters> decodeBloomFilters(ByteSource in, StatKind[] kinds, int segCount)
            throws CorruptFileException {
        int n = in.count("bloom filter column count", Math.min(kinds.length, in.remaining() / 12));
        List<ColumnBloomFilters> out = new ArrayList<>(n);
        int previous = -1;
        for (int c = 0; c < n; c++) {
            int at = in.position();
            int slot = in.count("bloom filter slot", kinds.length - 1);
            if (slot <= previous) {
                throw in.corruptAt(at, "bloom filters of slot " + slot + " follow those of slot " + previous
                        + "; slots must ascend");
            }
            if (kinds[slot] == StatKind.NONE) {
                throw in.corruptAt(at, "slot " + slot + " is a struct marker, list or map column, which has no bloom"
                        + " filters");
            }
            previous = slot;
            double fpp = Double.longBitsToDouble(in.i64("bloom filter false-positive rate"));
            if (!(fpp > 0 && fpp < 1)) {
                throw in.corruptAt(at + 4, "bloom filter false-positive rate " + fpp + " of slot " + slot
                        + " is not between 0 and 1");
            }
            List<BloomFilter> filters = new ArrayList<>(Math.min(segCount, in.remaining() / 4));
            for (int i = 0; i < segCount; i++) {
                int blocksAt = in.position();
                int blocks = in.count("bloom filter block count",
                        Math.min(BloomFilter.MAX_BLOCKS, in.remaining() / BloomFilter.BLOCK_BYTES));
                if (blocks == 0) {
                    throw in.corruptAt(blocksAt, "bloom filter of slot " + slot + " in segment " + i + " has no blocks");
                }
                filters.add(BloomFilter.ofWords(in.i32s(blocks * (BloomFilter.BLOCK_BYTES / 4), "bloom filter blocks")));
            }
            out.add(new ColumnBloomFilters(slot, fpp, filters));
        }
        return out;
    }
}
