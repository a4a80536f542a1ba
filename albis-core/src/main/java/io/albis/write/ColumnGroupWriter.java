package io.albis.write;

import io.albis.error.SchemaMismatchException;
import io.albis.layout.FileHeader;
import io.albis.layout.FormatVersion;
import io.albis.row.FixedValues;
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
import io.albis.memory.BufferAllocator;
import io.albis.memory.PooledBuffer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Encodes one column group's rows of one row group into its data file, segment by segment, and
 * collects the segment metadata. Values are staged in a row buffer (fixed area in place,
 * variable values per slot) and copied into the segment when the row is finished.
 */
final class ColumnGroupWriter {
    private final Schema schema;
    private final ColumnGroup group;
    private final RowLayout layout;
    private final int segmentSize;
    private final WritableFile data;
    private final String dataPath;

    /** Bitmap and fixed area of the row being built; variable slots hold nothing here until the row is finished. */
    private final ByteBuffer stage;
    private final byte[] stageBytes;
    private final boolean[] set;
    private final byte[][] varValues;
    private final int[] varLengths;
    private final int[] varSlots;

    private final BufferAllocator allocator;
    /** The lent buffer {@link #segment} is; given back when the writer finishes or is abandoned. */
    private PooledBuffer lent;
    private ByteBuffer segment;
    private int segmentRows;
    private long rowsWritten;
    private long firstRowOfSegment;
    private final ColumnStats.Collector[] stats;
    private final StatKind[] kinds;
    private final io.albis.schema.TypeId[] typeIds;
    private final List<SegmentMetadata> segments = new ArrayList<>();
    private final CRC32C crc = new CRC32C();
    /** Padding is always less than a page. */
    private static final byte[] PAGE_OF_ZEROS = new byte[FormatVersion.PAGE_SIZE];

