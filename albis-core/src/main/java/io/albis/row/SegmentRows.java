package io.albis.row;

import io.albis.error.CorruptFileException;
import io.albis.internal.DirectMemory;
import io.albis.schema.TypeId;
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
 *     fixed area and the end of the row.</li>
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
    /** Bits of {@link #slotInfo} below the fixed offset: width (5 bits) and the variable flag. */
    private static final int WIDTH_MASK = 31;
    private static final int VARIABLE = 32;
    private static final int OFFSET_SHIFT = 6;

    private final RowLayout layout;
    private final int slots;
    private final int fixedEnd;
    private final int bitmapOffset;
    private final boolean variable;
    /** Per slot: {@code fixedOffset << 6 | variable << 5 | width}, so a getter checks and finds a slot with one load. */
    private final int[] slotInfo;
    private final TypeId[] typeIds;
    private final int[] variableSlots;
    private final ByteBuffer noRow;

    /** Held so the memory read by address stays alive. */
    private ByteBuffer buffer;
    private Object base;
    private long start;
    private int length;
    private int rowCount;
    private String file;
    private long fileOffset;

    private int row;
    private int rowOffset;
    private int rowLength;
    /** Location of the current row's first byte: {@code start + rowOffset}. */
    private long rowAt;

    public SegmentRows(RowLayout layout) {
        this.layout = layout;
        this.slots = layout.slots();
        this.fixedEnd = layout.fixedEnd();
        this.bitmapOffset = layout.bitmapOffset();
        this.variable = layout.hasVariable();
        this.variableSlots = layout.variableSlots();
        this.slotInfo = new int[slots];
        this.typeIds = new TypeId[slots];
        for (int s = 0; s < slots; s++) {
            typeIds[s] = layout.type(s).id();
            int width = layout.type(s).fixedWidth();
            slotInfo[s] = layout.fixedOffset(s) << OFFSET_SHIFT | (layout.type(s).isVariableWidth() ? VARIABLE : 0) | width;
        }
        this.noRow = nullRow(layout);
        detach();
    }

    /** An all-null row: every null bit set, every value zero, the size counter (if any) the fixed area. */
    private static ByteBuffer nullRow(RowLayout layout) {
        ByteBuffer b = ByteBuffer.allocate(Math.max(layout.fixedEnd(), 1)).order(java.nio.ByteOrder.LITTLE_ENDIAN);
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
     * Starts on the first row of a segment whose {@code length} bytes of rows are bytes
     * {@code [0, length)} of {@code segment} (direct or array-backed; positions are ignored).
     * {@code file} and {@code fileOffset} (where the segment starts in it) name the bytes in messages.
     */
    public void start(ByteBuffer segment, int length, int rowCount, String file, long fileOffset)
            throws CorruptFileException {
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
        this.base = DirectMemory.base(segment);
        this.start = DirectMemory.offset(segment);
        this.length = length;
        this.rowCount = rowCount;
        this.row = 0;
        this.rowOffset = 0;
        this.rowAt = start;
        if (variable) {
            readRow();
        } else {
            rowLength = fixedEnd;
        }
    }

    /**
     * Leaves the segment: the current row becomes the all-null row and the segment buffer is no
     * longer referenced, so its owner may reuse or free it.
     */
    public void detach() {
        buffer = noRow;
        base = DirectMemory.base(noRow);
        start = DirectMemory.offset(noRow);
        length = noRow.capacity();
        rowCount = 0;
        row = -1;
        rowOffset = 0;
        rowLength = fixedEnd;
        rowAt = start;
    }

    /** Moves to the next row of the segment; there must be one ({@link #rowsLeft()} &gt; 1). */
    public void next() throws CorruptFileException {
        if (row + 1 >= rowCount) {
            throw new IllegalStateException("no row after row " + row + " of a segment of " + rowCount + " rows");
        }
        row++;
        rowOffset += rowLength;
        rowAt += rowLength;
        if (variable) {
            readRow();
        }
    }

    /** Moves {@code n} ≥ 0 rows on within the segment. */
    public void skip(int n) throws CorruptFileException {
        if (n < 0 || n >= rowsLeft()) {
            throw new IllegalStateException("cannot skip " + n + " rows from row " + row + " of a segment of "
                    + rowCount + " rows");
        }
        if (variable) {
            for (int k = 0; k < n; k++) {
                next();
            }
        } else {
            row += n;
            rowOffset += n * fixedEnd; // ≤ length: checked by the tiling check and rowsLeft
            rowAt += (long) n * fixedEnd;
        }
    }

    /** Reads and checks the current row's size counter and its string and binary values. */
    private void readRow() throws CorruptFileException {
        int at = rowOffset;
        if (at > length - RowLayout.SIZE_COUNTER) {
            throw corrupt(at, "row " + row + " starts past the end of its segment of " + length + " bytes");
        }
        int len = DirectMemory.getInt(base, rowAt);
        if (len < fixedEnd || len > length - at) {
            throw corrupt(at, "row " + row + " claims " + len + " bytes; it must be " + fixedEnd + ".." + (length - at));
        }
        if (row == rowCount - 1 && len != length - at) {
            throw corrupt(at + len, "rows of the segment end at " + (at + len) + " but the segment is " + length
                    + " bytes");
        }
        for (int s : variableSlots) {
            long packed = DirectMemory.getLong(base, rowAt + (slotInfo[s] >>> OFFSET_SHIFT));
            int off = RowLayout.offsetOf(packed);
            int size = RowLayout.sizeOf(packed);
            if (size != 0 && (size < 0 || off < fixedEnd || off > len - size)) {
                throw corrupt(at + (slotInfo[s] >>> OFFSET_SHIFT), "string/binary value in slot " + s + " of row "
                        + row + " (offset " + off + ", size " + size + ") lies outside its row of " + len + " bytes");
            }
        }
        rowLength = len;
    }

    private CorruptFileException corrupt(int inSegment, String message) {
        return new CorruptFileException(file, inSegment < 0 ? -1 : fileOffset + inSegment, message);
    }

    // ------------------------------------------------------------------ position

    /** True while on a row of a segment (not detached). */
    public boolean onRow() {
        return row >= 0;
    }

    /** Index of the current row within its segment, -1 when not on a row. */
    public int rowIndex() {
        return row;
    }

    /** Rows from the current one to the end of the segment (0 when not on a row). */
    public int rowsLeft() {
        return row < 0 ? 0 : rowCount - row;
    }

    /** Offset of the current row in the segment buffer. */
    public int rowOffset() {
        return rowOffset;
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

    public boolean isNull(int slot) {
        if (slot < 0 || slot >= slots) {
            throw noSlot(slot);
        }
        return (DirectMemory.getByte(base, rowAt + bitmapOffset + (slot >>> 3)) & (1 << (slot & 7))) != 0;
    }

    /** Any non-zero byte is true, as the format says readers take it. */
    public boolean getBoolean(int slot) {
        return DirectMemory.getByte(base, rowAt + fixed(slot, 1)) != 0;
    }

    public byte getByte(int slot) {
        return DirectMemory.getByte(base, rowAt + fixed(slot, 1));
    }

    public short getShort(int slot) {
        return DirectMemory.getShort(base, rowAt + fixed(slot, 2));
    }

    /** An int, or a date as days since 1970-01-01. */
    public int getInt(int slot) {
        return DirectMemory.getInt(base, rowAt + fixed(slot, 4));
    }

    /** A long, a timestamp in microseconds, a decimal's unscaled value (the low word of a wide one). */
    public long getLong(int slot) {
        return DirectMemory.getLong(base, rowAt + fixed(slot, 8));
    }

    public float getFloat(int slot) {
        return Float.intBitsToFloat(DirectMemory.getInt(base, rowAt + fixed(slot, 4)));
    }

    public double getDouble(int slot) {
        return Double.longBitsToDouble(DirectMemory.getLong(base, rowAt + fixed(slot, 8)));
    }

    /** The high word of a wide decimal's 128-bit unscaled value (its low word is {@link #getLong}). */
    public long getWideHigh(int slot) {
        return DirectMemory.getLong(base, rowAt + fixed(slot, 16) + 8);
    }

    /** Boolean, byte, short, int, date, long, timestamp and decimal (the low word) widened to long. */
    public long longValue(int slot) {
        return switch (typeIds[slot]) {
            case BOOLEAN -> getBoolean(slot) ? 1 : 0;
            case BYTE -> getByte(slot);
            case SHORT -> getShort(slot);
            case INT, DATE -> getInt(slot);
            default -> getLong(slot);
        };
    }

    /** Float and double widened to double. */
    public double doubleValue(int slot) {
        return typeIds[slot] == TypeId.FLOAT ? getFloat(slot) : getDouble(slot);
    }

    /** Byte length of the string or binary in {@code slot} (0 for a null). */
    public int getBytesLength(int slot) {
        return RowLayout.sizeOf(packed(slot));
    }

    /**
     * Offset from the row's first byte of the string or binary in {@code slot}; meaningful only
     * when its length is not 0. With {@link #rowOffset()} it locates the bytes in {@link #buffer()}.
     */
    public int getBytesOffset(int slot) {
        return RowLayout.offsetOf(packed(slot));
    }

    /** Copies the bytes of the string or binary in {@code slot} into {@code dst} at {@code at}; returns their length. */
    public int copyBytes(int slot, byte[] dst, int at) {
        long packed = packed(slot);
        int size = RowLayout.sizeOf(packed);
        if (size > 0) {
            DirectMemory.copyToArray(base, rowAt + RowLayout.offsetOf(packed), dst, at, size);
        }
        return size;
    }

    /** Compares the string or binary in {@code slot} with {@code literal} by unsigned bytes. */
    public int compareBytes(int slot, byte[] literal) {
        long packed = packed(slot);
        int size = RowLayout.sizeOf(packed);
        long at = rowAt + RowLayout.offsetOf(packed);
        int n = Math.min(size, literal.length);
        for (int k = 0; k < n; k++) {
            int d = Integer.compare(DirectMemory.getByte(base, at + k) & 0xff, literal[k] & 0xff);
            if (d != 0) {
                return d;
            }
        }
        return Integer.compare(size, literal.length);
    }

    /** The fixed offset of {@code slot}, after checking the slot holds at least {@code width} bytes. */
    private int fixed(int slot, int width) {
        int info = slotInfo[slot];
        if ((info & WIDTH_MASK) < width) {
            throw tooNarrow(slot, width);
        }
        return info >>> OFFSET_SHIFT;
    }

    /** The (offset, size) pair of a string or binary slot; checked against the row when the row was read. */
    private long packed(int slot) {
        int info = slotInfo[slot];
        if ((info & VARIABLE) == 0) {
            throw new IllegalArgumentException("slot " + slot + " holds " + layout.type(slot) + ", not a string or binary");
        }
        return DirectMemory.getLong(base, rowAt + (info >>> OFFSET_SHIFT));
    }

    private IllegalArgumentException tooNarrow(int slot, int width) {
        return new IllegalArgumentException("slot " + slot + " holds " + layout.type(slot) + " ("
                + (slotInfo[slot] & WIDTH_MASK) + " bytes); a " + width + "-byte value cannot be read from it");
    }

    private IndexOutOfBoundsException noSlot(int slot) {
        return new IndexOutOfBoundsException("slot " + slot + " of a row of " + slots + " slots");
    }
}
