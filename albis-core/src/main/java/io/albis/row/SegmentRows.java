package io.albis.row;

import io.albis.error.CorruptFileException;
import io.albis.internal.DirectMemory;
import io.albis.layout.FormatVersion;
import io.albis.nested.LegacyNested;
import io.albis.nested.NestedCheck;
import io.albis.nested.NestedShape;
import io.albis.schema.DataType;
import java.nio.ByteBuffer;

/**
 * The rows of one segment, read in place in the buffer that holds the segment's bytes: the one
 * decoder of the row format (docs/FORMAT.md §6) and its bounds checker. Every reader of rows (the
 * reader's iterator, runs and batches, the checksum scan, the verifier) walks a segment with it
 * and reads the current row's values through it.
 *
 * <p>Before a row is handed out, everything a damaged file could falsify is checked:
 * <ul>
 * <li>per segment: its length lies inside the buffer; rows of a group without strings or binaries
 *     tile it exactly (rows × row length = segment length);</li>
 * <li>per row of a group with strings or binaries: its size counter lies inside the segment, is
 *     at least the fixed area, and the last row ends where the segment ends; every string or
 *     binary value of the row has a size ≥ 0 and, when it has bytes, lies between the end of the
 *     fixed area and the end of the row; every list or map value that is not null passes
 *     {@link NestedCheck} (its counts and ends lie inside it, down every level; in a file of 3.0 to 5.x,
 *     {@link LegacyNested}'s check of Spark's layout), unless the reader of the rows took the
 *     check of flat ones on itself ({@link #deferFlatNestedChecks}).</li>
 * </ul>
 * So every fixed slot and every variable value of the current row lies inside the segment, and
 * the getters read them without further checks on the data; they check only their arguments (a
 * slot that exists and is at least as wide as the read). A damaged row is a
 * {@link CorruptFileException} naming the file and the byte offset. Values of a null slot read
 * as zero (the format zero-fills them); check {@link #isNull} first.
 *
 * <p>Not on a row (before {@link #start}, after {@link #detach}) the current row is an all-null
 * row of the layout, so a getter never reads memory the segment buffer no longer owns. Not
 * thread-safe; one instance walks one segment at a time.
 */
public final class SegmentRows {
    private final RowLayout layout;
    private final int slots;
    private final int fixedEnd;
    private final boolean variable;
    private final RowSlot[] slotReaders;
    /** Fixed offsets of the string and binary slots, and the slots, for the per-row checks. */
    private final int[] variableOffsets;
    private final int[] variableSlots;
    /** The shape of each variable slot when it is a list or map (checked deeper), else null. */
    private final NestedShape[] nestedShapes;
    /** Each variable slot's {@link RowSlot#nullInfo()}. */
    private final long[] variableNullInfo;
    private final ByteBuffer noRow;

    /** Held so the memory read by address stays alive. */
    private ByteBuffer buffer;
    private long start;
    private int length;
    private int rowCount;
    private String file;
    private long fileOffset;
    private boolean onRow;
    /** True for a segment of a file of 3.0 to 5.x, whose lists and maps are in Spark's layout ({@link LegacyNested}). */
    private boolean legacyNested;
    /** True when flat lists and maps are left to the reader of the rows to check ({@link #deferFlatNestedChecks}). */
    private boolean flatNestedDeferred;

    /**
     * Location of the current row's first byte. For fixed-width rows it is the whole position
     * (the row index is derived from it), so stepping a row is one add and one compare.
     */
    private long rowAt;
    /** Location of the segment's last row, and the row length, for fixed-width rows; see {@link #next()}. */
    private long lastAt;
    private final int stride;
    /**
     * Fixed-width rows in a byte distance that is a whole number of rows, without a division (a
     * 64-bit division costs tens of cycles, and a filtered read asks for positions at every kept
     * stretch): the distance shifted right by the stride's trailing zero bits, times the inverse
     * of the stride's odd part modulo 2^64, is exact for multiples of the stride.
     */
    private final int strideShift;
    private final long oddStrideInverse;
    /** Index, offset and length of the current row; kept for rows with a size counter only. */
    private int row;
    private int rowOffset;
    private int rowLength;

