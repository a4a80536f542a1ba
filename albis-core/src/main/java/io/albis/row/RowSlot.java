package io.albis.row;

import io.albis.internal.DirectMemory;
import io.albis.nested.ArrayValue;
import io.albis.nested.MapValue;
import io.albis.schema.DataType;
import io.albis.schema.TypeId;

/**
 * One slot's value in the current row of a {@link SegmentRows}: where its null bit and its value
 * are, resolved once, so a getter is a load at the row's position plus a fixed offset. The rows
 * have checked the current row (see {@link SegmentRows}), so the value lies inside it; a getter
 * checks only that the slot is wide enough for the read (an {@link IllegalArgumentException}
 * otherwise) or, for bytes, that the slot holds a string or binary. Values of a null slot read
 * as zero; check {@link #isNull()} first.
 */
public final class RowSlot {
    private final SegmentRows rows;
    private final int slot;
    private final String name;
    private final DataType type;
    private final TypeId typeId;
    private final int nullByte;
    private final int nullMask;
    private final int offset;
    private final int width;
    private final boolean variable;

    RowSlot(SegmentRows rows, int slot) {
        RowLayout layout = rows.layout();
        this.rows = rows;
        this.slot = slot;
        this.name = layout.columnName(slot);
        this.type = layout.type(slot);
        this.typeId = type.id();
        this.nullByte = layout.nullByte(slot);
        this.nullMask = RowLayout.nullMask(slot);
        this.offset = layout.fixedOffset(slot);
        this.width = type.fixedWidth();
        this.variable = type.isVariableWidth();
    }

    public int slot() {
        return slot;
    }

    public DataType type() {
        return type;
    }

    public boolean isNull() {
        return isNull(rows.rowAt(), nullInfo());
    }

    // A reader of many slots (AlbisReader's getters) keeps each slot's null bit and value place
    // packed in a long array and reads a row with the static methods below: one array load a
    // value instead of three dependent loads through this object and its rows (store_sales, 23
    // columns: isNull 1.3 -> 0.8 ns).

    /** This slot's null byte (low 32 bits) and mask (high 32 bits), for {@link #isNull(long, long)}. */
    public long nullInfo() {
        return (long) nullMask << 32 | nullByte;
    }

    /** Whether the slot whose {@link #nullInfo()} is {@code nullInfo} is null in the row at {@code rowAt}. */
    public static boolean isNull(long rowAt, long nullInfo) {
        return (DirectMemory.getByte(rowAt + (int) nullInfo) & (nullInfo >>> 32)) != 0;
    }

    /** This slot's value offset (low 32 bits) and width (high 32 bits), for {@link #valueAt}. */
    public long valueInfo() {
        return (long) width << 32 | offset;
    }

    /**
     * Whether the slot whose {@link #valueInfo()} is {@code valueInfo} is at least {@code bytes}
     * wide: the check of every getter. If not, throw {@link #tooNarrow}.
     */
    public static boolean holds(long valueInfo, int bytes) {
        return (int) (valueInfo >>> 32) >= bytes;
    }

    /** Where the value of the slot whose {@link #valueInfo()} is {@code valueInfo} starts in the row at {@code rowAt}. */
    public static long valueAt(long rowAt, long valueInfo) {
        return rowAt + (int) valueInfo;
    }

    /** The error for a read of {@code bytes} bytes from this slot, which is narrower. */
    public IllegalArgumentException tooNarrow(int bytes) {
        return new IllegalArgumentException("column " + name + " holds " + type + " (" + width + " bytes); a " + bytes
                + "-byte value cannot be read from it");
    }

    /**
     * Whether the decimal at {@code at} (from {@link #valueAt}) of the slot whose
     * {@link #valueInfo()} is {@code valueInfo} fits a long: always for decimals of up to 18
     * digits, for a wide one when its high word only extends the low word's sign. If not, throw
     * {@link #doesNotFitLong()}.
     */
    public static boolean fitsLong(long at, long valueInfo) {
        return (int) (valueInfo >>> 32) != 16 || DirectMemory.getLong(at + 8) == DirectMemory.getLong(at) >> 63;
    }

    /** The error for a wide decimal of this slot that does not fit a long. */
    public ArithmeticException doesNotFitLong() {
        return new ArithmeticException("decimal value of column " + name + " does not fit a long");
    }

    /** Any non-zero byte is true, as the format says readers take it. */
    public boolean getBoolean() {
        return DirectMemory.getByte(at(1)) != 0;
    }

    public byte getByte() {
        return DirectMemory.getByte(at(1));
    }

    public short getShort() {
        return DirectMemory.getShort(at(2));
    }

    /** An int, or a date as days since 1970-01-01. */
    public int getInt() {
        return DirectMemory.getInt(at(4));
    }

    /** A long, a timestamp in microseconds, a decimal's unscaled value (the low word of a wide one). */
    public long getLong() {
        return DirectMemory.getLong(at(8));
    }

