package io.albis.read;

import io.albis.error.AlbisFormatException;
import io.albis.filter.BoundPredicate;
import io.albis.filter.RowValues;
import io.albis.internal.DirectMemory;
import io.albis.nested.ArrayValue;
import io.albis.nested.MapValue;
import io.albis.row.RowSlot;
import io.albis.row.SegmentRows;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Reads rows of a table: its row groups in order, only the column groups holding projected or
 * filtered columns, and only the segments whose statistics do not rule the filter out. Rows that
 * remain are checked against the filter one by one, so only matching rows come out.
 *
 * <p>Use as an iterator ({@code hasNext}/{@code next}, the returned row is this reader) or call
 * {@link #advance()}, which throws checked exceptions; or take runs ({@link #nextRun}), batches
 * ({@link #nextBatch}) or encoded rows ({@link #getBinaryRow()}). Not thread-safe.
 *
 * <p>The work is split: {@link Projection} plans what to read, {@link RowGroupOpener} opens a row
 * group (with {@link SegmentPruner} choosing its rows), {@link ColumnGroupCursor} walks each
 * column group's segments, and {@link RowView} reads the current row's strings, decimals and
 * boxed values; this class moves them along together and reads null bits and primitive values
 * itself, through each slot's packed place ({@link RowSlot#nullInfo()}, {@link RowSlot#valueInfo()}).
 */
public final class AlbisReader implements Closeable, Iterator<AlbisRow>, AlbisRow, RowValues {
    private final TableSource table;
    private final Projection plan;
    private final ReadStats stats = new ReadStats();
    private final BoundPredicate filter;
    /** The rows each column group read is walked with (by group position), for the reader's whole life. */
    private final SegmentRows[] rowsOfGroup;
    private final RowView row;
    /** The view's slot readers (by reader column), for the checks of the primitive getters and the filters. */
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
    private final RowGroupOpener opener;
    /** Lends the segment buffers (ReadOptions#allocator, or the shared one). */
    private final io.albis.memory.BufferAllocator allocator;

    private final List<RowGroupSource> queue;
    private int queuePos;

    /** The open row group, or null between row groups. */
    private OpenRowGroup open;
    private ColumnGroupCursor[] moving = new ColumnGroupCursor[0];
    /**
     * The rows of the moving cursors, stepped directly on the hot path: the first one (null when
     * no group is read) and the others (a row group usually has one group to read; a loop over a
     * one-element array costs the JIT's loop setup on every row).
     */
    private SegmentRows movingFirst;
    private SegmentRows[] movingOthers = new SegmentRows[0];
    /** One group moves and there is no filter: a row is one step of {@link #movingFirst}. */
    private boolean plain;
    private int currentRowGroup = -1;
    private int range;
    /** Row index (in the row group) after the current row; the end of the current range. */
    private long pos;
    private long end;
    private boolean positioned;
    /**
     * Rows after the current one that {@link #advance()} may hand out by stepping each moving
     * group's rows, without leaving the range or any group's segment. While they are handed out
     * {@code pos} stands at the end of that stretch: the exact position is {@code pos - burst}.
     */
    private long burst;
    /**
     * The plain stretch of fixed-width rows being handed out, if any: the rows stepped (null
     * otherwise), and the location of the stretch's last row. Its rows are counted from the
     * locations, so the hot path updates nothing but the row's location.
     */
    private SegmentRows plainRows;
    private long plainLimit;

    /** The first exception that left the cursors in an unknown state; the reader refuses to go on after it. */
    private Throwable failure;
    private boolean fetched;
    private boolean hasRow;
    private final BinaryRow binaryRow = new BinaryRow();
    private RowRun[] batchRuns;

    public AlbisReader(TableSource table, ReadOptions options) throws IOException {
        this.table = table;
        Schema schema = table.schema();
        this.plan = new Projection(schema, options);
        this.filter = plan.filter;
        int groups = schema.groups().size();
        this.rowsOfGroup = new SegmentRows[groups];
        for (int g : plan.neededGroups) {
            rowsOfGroup[g] = new SegmentRows(plan.layouts[g]);
        }
        this.row = new RowView(plan, rowsOfGroup);
        this.slots = row.slots();
        // Projected columns, then those only the filter reads.
        int columns = slots.length;
        this.rowsOf = new SegmentRows[columns];
        this.nullInfo = new long[columns];
        this.valueInfo = new long[columns];
        for (int i = 0; i < columns; i++) {
            rowsOf[i] = rowsOfGroup[plan.group[i]];
            nullInfo[i] = slots[i].nullInfo();
            valueInfo[i] = slots[i].valueInfo();
        }
        this.singleRows = plan.neededGroups.length == 1 ? rowsOfGroup[plan.neededGroups[0]] : null;
        this.opener = new RowGroupOpener(plan, table.storage(), options.verifyChecksums(), stats);
        this.queue = table.rowGroups(options.rowGroups());
        this.allocator = options.allocator();
    }

    public Schema schema() {
        return plan.schema;
    }

    public ReadStats stats() {
        return stats;
    }

    /** The table column behind reader column {@code i}. */
    public Column column(int i) {
        return plan.column(i);
    }

    @Override
    public int columnCount() {
        return plan.projected;
    }

    /** The index of the row group of the current row; -1 before the first. */
    public int currentRowGroup() {
        return currentRowGroup;
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

    /** Moves to the next matching row; false at the end. */
    public boolean advance() throws IOException {
        // Hot path, small enough that the JIT always inlines it: the next fixed-width row of a
        // plain stretch is one add to the row's location and one compare, which cannot fail.
        SegmentRows rows = plainRows;
        if (rows != null && rows.stepUpTo(plainLimit)) {
            return true;
        }
        return advanceGuarded();
    }

    private boolean advanceGuarded() throws IOException {
        try {
            if (burst > 0) {
                burst--;
                if (plain) {
                    movingFirst.next();
                    return true;
                }
                if (nextInStretch()) {
                    return true;
                }
            }
            return advanceSlow();
        } catch (Throwable t) {
            // Cursors may have moved unevenly: going on could pair rows of different column groups.
            fail(t);
            throw t;
        }
    }

    /** The hot path's general case: steps every moving group, then tests the filter. */
    private boolean nextInStretch() throws IOException {
        if (movingFirst != null) {
            movingFirst.next();
            SegmentRows[] others = movingOthers;
            for (int i = 0; i < others.length; i++) {
                others[i].next();
            }
        }
        return filter == null || filter.test(this);
    }

    /** Makes {@code pos} exact again (rows handed out by the hot path are behind it). */
    private void syncPos() {
        if (plainRows != null) {
            pos -= plainRows.rowsUpTo(plainLimit);
            plainRows = null;
        }
        pos -= burst;
        burst = 0;
    }

    /** After moving onto row {@code pos - 1}: how many rows may follow on the hot path. */
    private void startStretch() {
        long n = end - pos;
        for (ColumnGroupCursor c : moving) {
            n = Math.min(n, c.rowsLeftInSegment() - 1);
        }
        if (plain && !movingFirst.layout().hasVariable()) {
            plainRows = movingFirst;
            plainLimit = movingFirst.locationAhead((int) n);
        } else {
            burst = n;
        }
        pos += n;
    }

    private void fail(Throwable t) {
        if (failure == null) {
            failure = t;
        }
        syncPos();
        positioned = false;
        end = pos;
    }

    private void checkNotFailed() {
        if (failure != null) {
            throw new IllegalStateException("this reader failed earlier and cannot go on; open a new one", failure);
        }
    }

    /**
     * Moves past the next run of consecutive matching rows and describes it per column group in
     * {@code runs} (indexed by group position; entries for groups not read are left alone).
     * Returns the number of rows in the run, 0 at the end. A run never crosses a segment, so it
     * is a slice of each group's segment buffer. Do not mix with {@link #advance()} on one reader.
     */
    public int nextRun(RowRun[] runs) throws IOException {
        return nextRun(runs, Integer.MAX_VALUE);
    }

    /** As {@link #nextRun(RowRun[])}, with at most {@code maxRows} rows. */
    public int nextRun(RowRun[] runs, int maxRows) throws IOException {
        if (maxRows < 1) {
            throw new IllegalArgumentException("maxRows must be positive");
        }
        if (!advance()) {
            return 0;
        }
        syncPos();
        try {
            return runFromCurrentRow(runs, maxRows);
        } catch (Throwable t) {
            fail(t);
            throw t;
        }
    }

    /**
     * As {@link #nextRun(RowRun[], int)}, but only within the segments the reader holds: returns 0,
     * loading nothing, when no further matching row lies in every read group's current segment and
     * the current row range (the rows it looked at do not match and are consumed). Runs taken since
     * the last {@code nextRun} stay valid, since the segment buffers they point into are not
     * reloaded, so an engine can gather the matching rows of a segment into one batch of views:
     * {@code nextRun} starts the batch (it may load segments), {@code nextRunInSegments} extends it
     * until it returns 0. Without a filter a run already reaches the end of the first segment that
     * ends, so this returns 0 unless {@code maxRows} cut the last run short.
     */
    public int nextRunInSegments(RowRun[] runs, int maxRows) throws IOException {
        if (maxRows < 1) {
            throw new IllegalArgumentException("maxRows must be positive");
        }
        checkNotFailed();
        syncPos();
        if (open == null || !positioned) {
            return 0; // between row groups or row ranges: the next row needs a seek
        }
        try {
            ColumnGroupCursor[] m = moving;
            while (pos < end && allHaveNextInSegment(m)) {
                for (ColumnGroupCursor c : m) {
                    c.advance();
                }
                pos++;
                if (filter == null || filter.test(this)) {
                    return runFromCurrentRow(runs, maxRows);
                }
            }
            return 0;
        } catch (Throwable t) {
            fail(t);
            throw t;
        }
    }

    /** Describes the run that starts at the current (matching) row, row {@code pos - 1}. */
    private int runFromCurrentRow(RowRun[] runs, int maxRows) throws IOException {
        if (filter != null) {
            return nextFilteredRun(runs, maxRows);
        }
        // From the current row to the end of the range or of any group's segment.
        long n = Math.min(end - pos + 1, maxRows);
        for (ColumnGroupCursor c : moving) {
            n = Math.min(n, c.rowsLeftInSegment());
        }
        int count = (int) n;
        for (int g : plan.neededGroups) {
            open.cursors[g].fillRun(runs[g], count);
        }
        pos += count - 1;
        return count;
    }

    /**
     * From the current (matching) row, extends the run while the following rows of the same
     * segments match. The first row that does not match ends the run; it is consumed, which is
     * right, since it would never be returned.
     */
    private int nextFilteredRun(RowRun[] runs, int maxRows) throws IOException {
        int count = 1;
        for (int g : plan.neededGroups) {
            open.cursors[g].startRun(runs[g]);
        }
        ColumnGroupCursor[] m = moving;
        while (count < maxRows && pos < end && allHaveNextInSegment(m)) {
            for (ColumnGroupCursor c : m) {
                c.advance();
            }
            pos++;
            if (!filter.test(this)) {
                break;
            }
            for (int g : plan.neededGroups) {
                open.cursors[g].extendRun(runs[g]);
            }
            count++;
        }
        return count;
    }

    private static boolean allHaveNextInSegment(ColumnGroupCursor[] cursors) {
        for (ColumnGroupCursor c : cursors) {
            if (!c.hasNextInSegment()) {
                return false;
            }
        }
        return true;
    }

    private boolean advanceSlow() throws IOException {
        checkNotFailed();
        syncPos();
        for (;;) {
            if (open == null) {
                if (!openNextRowGroup()) {
                    return false;
                }
                continue;
            }
            if (pos < end) {
                for (ColumnGroupCursor c : moving) {
                    if (positioned) {
                        c.advance();
                    } else {
                        c.seek(pos);
                    }
                }
                positioned = true;
                pos++;
                if (filter == null || filter.test(this)) {
                    startStretch();
                    return true;
                }
                continue;
            }
            if (++range < open.ranges.count()) {
                pos = open.ranges.start(range);
                end = open.ranges.end(range);
                positioned = false;
            } else {
                closeRowGroup();
            }
        }
    }

    private boolean openNextRowGroup() throws IOException {
        if (queuePos >= queue.size()) {
            return false;
        }
        RowGroupSource rg = queue.get(queuePos++);
        currentRowGroup = rg.index();
        open = opener.open(rg, rowsOfGroup, allocator);
        moving = open.moving;
        movingFirst = moving.length == 0 ? null : moving[0].rows();
        movingOthers = new SegmentRows[Math.max(moving.length - 1, 0)];
        for (int i = 1; i < moving.length; i++) {
            movingOthers[i - 1] = moving[i].rows();
        }
        plain = moving.length == 1 && filter == null;
        range = 0;
        positioned = false;
        if (open.ranges.count() == 0) {
            pos = end = 0;
        } else {
            pos = open.ranges.start(0);
            end = open.ranges.end(0);
        }
        return true;
    }

    private void closeRowGroup() throws IOException {
        leaveRowGroup().close();
    }

    /** Forgets the open row group (which the caller closes) and its moving cursors. */
    private OpenRowGroup leaveRowGroup() {
        OpenRowGroup leaving = open;
        open = null;
        moving = new ColumnGroupCursor[0];
        movingFirst = null;
        movingOthers = new SegmentRows[0];
        plain = false;
        return leaving;
    }

    @Override
    public void close() throws IOException {
        queuePos = queue.size();
        burst = 0;
        plainRows = null;
        if (open != null) {
            leaveRowGroup().close();
        }
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

    @Override
    public long wideHigh(int i) {
        return DirectMemory.getLong(valueAt(i, 16) + 8);
    }

    @Override
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
     * The projected values as nested maps, structs rebuilt from the flattened columns: keys are
     * field names in schema order; a null struct is null.
     */
    public Map<String, Object> toNestedMap() {
        return row.toNestedMap();
    }

    @Override
    public long longValue(int i) {
        return slots[i].longValue();
    }

    @Override
    public double doubleValue(int i) {
        return slots[i].doubleValue();
    }

    @Override
    public int compareBytes(int i, byte[] literal) {
        return slots[i].compareBytes(literal);
    }

    // ------------------------------------------------------------------ binary API

    /** The column groups this reader reads, by position in the schema's group list. */
    public int[] readGroups() {
        return plan.neededGroups.clone();
    }

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

    /** One {@link RowRun} per column group position, for {@link #nextRun}. */
    public RowRun[] newRuns() {
        RowRun[] runs = new RowRun[rowsOfGroup.length];
        for (int g : plan.neededGroups) {
            runs[g] = new RowRun();
        }
        return runs;
    }

    /**
     * Fills {@code batch} with up to its capacity of the next matching rows, column by column
     * into primitive arrays (the vector interface for engines). Returns the rows filled, 0 at the end.
     */
    public int nextBatch(ColumnBatch batch) throws IOException {
        if (batchRuns == null) {
            batchRuns = newRuns();
        }
        batch.reset();
        int filled = 0;
        while (filled < batch.capacity()) {
            int n = nextRun(batchRuns, batch.capacity() - filled);
            if (n == 0) {
                break;
            }
            for (int i = 0; i < plan.projected; i++) {
                batch.column(i).fill(batchRuns[plan.group[i]], n, filled, plan.slot[i]);
            }
            filled += n;
        }
        batch.setSize(filled);
        return filled;
    }

    /** The types of the projected columns, to size a {@link ColumnBatch}. */
    public List<DataType> projectedTypes() {
        List<DataType> types = new ArrayList<>(plan.projected);
        for (int i = 0; i < plan.projected; i++) {
            types.add(plan.type[i]);
        }
        return types;
    }

    @Override
    public String toString() {
        return "AlbisReader[" + table.path() + ", columns=" + Arrays.toString(plan.tableColumn) + "]";
    }
}
