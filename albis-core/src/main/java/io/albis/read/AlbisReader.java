package io.albis.read;

import io.albis.error.AlbisFormatException;
import io.albis.filter.BoundPredicate;
import io.albis.filter.RowValues;
import io.albis.internal.DirectMemory;
import io.albis.nested.ArrayValue;
import io.albis.nested.MapValue;
import io.albis.row.RowSlot;
import io.albis.row.SegmentRows;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Reads the rows of a table one at a time: its row groups in order, only the column groups
 * holding projected or filtered columns, and only the segments whose statistics do not rule the
 * filter out. Rows that remain are checked against the filter one by one, so only matching rows
 * come out.
 *
 * <p>Use as an iterator ({@code hasNext}/{@code next}, the returned row is this reader) or call
 * {@link #advance()}, which throws checked exceptions; read the current row through the typed
 * getters or as the bytes it is stored in ({@link #getBinaryRow()}). For runs of rows as slices
 * of the segment buffers, or batches of primitive arrays, open a {@link RunReader} instead. Not
 * thread-safe.
 *
 * <p>Its base, the {@link RowWalker}, moves the read; this class reads null bits and primitive
 * values itself, through each slot's packed place ({@link RowSlot#nullInfo()},
 * {@link RowSlot#valueInfo()}), and the other values through the walker's {@link RowView}.
 */
public final class AlbisReader extends RowWalker implements Iterator<AlbisRow>, AlbisRow {
    /** The view's slot readers (by reader column), for the checks of the primitive getters. */
    private final RowSlot[] slots;
    /**
     * What the primitive getters read, by reader column: the rows of its group, and its slot's
     * {@link RowSlot#nullInfo()} and {@link RowSlot#valueInfo()}. When one group is read its rows
     * are {@link #singleRows}, a final field, so a loop over the columns of a row loads the row's
     * location once.
     */
    private final SegmentRows[] rowsOf;
    private final SegmentRows singleRows;
    private final long[] nullInfo;
    private final long[] valueInfo;

    private boolean fetched;
    private boolean hasRow;
    private final BinaryRow binaryRow = new BinaryRow();

    public AlbisReader(TableSource table, ReadOptions options) throws IOException {
        super(table, options);
        this.slots = row.slots();
        this.rowsOf = row.rowsOf;
        this.nullInfo = row.nullInfo;
        this.valueInfo = row.valueInfo;
        this.singleRows = plan.neededGroups.length == 1 ? rowsOfGroup[plan.neededGroups[0]] : null;
    }

    // ------------------------------------------------------------------ iteration

    @Override
    public boolean hasNext() {
        if (!fetched) {
            try {
                hasRow = advance();
            } catch (AlbisFormatException e) {
                throw new CorruptDataException(e);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            fetched = true;
        }
        return hasRow;
    }

    @Override
    public AlbisRow next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        fetched = false;
        return this;
    }

    /**
     * The current row's index in its row group ({@link #currentRowGroup()}): its position among the
     * row group's rows, counting those a filter skipped. Not for a per-row hot loop (it is not one
     * of the getters the JIT sees through); for lineage and debugging.
     */
    public long rowIndex() {
        return currentRowIndex();
    }

    /** Moves to the next matching row; false at the end. */
    public boolean advance() throws IOException {
        return step();
    }

    // ------------------------------------------------------------------ values of the current row

    /** Location of the current row of column {@code i}'s group. */
    private long rowAt(int i) {
        SegmentRows only = singleRows;
        return (only != null ? only : rowsOf[i]).rowAt();
    }

    /** Where a read of {@code bytes} bytes of column {@code i}'s value starts, after the slot's width check. */
    private long valueAt(int i, int bytes) {
        long info = valueInfo[i];
        if (!RowSlot.holds(info, bytes)) {
            throw slots[i].tooNarrow(bytes);
        }
        return RowSlot.valueAt(rowAt(i), info);
    }

    @Override
    public boolean isNull(int i) {
        return RowSlot.isNull(rowAt(i), nullInfo[i]);
    }

    @Override
    public boolean getBoolean(int i) {
        return DirectMemory.getByte(valueAt(i, 1)) != 0;
    }

    @Override
    public byte getByte(int i) {
        return DirectMemory.getByte(valueAt(i, 1));
    }

    @Override
    public short getShort(int i) {
        return DirectMemory.getShort(valueAt(i, 2));
    }

    @Override
    public int getInt(int i) {
        return DirectMemory.getInt(valueAt(i, 4));
    }

    @Override
    public long getLong(int i) {
        return DirectMemory.getLong(valueAt(i, 8));
    }

    @Override
    public float getFloat(int i) {
        return Float.intBitsToFloat(DirectMemory.getInt(valueAt(i, 4)));
    }

    @Override
    public double getDouble(int i) {
        return Double.longBitsToDouble(DirectMemory.getLong(valueAt(i, 8)));
    }

    @Override
    public int getDate(int i) {
        return getInt(i);
    }

    @Override
    public long getTimestampMicros(int i) {
        return getLong(i);
    }

    @Override
    public long getDecimalUnscaled(int i) {
        long at = valueAt(i, 8);
        if (!RowSlot.fitsLong(at, valueInfo[i])) {
            throw slots[i].doesNotFitLong();
        }
        return DirectMemory.getLong(at);
    }

    @Override
    public BigDecimal getDecimal(int i) {
        return row.getDecimal(i);
    }

    /** The high word of a wide decimal's 128-bit unscaled value (its low word is {@link #wideLow}). */
    public long wideHigh(int i) {
        return DirectMemory.getLong(valueAt(i, 16) + 8);
    }

    /** The low word of a wide decimal's 128-bit unscaled value. */
    public long wideLow(int i) {
        return getLong(i);
    }

    @Override
    public int getBytesLength(int i) {
        return row.getBytesLength(i);
    }

    @Override
    public int copyBytes(int i, byte[] dst, int offset) {
        return row.copyBytes(i, dst, offset);
    }

    @Override
    public String getString(int i) {
        return row.getString(i);
    }

    @Override
    public byte[] getBinary(int i) {
        return row.getBinary(i);
    }

    @Override
    public ArrayValue getList(int i) {
        return slots[i].getList();
    }

    @Override
    public MapValue getMap(int i) {
        return slots[i].getMap();
    }

    @Override
    public Object getValue(int i) {
        return row.getValue(i);
    }

    /**
     * The current row as filters test it (a view that follows the reader), for evaluating a
     * {@link BoundPredicate} outside the reader.
     */
    public RowValues filterValues() {
        return row;
    }

    /**
     * The projected values as nested maps, structs rebuilt from the flattened columns: keys are
     * field names in schema order; a null struct is null.
     */
    public Map<String, Object> toNestedMap() {
        return row.toNestedMap();
    }

    // ------------------------------------------------------------------ binary API

    /**
     * The encoded row of the only column group being read (a view, valid until the reader moves).
     * When several groups are read use {@link #getBinaryRow(int)}.
     */
    public BinaryRow getBinaryRow() {
        if (plan.neededGroups.length != 1) {
            throw new IllegalStateException("this reader reads " + plan.neededGroups.length
                    + " column groups; ask for one with getBinaryRow(group)");
        }
        return getBinaryRow(plan.neededGroups[0]);
    }

    /** The encoded row of the column group at {@code groupPosition} in the schema's group list. */
    public BinaryRow getBinaryRow(int groupPosition) {
        SegmentRows rows = groupPosition >= 0 && groupPosition < rowsOfGroup.length ? rowsOfGroup[groupPosition] : null;
        if (rows == null) {
            throw new IllegalArgumentException("column group " + groupPosition + " is not being read");
        }
        binaryRow.set(rows.buffer(), rows.rowOffset(), rows.rowLength(), rows.layout());
        return binaryRow;
    }

    /** A copy of the encoded row of the only column group being read, as in the paper's API. */
    public byte[] copyBinaryRow() {
        return getBinaryRow().toByteArray();
    }

}