    public SegmentRows(RowLayout layout) {
        this.layout = layout;
        this.slots = layout.slots();
        this.fixedEnd = layout.fixedEnd();
        this.variable = layout.hasVariable();
        this.stride = variable ? 0 : fixedEnd;
        this.strideShift = fixedEnd == 0 ? 0 : Integer.numberOfTrailingZeros(fixedEnd);
        this.oddStrideInverse = inverseOfOdd(fixedEnd == 0 ? 1 : fixedEnd >>> strideShift);
        this.variableSlots = layout.variableSlots();
        this.variableOffsets = new int[variableSlots.length];
        this.nestedShapes = new NestedShape[variableSlots.length];
        this.variableNullInfo = new long[variableSlots.length];
        this.slotReaders = new RowSlot[slots];
        for (int s = 0; s < slots; s++) {
            slotReaders[s] = new RowSlot(this, s);
        }
        for (int v = 0; v < variableSlots.length; v++) {
            variableOffsets[v] = layout.fixedOffset(variableSlots[v]);
            DataType t = layout.type(variableSlots[v]);
            nestedShapes[v] = t.isNested() ? NestedShape.of(t) : null;
            variableNullInfo[v] = slotReaders[variableSlots[v]].nullInfo();
        }
        this.noRow = nullRow(layout);
        detach();
    }

    /** An all-null row: every null bit set, every value zero, the size counter (if any) the fixed area. */
    private static ByteBuffer nullRow(RowLayout layout) {
        ByteBuffer b = ByteBuffer.allocateDirect(Math.max(layout.fixedEnd(), 1)).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        if (layout.hasVariable()) {
            b.putInt(0, layout.fixedEnd());
        }
        for (int s = 0; s < layout.slots(); s++) {
            int at = layout.nullByte(s);
            b.put(at, (byte) (b.get(at) | RowLayout.nullMask(s)));
        }
        return b;
    }

    public RowLayout layout() {
        return layout;
    }

    /**
     * From now on, the flat lists and maps ({@link NestedShape#flat}) of rows of today's layout
     * are not checked here: whoever reads the rows checks each value that is not null before it
     * reads inside it, as {@link NestedCheck} does. For a reader that checks a value while it
     * walks it anyway (the checksum scan), which saves a second pass over every value. Lists
     * and maps with lists, maps or structs inside, and every value of an older file, are still
     * checked here.
     */
    public void deferFlatNestedChecks() {
        flatNestedDeferred = true;
    }

    /** True when {@link #deferFlatNestedChecks} was called: flat lists and maps of today's files are unchecked. */
    public boolean flatNestedDeferred() {
        return flatNestedDeferred;
    }

    /** The file of the current segment, for messages. */
    public String file() {
        return file;
    }

    /** Where the current segment starts in its file: buffer offset 0 is this file offset. */
    public long fileOffset() {
        return fileOffset;
    }

    /**
     * Starts on the first row of a segment whose {@code length} bytes of rows are bytes
     * {@code [0, length)} of the direct buffer {@code segment} (its position and limit are ignored).
     * {@code file} and {@code fileOffset} (where the segment starts in it) name the bytes in messages.
     */
    public void start(ByteBuffer segment, int length, int rowCount, String file, long fileOffset)
            throws CorruptFileException {
        start(segment, length, rowCount, file, fileOffset, FormatVersion.CURRENT);
    }

