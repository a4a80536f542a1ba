package io.albis.row;

import io.albis.schema.Column;
import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.schema.Schema;

/**
 * Where each value of a column group's row lives (docs/FORMAT.md, "Row format"). Computed once per
 * schema so the hot loops are plain arithmetic:
 * <pre>
 * [size:i32, only if the group has string/binary columns] [null bitmap: ceil(n/8) bytes]
 * [fixed area: each value in slot order; string/binary as (offset &lt;&lt; 32 | size)] [variable area]
 * </pre>
 * Bit {@code s % 8} (least significant first) of bitmap byte {@code s / 8} is set when slot
 * {@code s} is null. Offsets of variable values count from the row's first byte.
 */
public final class RowLayout {
    /** Bytes of the size counter when present. */
    public static final int SIZE_COUNTER = 4;
    /** Largest encoded row the format allows; keeps every offset inside an int. */
    public static final int MAX_ROW_LENGTH = Integer.MAX_VALUE - 1024;

    private final int[] tableColumns;
    private final String[] names;
    private final DataType[] types;
    private final int[] fixedOffsets;
    private final int bitmapOffset;
    private final int bitmapBytes;
    private final int fixedEnd;
    private final boolean variable;
    private final int[] variableSlots;

    public RowLayout(Schema schema, ColumnGroup group) {
        int n = group.size();
        tableColumns = group.columns();
        types = new DataType[n];
        names = new String[n];
        fixedOffsets = new int[n];
        int varCount = 0;
        for (int s = 0; s < n; s++) {
            types[s] = schema.column(tableColumns[s]).type();
            names[s] = schema.column(tableColumns[s]).name();
            if (types[s].isVariableWidth()) {
                varCount++;
            }
        }
        variable = varCount > 0;
        variableSlots = new int[varCount];
        bitmapOffset = variable ? SIZE_COUNTER : 0;
        bitmapBytes = (n + 7) / 8;
        int off = bitmapOffset + bitmapBytes;
        int v = 0;
        for (int s = 0; s < n; s++) {
            fixedOffsets[s] = off;
            off += types[s].fixedWidth();
            if (types[s].isVariableWidth()) {
                variableSlots[v++] = s;
            }
        }
        fixedEnd = off;
    }

    /** Number of slots (columns) in the row. */
    public int slots() {
        return types.length;
    }

    public DataType type(int slot) {
        return types[slot];
    }

    /** The schema column index stored in this slot. */
    public int tableColumn(int slot) {
        return tableColumns[slot];
    }

    /** The name of the column in this slot, for messages. */
    public String columnName(int slot) {
        return names[slot];
    }

    public int fixedOffset(int slot) {
        return fixedOffsets[slot];
    }

    public int bitmapOffset() {
        return bitmapOffset;
    }

    public int bitmapBytes() {
        return bitmapBytes;
    }

    /** Offset of the null-bitmap byte holding this slot's bit. */
    public int nullByte(int slot) {
        return bitmapOffset + (slot >>> 3);
    }

    public static int nullMask(int slot) {
        return 1 << (slot & 7);
    }

    /** End of the fixed area: the length of every row when {@link #hasVariable()} is false. */
    public int fixedEnd() {
        return fixedEnd;
    }

    /** True when rows carry strings or binaries, and so a size counter and a variable area. */
    public boolean hasVariable() {
        return variable;
    }

    /** Slots holding variable-width values, ascending. */
    public int[] variableSlots() {
        return variableSlots.clone();
    }

    public static long packOffsetSize(int offset, int size) {
        return ((long) offset << 32) | (size & 0xffffffffL);
    }

    public static int offsetOf(long packed) {
        return (int) (packed >>> 32);
    }

    public static int sizeOf(long packed) {
        return (int) packed;
    }

    /** Names the columns of this layout, for messages. */
    public String describe(Schema schema) {
        StringBuilder sb = new StringBuilder();
        for (int s = 0; s < types.length; s++) {
            Column c = schema.column(tableColumns[s]);
            sb.append(s == 0 ? "" : ", ").append(c.name()).append('@').append(fixedOffsets[s]);
        }
        return sb.toString();
    }
}