    public float getFloat() {
        return Float.intBitsToFloat(DirectMemory.getInt(at(4)));
    }

    public double getDouble() {
        return Double.longBitsToDouble(DirectMemory.getLong(at(8)));
    }

    /**
     * A decimal's unscaled value as a long: the value of a decimal of at most 18 digits, or of a
     * wide one that fits (else an {@link ArithmeticException}).
     */
    public long getUnscaledLong() {
        long at = at(8);
        if (!fitsLong(at, valueInfo())) {
            throw doesNotFitLong();
        }
        return DirectMemory.getLong(at);
    }

    /** The high word of a wide decimal's 128-bit unscaled value (its low word is {@link #getLong}). */
    public long getWideHigh() {
        return DirectMemory.getLong(at(16) + 8);
    }

    /** Boolean, byte, short, int, date, long, timestamp and decimal (the low word) widened to long. */
    public long longValue() {
        return switch (typeId) {
            case BOOLEAN -> getBoolean() ? 1 : 0;
            case BYTE -> getByte();
            case SHORT -> getShort();
            case INT, DATE -> getInt();
            default -> getLong();
        };
    }

    /** Float and double widened to double. */
    public double doubleValue() {
        return typeId == TypeId.FLOAT ? getFloat() : getDouble();
    }

    /** Byte length of the string or binary (0 for a null). */
    public int getBytesLength() {
        return RowLayout.sizeOf(packed());
    }

    /**
     * Offset of the string or binary from the row's first byte; meaningful only when its length
     * is not 0. With {@link SegmentRows#rowOffset()} it locates the bytes in the segment buffer.
     */
    public int getBytesOffset() {
        return RowLayout.offsetOf(packed());
    }

    /** Copies the string's or binary's bytes into {@code dst} at {@code at}; returns their length. */
    public int copyBytes(byte[] dst, int at) {
        long packed = packed();
        int size = RowLayout.sizeOf(packed);
        if (size > 0) {
            DirectMemory.copyToArray(rows.rowAt() + RowLayout.offsetOf(packed), dst, at, size);
        }
        return size;
    }

    /**
     * The list in this slot as a view of its stored bytes, null when null. The view is valid
     * while the rows stand on this row (copy with {@link ArrayValue#toJava()} to keep it).
     */
    public ArrayValue getList() {
        long packed = nestedPacked(TypeId.LIST);
        if (isNull()) {
            return null;
        }
        byte[] copy = legacyCopy(packed);
        return copy != null ? ArrayValue.ofChecked(copy, DirectMemory.BYTE_ARRAY_OFFSET, copy.length, type)
                : ArrayValue.ofChecked(null, rows.rowAt() + RowLayout.offsetOf(packed), RowLayout.sizeOf(packed), type);
    }

    /** The map in this slot as a view, null when null; valid as {@link #getList()}'s. */
    public MapValue getMap() {
        long packed = nestedPacked(TypeId.MAP);
        if (isNull()) {
            return null;
        }
        byte[] copy = legacyCopy(packed);
        return copy != null ? MapValue.ofChecked(copy, DirectMemory.BYTE_ARRAY_OFFSET, copy.length, type)
                : MapValue.ofChecked(null, rows.rowAt() + RowLayout.offsetOf(packed), RowLayout.sizeOf(packed), type);
    }

    /** The list or map {@code packed} locates, of a file of 3.0 to 5.x, copied in today's layout; null in a file of today. */
    private byte[] legacyCopy(long packed) {
        return rows.legacyNested()
                ? NestedValueEncoder.fromLegacy(null, rows.rowAt() + RowLayout.offsetOf(packed), RowLayout.sizeOf(packed), type)
                : null;
    }

    private long nestedPacked(TypeId expected) {
        if (typeId != expected) {
            throw new IllegalArgumentException("column " + name + " holds " + type + ", not a "
                    + expected.name().toLowerCase(java.util.Locale.ROOT));
        }
        return packed();
    }

    /** Compares the string or binary with {@code literal} by unsigned bytes. */
    public int compareBytes(byte[] literal) {
        long packed = packed();
        int size = RowLayout.sizeOf(packed);
        long at = rows.rowAt() + RowLayout.offsetOf(packed);
        int n = Math.min(size, literal.length);
        for (int k = 0; k < n; k++) {
            int d = Integer.compare(DirectMemory.getByte(at + k) & 0xff, literal[k] & 0xff);
            if (d != 0) {
                return d;
            }
        }
        return Integer.compare(size, literal.length);
    }

    /** Where a read of {@code bytes} bytes starts, after checking the slot holds that many. */
    private long at(int bytes) {
        if (width < bytes) {
            throw tooNarrow(bytes);
        }
        return rows.rowAt() + offset;
    }

    /** The (offset, size) pair of a string or binary; checked against the row when the row was read. */
    private long packed() {
        if (!variable) {
            throw new IllegalArgumentException("column " + name + " holds " + type + ", not a string, binary, list or map");
        }
        return DirectMemory.getLong(rows.rowAt() + offset);
    }
}
