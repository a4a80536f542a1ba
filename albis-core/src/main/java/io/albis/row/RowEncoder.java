package io.albis.row;

import io.albis.error.SchemaMismatchException;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.schema.TypeId;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The one encoder of the row format (docs/FORMAT.md §6), beside its decoder {@link SegmentRows}:
 * builds one column group's row slot by slot, then lays it into a segment's bytes. The null
 * bitmap and the fixed area are staged in place in a buffer of the fixed area's length; each
 * string, binary, list or map value in a buffer of its own, so a value set twice in a row costs
 * no move. {@link #encode} then writes each variable value's offset and size into its fixed
 * slot, the size counter, the fixed area, and the variable values back to back in slot order.
 * Every byte of the staged bitmap and fixed area is written in every row (a value, a null's zeros,
 * a variable slot's offset and size, the bitmap from the states), so a row needs no zeroing of the
 * row before it.
 *
 * <p>A row goes: setters ({@code put*}, {@link #putNull}), {@link #fillUnset}, {@link #encodedLength},
 * {@link #encode}, {@link #clear}. The staged values stay readable until {@code clear} (the
 * writer's statistics read them there). Reused row after row; not thread-safe.
 */
public final class RowEncoder {
    private final RowLayout layout;
    private final String groupName;
    private final boolean[] nullable;
    private final TypeId[] typeIds;

    /** Bitmap and fixed area of the row being built; variable slots hold nothing here until {@link #encode}. */
    private final ByteBuffer stage;
    private final byte[] stageBytes;
    /**
     * Per slot: {@link #UNSET}, {@link #PRESENT} or {@link #NULL} in this row, one store per value.
     * The bitmap is built from these when the row is encoded: setting each value's bit in the
     * staged bitmap byte made every value wait for the store of the one before it to the same
     * byte (a fifth of store_sales's write time).
     */
    private final byte[] state;
    /**
     * Each slot's offset in the fixed area and its width there (0 for a struct marker). {@link #state}
     * is longer than these, to whole words of 8 states, the rest UNSET.
     */
    private final int[] offsets;
    private final int[] widths;
    private static final byte UNSET = 0;
    private static final byte PRESENT = 1;
    private static final byte NULL = 2;
    private final byte[][] varValues;
    private final int[] varLengths;
    private final int[] varSlots;

    public RowEncoder(Schema schema, ColumnGroup group) {
        this.layout = new RowLayout(schema, group);
        this.groupName = group.name();
        int n = layout.slots();
        this.nullable = new boolean[n];
        this.typeIds = new TypeId[n];
        for (int s = 0; s < n; s++) {
            nullable[s] = schema.column(layout.tableColumn(s)).nullable();
            typeIds[s] = layout.type(s).id();
        }
        this.stageBytes = new byte[layout.fixedEnd()];
        this.stage = ByteBuffer.wrap(stageBytes).order(ByteOrder.LITTLE_ENDIAN);
        this.state = new byte[(n + 7) & ~7];
        this.offsets = new int[n];
        this.widths = new int[n];
        for (int s = 0; s < n; s++) {
            offsets[s] = layout.fixedOffset(s);
            widths[s] = layout.type(s).fixedWidth();
        }
        this.varValues = new byte[n][];
        this.varLengths = new int[n];
        this.varSlots = layout.variableSlots();
        for (int s : varSlots) {
            varValues[s] = new byte[32];
        }
    }

    public RowLayout layout() {
        return layout;
    }

    // --- setters (slot = position inside the group); a boolean, float or double is stored as its byte, int or long

    public void putBoolean(int slot, boolean v) {
        putByte(slot, (byte) (v ? 1 : 0));
    }

    public void putByte(int slot, byte v) {
        stage.put(present(slot), v);
    }

    public void putShort(int slot, short v) {
        stage.putShort(present(slot), v);
    }

    public void putInt(int slot, int v) {
        stage.putInt(present(slot), v);
    }

    public void putLong(int slot, long v) {
        stage.putLong(present(slot), v);
    }

    public void putFloat(int slot, float v) {
        putInt(slot, Float.floatToRawIntBits(v));
    }

    public void putDouble(int slot, double v) {
        putLong(slot, Double.doubleToRawLongBits(v));
    }

    /** A 128-bit two's complement value, low word first. */
    public void putWide(int slot, long high, long low) {
        int off = present(slot);
        stage.putLong(off, low);
        stage.putLong(off + 8, high);
    }

    /** A string, binary, list or map value: {@code len} bytes of {@code b} from {@code off}, copied. */
    public void putBytes(int slot, byte[] b, int off, int len) {
        byte[] dst = varValues[slot];
        if (dst.length < len) {
            dst = varValues[slot] = new byte[Math.max(len, dst.length * 2)];
        }
        System.arraycopy(b, off, dst, 0, len);
        varLengths[slot] = len;
        present(slot);
    }

    /** Marks a slot present without a value: struct markers of non-null structs. */
    public void putPresent(int slot) {
        present(slot);
    }

    /**
     * Marks a slot set and not null (a value replaces a null set earlier in the same row);
     * returns the offset of its value in the fixed area.
     */
    private int present(int slot) {
        state[slot] = PRESENT;
        return offsets[slot];
    }

    /** Null: the null bit set and the fixed slot zero-filled, as the format stores a null. */
    public void putNull(int slot) {
        int off = offsets[slot];
        switch (widths[slot]) {
            case 1 -> stageBytes[off] = 0;
            case 2 -> stage.putShort(off, (short) 0);
            case 4 -> stage.putInt(off, 0);
            case 8 -> stage.putLong(off, 0L);
            case 16 -> {
                stage.putLong(off, 0L);
                stage.putLong(off + 8, 0L);
            }
            default -> { } // a struct marker has no bytes
        }
        state[slot] = NULL;
        varLengths[slot] = 0;
    }

    /** True when the slot got a value or a null in this row. */
    public boolean isSet(int slot) {
        return state[slot] != UNSET;
    }

    public boolean isNull(int slot) {
        return state[slot] == NULL;
    }

    /**
     * Slots never set in this row become null (a non-nullable one is an error naming the column
     * and {@code rowNumber}), except struct markers: a struct is present unless it was set null.
     */
    public void fillUnset(long rowNumber) {
        for (int s = 0; s < offsets.length; s++) {
            if (state[s] == UNSET) {
                if (layout.type(s).isStruct()) {
                    state[s] = PRESENT;
                    continue;
                }
                if (!nullable[s]) {
                    throw new SchemaMismatchException("row " + rowNumber + ": column '" + layout.columnName(s)
                            + "' is not nullable but has no value");
                }
                putNull(s);
            }
        }
    }

    /**
     * The encoded length of the staged row; refuses a row longer than the format allows, naming it
     * as row {@code rowNumber} of the group. Changes nothing.
     */
    public int encodedLength(long rowNumber) {
        long length = layout.fixedEnd();
        for (int s : varSlots) {
            if (!isNull(s)) {
                length += varLengths[s];
            }
        }
        if (length > RowLayout.MAX_ROW_LENGTH) {
            throw new SchemaMismatchException("row " + rowNumber + " of column group '" + groupName
                    + "' is " + length + " bytes, more than the format allows (" + RowLayout.MAX_ROW_LENGTH + ")");
        }
        return (int) length;
    }

    /**
     * Writes the staged row, {@code length} bytes as {@link #encodedLength} said, at the position of
     * {@code segment} (which has room for it) and moves the position past it.
     */
    public void encode(ByteBuffer segment, int length) {
        int base = segment.position();
        int varPos = layout.fixedEnd();
        for (int s : varSlots) {
            int len = isNull(s) ? 0 : varLengths[s];
            stage.putLong(offsets[s], len == 0 && isNull(s) ? 0L : RowLayout.packOffsetSize(varPos, len));
            varPos += len;
        }
        if (layout.hasVariable()) {
            stage.putInt(0, length);
        }
        writeBitmap();
        segment.put(base, stageBytes, 0, layout.fixedEnd());
        int p = base + layout.fixedEnd();
        for (int s : varSlots) {
            if (!isNull(s)) {
                segment.put(p, varValues[s], 0, varLengths[s]);
                p += varLengths[s];
            }
        }
        segment.position(base + length);
    }

    /** The staged bitmap from {@link #state}: bit {@code s mod 8} of byte {@code s / 8} for slot s. */
    private void writeBitmap() {
        int at = layout.bitmapOffset();
        for (int first = 0; first < state.length; first += 8) {
            // Eight states a load: bit 1 of each byte (NULL is 2, the others 0 or 1) moved to bit 0,
            // then the eight bytes' bits gathered into the top byte by one multiplication (every
            // partial product lands on its own bit, so nothing carries), slot first + i at bit i.
            long nullBytes = ((long) STATES.get(state, first) >>> 1) & 0x0101010101010101L;
            stageBytes[at + (first >>> 3)] = (byte) ((nullBytes * 0x0102040810204080L) >>> 56);
        }
    }

    private static final VarHandle STATES = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** Forgets the staged row. */
    public void clear() {
        Arrays.fill(state, UNSET);
    }

    // --- the staged values, widened as statistics compare them (rows read from a file: SegmentRows#longValue)

    /** Boolean, byte, short, int, date, long, timestamp and decimal (≤ 18 digits) widened to long. */
    public long longValue(int slot) {
        int at = layout.fixedOffset(slot);
        return switch (typeIds[slot]) {
            case BOOLEAN -> stage.get(at) != 0 ? 1 : 0; // as getBoolean reads it, whatever the byte
            case BYTE -> stage.get(at);
            case SHORT -> stage.getShort(at);
            case INT, DATE -> stage.getInt(at);
            default -> stage.getLong(at);
        };
    }

    /** Float and double widened to double. */
    public double doubleValue(int slot) {
        int at = layout.fixedOffset(slot);
        return typeIds[slot] == TypeId.FLOAT ? stage.getFloat(at) : stage.getDouble(at);
    }

    /** The high word of a 128-bit value. */
    public long wideHigh(int slot) {
        return stage.getLong(layout.fixedOffset(slot) + 8);
    }

    /** The low word of a 128-bit value. */
    public long wideLow(int slot) {
        return stage.getLong(layout.fixedOffset(slot));
    }

    /** The bytes of a string, binary, list or map value: {@code [0, }{@link #bytesLength}{@code )}. */
    public byte[] bytes(int slot) {
        return varValues[slot];
    }

    public int bytesLength(int slot) {
        return varLengths[slot];
    }
}