    ColumnGroupWriter(Schema schema, ColumnGroup group, int segmentSize, Storage storage, String dataPath,
            BufferAllocator allocator) throws IOException {
        this.allocator = allocator;
        this.schema = schema;
        this.group = group;
        this.layout = new RowLayout(schema, group);
        this.segmentSize = segmentSize;
        this.dataPath = dataPath;
        int n = layout.slots();
        this.stageBytes = new byte[layout.fixedEnd()];
        this.stage = ByteBuffer.wrap(stageBytes).order(ByteOrder.LITTLE_ENDIAN);
        this.set = new boolean[n];
        this.varValues = new byte[n][];
        this.varLengths = new int[n];
        this.varSlots = layout.variableSlots();
        for (int s : varSlots) {
            varValues[s] = new byte[32];
        }
        this.stats = new ColumnStats.Collector[n];
        this.kinds = new StatKind[n];
        this.typeIds = new io.albis.schema.TypeId[n];
        for (int s = 0; s < n; s++) {
            kinds[s] = StatKind.of(layout.type(s));
            typeIds[s] = layout.type(s).id();
            stats[s] = new ColumnStats.Collector(kinds[s]);
        }
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

    RowLayout layout() {
        return layout;
    }

    long rowsWritten() {
        return rowsWritten;
    }

    /** Bytes written to the data file so far plus the bytes waiting in the current segment. */
    long bytes() {
        return data.position() + segment.position();
    }

    // --- staging setters (slot = position inside this group) ---

    void putBoolean(int slot, boolean v) {
        stage.put(layout.fixedOffset(slot), (byte) (v ? 1 : 0));
        present(slot);
    }

    void putByte(int slot, byte v) {
        stage.put(layout.fixedOffset(slot), v);
        present(slot);
    }

    void putShort(int slot, short v) {
        stage.putShort(layout.fixedOffset(slot), v);
        present(slot);
    }

    void putInt(int slot, int v) {
        stage.putInt(layout.fixedOffset(slot), v);
        present(slot);
    }

    void putLong(int slot, long v) {
        stage.putLong(layout.fixedOffset(slot), v);
        present(slot);
    }

    void putFloat(int slot, float v) {
        stage.putFloat(layout.fixedOffset(slot), v);
        present(slot);
    }

    void putDouble(int slot, double v) {
        stage.putDouble(layout.fixedOffset(slot), v);
        present(slot);
    }

    /** A 128-bit two's complement value, low word first. */
    void putWide(int slot, long high, long low) {
        int off = layout.fixedOffset(slot);
        stage.putLong(off, low);
        stage.putLong(off + 8, high);
        present(slot);
    }

    void putBytes(int slot, byte[] b, int off, int len) {
        byte[] dst = varValues[slot];
        if (dst.length < len) {
            dst = varValues[slot] = new byte[Math.max(len, dst.length * 2)];
        }
        System.arraycopy(b, off, dst, 0, len);
        varLengths[slot] = len;
        present(slot);
    }

    /** Marks a slot present without a value: struct markers of non-null structs. */
    void putPresent(int slot) {
        present(slot);
    }

    /** Marks a slot set and not null: a value replaces a null set earlier in the same row. */
    private void present(int slot) {
        int b = layout.nullByte(slot);
        stage.put(b, (byte) (stage.get(b) & ~RowLayout.nullMask(slot)));
        set[slot] = true;
    }

    void putNull(int slot) {
        int off = layout.fixedOffset(slot);
        for (int i = 0; i < layout.type(slot).fixedWidth(); i++) {
            stageBytes[off + i] = 0;
        }
        stage.put(layout.nullByte(slot), (byte) (stage.get(layout.nullByte(slot)) | RowLayout.nullMask(slot)));
        set[slot] = true;
        varLengths[slot] = 0;
    }

    boolean isSet(int slot) {
        return set[slot];
    }

    /**
     * Slots never set in this row become null (a non-nullable one is an error naming the
     * column), except struct markers: a struct is present unless it was set null.
     */
    void finishUnsetOrPresent(long rowNumber) {
        for (int s = 0; s < set.length; s++) {
            if (!set[s]) {
                if (layout.type(s).isStruct()) {
                    set[s] = true;
                    continue;
                }
                if (!schema.column(layout.tableColumn(s)).nullable()) {
                    throw new SchemaMismatchException("row " + rowNumber + ": column '"
                            + schema.column(layout.tableColumn(s)).name() + "' is not nullable but has no value");
                }
                putNull(s);
            }
        }
    }

    /** The encoded length of the staged row; refuses a row longer than the format allows. Changes nothing. */
    int stagedRowLength() {
        long length = layout.fixedEnd();
        for (int s : varSlots) {
            if (!isNullStaged(s)) {
                length += varLengths[s];
            }
        }
        if (length > RowLayout.MAX_ROW_LENGTH) {
            throw new SchemaMismatchException("row " + rowsWritten + " of column group '" + group.name()
                    + "' is " + length + " bytes, more than the format allows (" + RowLayout.MAX_ROW_LENGTH + ")");
        }
        return (int) length;
    }

    /** Copies the staged row, {@code length} bytes as {@link #stagedRowLength()} said, into the segment. */
    void writeRow(int length) throws IOException {
        if (segmentRows > 0 && segment.position() + length > segmentSize) {
            flushSegment(true);
        }
        if (length > segment.capacity()) {
            // A row larger than a segment gets a segment of its own.
            useSegmentBuffer(length);
        }
        int base = segment.position();
        int varPos = layout.fixedEnd();
        for (int s : varSlots) {
            int len = isNullStaged(s) ? 0 : varLengths[s];
            stage.putLong(layout.fixedOffset(s), len == 0 && isNullStaged(s) ? 0L : RowLayout.packOffsetSize(varPos, len));
            varPos += len;
        }
        if (layout.hasVariable()) {
            stage.putInt(0, length);
        }
        segment.put(base, stageBytes, 0, layout.fixedEnd());
        int p = base + layout.fixedEnd();
        for (int s : varSlots) {
            if (!isNullStaged(s)) {
                segment.put(p, varValues[s], 0, varLengths[s]);
                p += varLengths[s];
            }
        }
        segment.position(base + length);
        updateStats();
        segmentRows++;
        rowsWritten++;
        clearStage();
        // A segment enlarged for one oversized row is flushed (padded) by the next row, which never
        // fits behind it, or unpadded by finish() when it is the last segment of the file.
    }

    /** Forgets the staged row. */
    void clearStage() {
        Arrays.fill(stageBytes, (byte) 0);
        Arrays.fill(set, false);
    }

    boolean isNullStaged(int slot) {
        return (stageBytes[layout.nullByte(slot)] & RowLayout.nullMask(slot)) != 0;
    }

    private void updateStats() {
        for (int s = 0; s < kinds.length; s++) {
            if (isNullStaged(s)) {
                stats[s].addNull();
                continue;
            }
            int off = layout.fixedOffset(s);
            switch (kinds[s]) {
                case LONG -> stats[s].addLong(FixedValues.asLong(stage, off, typeIds[s]));
                case DOUBLE -> stats[s].addDouble(FixedValues.asDouble(stage, off, typeIds[s]));
                case WIDE -> stats[s].addWide(stage.getLong(off + 8), stage.getLong(off));
                case BYTES -> stats[s].addBytes(varValues[s], 0, varLengths[s]);
                case NONE -> { }
            }
        }
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
        segments.add(new SegmentMetadata(offset, length, padding, firstRowOfSegment, segmentRows, (int) crc.getValue(), st));
        firstRowOfSegment += segmentRows;
        segmentRows = 0;
        if (segment.capacity() != segmentSize) {
            useSegmentBuffer(segmentSize);
        } else {
            segment.clear();
        }
    }

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
        return new ColumnGroupMetadata(group.id(), segmentSize, rowsWritten, length, ids, types, segments);
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

    String dataPath() {
        return dataPath;
    }
}