    /**
     * As {@link #start(ByteBuffer, int, int, String, long)}, for a segment of a file of format
     * {@code version}, which says how its lists and maps are laid out ({@link #legacyNested()}).
     */
    public void start(ByteBuffer segment, int length, int rowCount, String file, long fileOffset, FormatVersion version)
            throws CorruptFileException {
        this.legacyNested = version.hasLegacyNested();
        if (length < 0 || length > segment.capacity()) {
            throw new IllegalArgumentException("segment of " + length + " bytes in a buffer of " + segment.capacity());
        }
        detach();
        this.file = file;
        this.fileOffset = fileOffset;
        if (rowCount < 1) {
            throw corrupt(0, "segment of " + length + " bytes holds " + rowCount + " rows");
        }
        if (!variable && (long) rowCount * fixedEnd != length) {
            throw corrupt(0, "segment has " + rowCount + " rows of " + fixedEnd + " bytes but is " + length
                    + " bytes long");
        }
        this.buffer = segment;
        this.start = DirectMemory.address(segment);
        this.length = length;
        this.rowCount = rowCount;
        this.onRow = true;
        this.rowAt = start;
        this.lastAt = variable ? Long.MIN_VALUE : start + (long) (rowCount - 1) * fixedEnd;
        this.row = 0;
        this.rowOffset = 0;
        this.rowLength = fixedEnd;
        if (variable) {
            readRow();
        }
    }

    /**
     * Leaves the segment: the current row becomes the all-null row and the segment buffer is no
     * longer referenced, so its owner may reuse or free it.
     */
    public void detach() {
        buffer = noRow;
        start = DirectMemory.address(noRow);
        length = noRow.capacity();
        rowCount = 0;
        onRow = false;
        rowAt = start;
        lastAt = Long.MIN_VALUE;
        row = -1;
        rowOffset = 0;
        rowLength = fixedEnd;
    }

    /** True when the segment has a row after the current one. */
    public boolean hasNext() {
        return variable ? row + 1 < rowCount : rowAt < lastAt;
    }

    /** Moves to the next row of the segment; there must be one ({@link #hasNext()}). */
    public void next() throws CorruptFileException {
        // Fixed-width rows: one add and one compare. Rows with a size counter have no stride
        // (lastAt is below every location), so they and the end of the segment take nextSlow.
        long at = rowAt + stride;
        if (at <= lastAt) {
            rowAt = at;
            return;
        }
        nextSlow();
    }

    /**
     * Moves to the next fixed-width row if it lies at or before {@code limit} (from
     * {@link #locationAhead}); false, not moving, otherwise. No check can fail here: the rows of
     * the segment were checked when it was loaded, and the limit lies inside it.
     */
    public boolean stepUpTo(long limit) {
        long at = rowAt + stride;
        if (at > limit) {
            return false;
        }
        rowAt = at;
        return true;
    }

    /**
     * The location of the fixed-width row {@code n} ≥ 0 rows after the current one, for
     * {@link #stepUpTo}; there must be that many ({@link #rowsLeft()} > n).
     */
    public long locationAhead(int n) {
        if (variable || n < 0 || n >= rowsLeft()) {
            throw new IllegalStateException("no fixed-width row " + n + " rows after row " + rowIndex() + " of a segment of "
                    + rowCount + " rows");
        }
        return rowAt + (long) n * stride;
    }

    /** Fixed-width rows after the current one up to the location {@code limit} (from {@link #locationAhead}). */
    public int rowsUpTo(long limit) {
        return rowsIn(limit - rowAt);
    }

    /** Whole fixed-width rows in {@code bytes}, a multiple of the row length. */
    private int rowsIn(long bytes) {
        return (int) ((bytes >>> strideShift) * oddStrideInverse);
    }

    /** The inverse of odd {@code d} modulo 2^64, by Newton's iteration (each step doubles the correct low bits). */
    static long inverseOfOdd(long d) {
        long x = d; // correct in the low 3 bits, as d * d = 1 mod 8 for odd d
        for (int i = 0; i < 5; i++) {
            x *= 2 - d * x;
        }
        return x;
    }

    private void nextSlow() throws CorruptFileException {
        if (!variable) {
            throw noNextRow(1);
        }
        nextVariable();
    }

