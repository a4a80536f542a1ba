package io.albis.read;

import io.albis.filter.BoundPredicate;
import io.albis.filter.VectorFilter;
import io.albis.memory.BufferAllocator;
import io.albis.row.SegmentRows;
import io.albis.schema.Column;
import io.albis.schema.Schema;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * Moves a read through a table: its row groups in order, the row ranges {@link SegmentPruner}
 * keeps in each, and the segments of every column group read, testing each row against the
 * filter so only matching rows are stood on. What stands on a row is each read group's
 * {@link SegmentRows}; {@link AlbisReader} reads values there one row at a time, {@link RunReader}
 * describes runs of rows as slices of the segment buffers. Both are walkers, and each makes
 * public only its own way of moving ({@link #step} or {@link #walkRun}, both package-private
 * here), so a reader either steps rows or takes runs, never both. They extend this class rather
 * than hold one: the row iterator's step is then a load of its own fields, as the JIT needs on a
 * path of about a nanosecond per row (a walker held in a field cost single-column reads 5–10%).
 *
 * <p>The work is split: {@link ReadPlan} plans what to read, {@link RowGroupOpener} opens a row
 * group, {@link ColumnGroupCursor} walks each column group's segments, and {@link RowView} reads
 * the current row for the filter. Not thread-safe.
 */
abstract class RowWalker implements Closeable {
    /** Rows a vector filter evaluates at once: its verdicts stay in the first-level cache. */
    static final int STRETCH = 4096;

    private final TableSource table;
    final ReadPlan plan;
    final ReadStats stats = new ReadStats();
    /**
     * The filter tested row by row in the current range: the plan's filter, or what its vector
     * part leaves; null in a range whose rows all pass (no filter, or statistics prove it).
     */
    private BoundPredicate filter;
    /** What {@link #filter} is in a range the statistics do not settle. */
    private final BoundPredicate rowFilter;
    /**
     * The part of the filter evaluated over stretches of rows at once ({@link VectorFilter}), or
     * null. In a range it applies to, the reader walks the sub-ranges of rows it keeps.
     */
    private final VectorFilter vector;
    /** The group positions the vector part reads, and the addresses and strides it is handed. */
    private final int[] vectorGroups;
    private final long[] vectorRowAt;
    private final int[] vectorStride;
    /** The vector part's verdict on each row of the stretch it evaluated last. */
    private final byte[] keep = new byte[STRETCH];
    /** Whether the current range is walked by sub-ranges of the vector part; its end, and the first row not evaluated yet. */
    private boolean vectorRange;
    private long rangeEnd;
    private long stretchEnd;
    /**
     * The rows the vector part kept of the stretch evaluated last, as offsets from its first row
     * ({@code stretchFirst}), ascending; those before {@code keptPos} are walked. A run of
     * consecutive offsets is a sub-range.
     */
    private final int[] kept = new int[STRETCH];
    private int keptCount;
    private int keptPos;
    private long stretchFirst;
    /** The rows each column group read is walked with (by group position), for the walker's whole life. */
    final SegmentRows[] rowsOfGroup;
    /** The current row by reader column, as the filter and the object getters read it. */
    final RowView row;
    private final RowGroupOpener opener;
    /** Lends the segment buffers (ReadOptions#allocator, or the shared one). */
    private final BufferAllocator allocator;

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
     * Rows after the current one that {@link #step()} may hand out by stepping each moving
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

    /** The index (in its row group) of the first row of the last run {@link #walkRun} or {@link #walkRunInSegments} described. */
    private long runStart;

    /** The first exception that left the cursors in an unknown state; the walker refuses to go on after it. */
    private Throwable failure;

    RowWalker(TableSource table, ReadOptions options) throws IOException {
        this.table = table;
        Schema schema = table.schema();
        this.plan = new ReadPlan(schema, options);
        VectorFilter.Split split = VectorFilter.split(plan.filter, plan.places());
        this.vector = split.vector();
        this.rowFilter = split.residual();
        this.filter = rowFilter;
        java.util.Set<Integer> groups = new java.util.TreeSet<>();
        if (vector != null) {
            vector.groups(groups);
        }
        this.vectorGroups = groups.stream().mapToInt(Integer::intValue).toArray();
        this.vectorRowAt = new long[schema.groups().size()];
        this.vectorStride = new int[schema.groups().size()];
        this.rowsOfGroup = new SegmentRows[schema.groups().size()];
        for (int g : plan.neededGroups) {
            rowsOfGroup[g] = new SegmentRows(plan.layouts[g]);
        }
        this.row = new RowView(plan, rowsOfGroup);
        this.opener = new RowGroupOpener(plan, table.storage(), options.verifyChecksums(), stats);
        this.queue = table.rowGroups(options.rowGroups());
        this.allocator = options.allocator();
    }

    public final Schema schema() {
        return plan.schema;
    }

    /** What the read has done so far: segments read and skipped, bytes read. */
    public final ReadStats stats() {
        return stats;
    }

    /** The table column behind reader column {@code i}. */
    public final Column column(int i) {
        return plan.column(i);
    }

    /** The projected columns (a filter may read more). */
    public final int columnCount() {
        return plan.projected;
    }

    /** The column groups this reader reads, by position in the schema's group list. */
    public final int[] readGroups() {
        return plan.neededGroups.clone();
    }

    /** The index of the row group of the current row; -1 before the first. */
    public final int currentRowGroup() {
        return currentRowGroup;
    }

    // ------------------------------------------------------------------ one row at a time

    /** Moves to the next matching row; false at the end. */
    final boolean step() throws IOException {
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
        return passes();
    }

    /** Whether the current row passes the range's row filter; a row it drops is counted. */
    private boolean passes() {
        if (filter == null || filter.test(row)) {
            return true;
        }
        stats.rowsDropped++;
        return false;
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
                if (passes()) {
                    startStretch();
                    return true;
                }
                continue;
            }
            if (vectorRange && nextSubRange()) {
                continue;
            }
            if (++range < open.ranges.count()) {
                enterRange(range);
            } else {
                closeRowGroup();
            }
        }
    }

    /**
     * The current row's index in its row group (its position among all the row group's rows,
     * whatever a filter skipped), off the hot path: the position the hot path runs ahead of, less
     * the rows it has not handed out yet.
     */
    final long currentRowIndex() {
        long p = pos;
        if (plainRows != null) {
            p -= plainRows.rowsUpTo(plainLimit);
        }
        return p - burst - 1;
    }

    /** The index (in its row group) of the first row of the last run described; a run's rows are consecutive. */
    final long runStartIndex() {
        return runStart;
    }

    // ------------------------------------------------------------------ runs of rows

    /**
     * Moves past the next run of consecutive matching rows, at most {@code maxRows}, and
     * describes it per column group in {@code runs}; the number of rows, 0 at the end.
     */
    final int walkRun(RowRun[] runs, int maxRows) throws IOException {
        if (!step()) {
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
     * The next kept rows as one run and the offsets of its kept rows ({@link RunReader#nextSelection}):
     * in a range the vector part filters alone, the kept rows of the sub-ranges ahead that every
     * read group's loaded segment holds once the cursors stand on the first of them; elsewhere one
     * run of consecutive matching rows, all kept.
     */
    final int walkSelection(RowRun[] runs, int[] selected) throws IOException {
        checkNotFailed();
        syncPos();
        try {
            while (open != null && vectorRange && filter == null && pos == end) {
                if (keptPos == keptCount) {
                    if (stretchEnd >= rangeEnd) {
                        break; // the range is done: the walk moves on to the next one
                    }
                    evaluateStretch();
                    continue;
                }
                return selectKept(runs, selected);
            }
        } catch (Throwable t) {
            fail(t);
            throw t;
        }
        int n = walkRun(runs, selected.length);
        for (int i = 0; i < n; i++) {
            selected[i] = i;
        }
        return n;
    }

    /** The selection of {@link #walkSelection} from the next kept row on; there is one. */
    private int selectKept(RowRun[] runs, int[] selected) throws IOException {
        int base = kept[keptPos];
        long first = stretchFirst + base;
        long held = Long.MAX_VALUE;
        for (ColumnGroupCursor c : moving) {
            c.seek(first);
            held = Math.min(held, c.segmentEnd());
        }
        // Kept rows of the stretch that every loaded segment holds, as many as fit.
        long heldOffset = held - stretchFirst;
        int limit = Math.min(keptCount, keptPos + selected.length);
        int kp = keptPos;
        int n = 0;
        while (kp < limit && kept[kp] < heldOffset) {
            selected[n++] = kept[kp++] - base;
        }
        int last = kept[kp - 1];
        keptPos = kp;
        int count = last - base + 1;
        for (int g : plan.neededGroups) {
            open.cursors[g].fillRun(runs[g], count);
        }
        runStart = first;
        pos = end = stretchFirst + last + 1; // the cursors stand on the last row of the run
        positioned = true;
        return n;
    }

    /** The next run within the segments held, or 0 loading nothing ({@link RunReader#nextRunInSegments}). */
    final int walkRunInSegments(RowRun[] runs, int maxRows) throws IOException {
        checkNotFailed();
        syncPos();
        if (open == null || !positioned) {
            return 0; // between row groups or row ranges: the next row needs a seek
        }
        try {
            ColumnGroupCursor[] m = moving;
            for (;;) {
                while (pos < end && allHaveNextInSegment(m)) {
                    for (ColumnGroupCursor c : m) {
                        c.advance();
                    }
                    pos++;
                    if (passes()) {
                        return runFromCurrentRow(runs, maxRows);
                    }
                }
                if (pos < end || !vectorRange || !nextSubRangeInSegments(m)) {
                    return 0;
                }
                pos++; // the cursors stand on the sub-range's first row
                if (passes()) {
                    return runFromCurrentRow(runs, maxRows);
                }
            }
        } catch (Throwable t) {
            fail(t);
            throw t;
        }
    }

    /**
     * Moves every moving cursor to the first row of the next sub-range of kept rows when that row
     * (and, for a stretch still to evaluate, the stretch's first row) lies in the segments they
     * hold; leaves {@code pos} on that row and {@code end} at the sub-range's end. False, moving
     * nothing, when reaching it would load a segment.
     */
    private boolean nextSubRangeInSegments(ColumnGroupCursor[] m) throws IOException {
        if (keptPos == keptCount) {
            if (stretchEnd >= rangeEnd || !allHoldRow(m, stretchEnd)) {
                return false;
            }
            evaluateStretch(); // moves only the vector part's cursors, within their segments
            if (keptCount == 0) {
                positioned = false; // the vector groups moved ahead of the others
                pos = end = stretchEnd;
                return false;
            }
        }
        long target = stretchFirst + kept[keptPos];
        if (!allHoldRow(m, target)) {
            positioned = false;
            pos = end = target;
            return false;
        }
        for (ColumnGroupCursor c : m) {
            c.seek(target);
        }
        pos = target;
        end = stretchFirst + takeSubRange();
        return true;
    }

    private static boolean allHoldRow(ColumnGroupCursor[] cursors, long row) {
        for (ColumnGroupCursor c : cursors) {
            if (!c.holdsRow(row)) {
                return false;
            }
        }
        return true;
    }

    /** Describes the run that starts at the current (matching) row, row {@code pos - 1}. */
    private int runFromCurrentRow(RowRun[] runs, int maxRows) throws IOException {
        runStart = pos - 1;
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
            if (!passes()) {
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

    // ------------------------------------------------------------------ row groups

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
        range = 0;
        if (open.ranges.count() == 0) {
            pos = end = 0;
            vectorRange = false;
            positioned = false;
        } else {
            enterRange(0);
        }
        return true;
    }

    /**
     * Starts range {@code r} of the open row group: untested when the statistics prove its rows
     * all pass; else walked by the sub-ranges the vector part keeps (evaluated a stretch at a time
     * as the walk reaches it), testing what it leaves row by row; else tested row by row.
     */
    private void enterRange(int r) {
        boolean exact = open.ranges.exact(r);
        filter = exact ? null : rowFilter;
        plain = moving.length == 1 && filter == null;
        positioned = false;
        vectorRange = vector != null && !exact;
        if (vectorRange) {
            rangeEnd = open.ranges.end(r);
            stretchEnd = open.ranges.start(r);
            keptCount = keptPos = 0;
            pos = end = stretchEnd; // empty: the walk asks nextSubRange for the first sub-range
        } else {
            pos = open.ranges.start(r);
            end = open.ranges.end(r);
        }
    }

    /**
     * Moves {@code pos} and {@code end} to the next sub-range of kept rows in the current range,
     * evaluating stretches until one keeps a row; false when the range has none left.
     */
    private boolean nextSubRange() throws IOException {
        while (keptPos == keptCount) {
            if (stretchEnd >= rangeEnd) {
                return false;
            }
            evaluateStretch();
        }
        pos = stretchFirst + kept[keptPos];
        end = stretchFirst + takeSubRange();
        positioned = false;
        return true;
    }

    /** Walks past the kept rows consecutive from {@code kept[keptPos]}; the offset after the last. */
    private int takeSubRange() {
        int next = kept[keptPos++] + 1;
        while (keptPos < keptCount && kept[keptPos] == next) {
            next++;
            keptPos++;
        }
        return next;
    }

    /**
     * Evaluates the vector part over the rows from {@code stretchEnd} on, as many as lie in the
     * loaded segments of the groups it reads (at most {@link #STRETCH}), and lists the rows it
     * keeps. The groups' cursors are moved to the stretch's first row; the walk
     * then seeks every moving cursor to each sub-range, so segments of other groups holding no
     * kept row are never loaded.
     */
    private void evaluateStretch() throws IOException {
        long first = stretchEnd;
        long n = Math.min(rangeEnd - first, STRETCH);
        for (int g : vectorGroups) {
            ColumnGroupCursor c = open.cursors[g];
            c.seek(first);
            n = Math.min(n, c.rowsLeftInSegment());
            vectorRowAt[g] = rowsOfGroup[g].rowAt();
            vectorStride[g] = plan.layouts[g].fixedEnd();
        }
        int rows = (int) n;
        byte[] k = keep;
        vector.evaluate(vectorRowAt, vectorStride, rows, k);
        // The kept rows' offsets, without a branch: each row is written, the count moves on if kept.
        int[] out = kept;
        int count = 0;
        for (int i = 0; i < rows; i++) {
            out[count] = i;
            count += k[i];
        }
        stats.rowsDropped += rows - count;
        keptCount = count;
        keptPos = 0;
        stretchFirst = first;
        stretchEnd = first + rows;
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
    public final void close() throws IOException {
        queuePos = queue.size();
        burst = 0;
        plainRows = null;
        if (open != null) {
            leaveRowGroup().close();
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + table.path() + ", columns="
                + java.util.Arrays.toString(plan.tableColumn) + "]";
    }
}