    private void nextVariable() throws CorruptFileException {
        if (row + 1 >= rowCount) {
            throw noNextRow(1);
        }
        row++;
        rowOffset += rowLength;
        rowAt += rowLength;
        readRow();
    }

    /**
     * Moves {@code n} ≥ 0 rows on within a segment of rows with a size counter, as {@code n}
     * calls of {@link #next()} would, checking each, and writes where each row ends (its offset
     * plus its length) to {@code ends[from]} onwards: a run's row offsets in one loop.
     */
    public void nextRows(int n, int[] ends, int from) throws CorruptFileException {
        if (!variable || n < 0 || n >= rowsLeft()) {
            throw noNextRow(n);
        }
        for (int k = 0; k < n; k++) {
            row++;
            rowOffset += rowLength;
            rowAt += rowLength;
            readRow();
            ends[from + k] = rowOffset + rowLength;
        }
    }

    /** Moves {@code n} ≥ 0 rows on within the segment. */
    public void skip(int n) throws CorruptFileException {
        if (n < 0 || n >= rowsLeft()) {
            throw noNextRow(n);
        }
        if (variable) {
            for (int k = 0; k < n; k++) {
                nextVariable();
            }
        } else {
            rowAt += (long) n * fixedEnd;
        }
    }

    private IllegalStateException noNextRow(int n) {
        return new IllegalStateException("cannot move " + n + " rows on from row " + rowIndex() + " of a segment of "
                + rowCount + " rows");
    }

    /** Reads and checks the current row's size counter and its string and binary values. */
    private void readRow() throws CorruptFileException {
        try {
            checkRow();
        } catch (CorruptFileException e) {
            detach(); // never stand on a row that failed its checks
            throw e;
        }
    }

    private void checkRow() throws CorruptFileException {
        int at = rowOffset;
        if (at > length - RowLayout.SIZE_COUNTER) {
            throw corrupt(at, "row " + row + " starts past the end of its segment of " + length + " bytes");
        }
        int len = DirectMemory.getInt(rowAt);
        if (len < fixedEnd || len > length - at) {
            throw corrupt(at, "row " + row + " claims " + len + " bytes; it must be " + fixedEnd + ".." + (length - at));
        }
        if (row == rowCount - 1 && len != length - at) {
            throw corrupt(at + len, "rows of the segment end at " + (at + len) + " but the segment is " + length
                    + " bytes");
        }
        for (int v = 0; v < variableOffsets.length; v++) {
            long packed = DirectMemory.getLong(rowAt + variableOffsets[v]);
            int off = RowLayout.offsetOf(packed);
            int size = RowLayout.sizeOf(packed);
            if (size != 0 && (size < 0 || off < fixedEnd || off > len - size)) {
                throw corrupt(at + variableOffsets[v], "string/binary value in slot " + variableSlots[v] + " of row "
                        + row + " (offset " + off + ", size " + size + ") lies outside its row of " + len + " bytes");
            }
            NestedShape shape = nestedShapes[v];
            if (shape != null && !(shape.flat && flatNestedDeferred && !legacyNested)
                    && !RowSlot.isNull(rowAt, variableNullInfo[v])) {
                String problem = legacyNested ? LegacyNested.problem(null, rowAt + off, size, shape)
                        : NestedCheck.problem(null, rowAt + off, size, shape);
                if (problem != null) {
                    throw corrupt(at + off, "column " + layout.columnName(variableSlots[v]) + ", row " + row + ": "
                            + problem);
                }
            }
        }
        rowLength = len;
    }

    private CorruptFileException corrupt(int inSegment, String message) {
        return new CorruptFileException(file, inSegment < 0 ? -1 : fileOffset + inSegment, message);
    }

    // ------------------------------------------------------------------ position

    /**
     * True when the segment's file (of format 3.0 to 5.x) holds its lists and maps in Spark's
     * layout ({@link LegacyNested}): a reader turns each into today's layout before reading it
     * ({@link NestedValueEncoder#fromLegacy}).
     */
    public boolean legacyNested() {
        return legacyNested;
    }

    /** True while on a row of a segment (not detached). */
    public boolean onRow() {
        return onRow;
    }

    /** Index of the current row within its segment, -1 when not on a row. */
    public int rowIndex() {
        if (!onRow) {
            return -1;
        }
        return variable ? row : rowsIn(rowAt - start);
    }

    /** Rows from the current one to the end of the segment (0 when not on a row). */
    public int rowsLeft() {
        return onRow ? rowCount - rowIndex() : 0;
    }

    /** Offset of the current row in the segment buffer. */
    public int rowOffset() {
        return variable ? rowOffset : (int) (rowAt - start);
    }

    /** Length of the current row, size counter included. */
    public int rowLength() {
        return rowLength;
    }

    /** Bytes of rows in the segment. */
    public int segmentLength() {
        return length;
    }

    /**
     * The buffer holding the segment (or the all-null row when not on one). Shared: read it, do
     * not write it; valid until this object moves to another segment or detaches.
     */
    public ByteBuffer buffer() {
        return buffer;
    }

    // ------------------------------------------------------------------ values of the current row

    /** The reader of {@code slot}'s value in the current row (one object per slot, made once). */
    public RowSlot slot(int slot) {
        return slotReaders[slot];
    }

    public boolean isNull(int slot) {
        return slotReaders[slot].isNull();
    }

    /** Any non-zero byte is true, as the format says readers take it. */
    public boolean getBoolean(int slot) {
        return slotReaders[slot].getBoolean();
    }

    public byte getByte(int slot) {
        return slotReaders[slot].getByte();
    }

    public short getShort(int slot) {
        return slotReaders[slot].getShort();
    }

    /** An int, or a date as days since 1970-01-01. */
    public int getInt(int slot) {
        return slotReaders[slot].getInt();
    }

    /** A long, a timestamp in microseconds, a decimal's unscaled value (the low word of a wide one). */
    public long getLong(int slot) {
        return slotReaders[slot].getLong();
    }

    public float getFloat(int slot) {
        return slotReaders[slot].getFloat();
    }

    public double getDouble(int slot) {
        return slotReaders[slot].getDouble();
    }

    /** The high word of a wide decimal's 128-bit unscaled value (its low word is {@link #getLong}). */
    public long getWideHigh(int slot) {
        return slotReaders[slot].getWideHigh();
    }

    /** Boolean, byte, short, int, date, long, timestamp and decimal (the low word) widened to long. */
    public long longValue(int slot) {
        return slotReaders[slot].longValue();
    }

    /** Float and double widened to double. */
    public double doubleValue(int slot) {
        return slotReaders[slot].doubleValue();
    }

    /** Byte length of the string or binary in {@code slot} (0 for a null). */
    public int getBytesLength(int slot) {
        return slotReaders[slot].getBytesLength();
    }

    /**
     * Offset from the row's first byte of the string or binary in {@code slot}; meaningful only
     * when its length is not 0. With {@link #rowOffset()} it locates the bytes in {@link #buffer()}.
     */
    public int getBytesOffset(int slot) {
        return slotReaders[slot].getBytesOffset();
    }

    /** Copies the bytes of the string or binary in {@code slot} into {@code dst} at {@code at}; returns their length. */
    public int copyBytes(int slot, byte[] dst, int at) {
        return slotReaders[slot].copyBytes(dst, at);
    }

    /** Compares the string or binary in {@code slot} with {@code literal} by unsigned bytes. */
    public int compareBytes(int slot, byte[] literal) {
        return slotReaders[slot].compareBytes(literal);
    }

    /**
     * Location of the current row's first byte, for {@link RowSlot} and the readers that read
     * values with its static methods. Every slot of the current row lies inside the segment.
     */
    public long rowAt() {
        return rowAt;
    }
}
