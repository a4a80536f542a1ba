package io.albis.read;

import io.albis.row.SegmentRows;
import io.albis.schema.DataType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the matching rows of a table in runs: each run is a stretch of consecutive matching rows
 * described per column group as a slice of its segment buffer ({@link RowRun}), so an engine or a
 * scan can walk the bytes in place; or in batches of primitive arrays ({@link ColumnBatch}), the
 * vector interface for engines. It reads what an {@link AlbisReader} with the same options reads,
 * with the same pruning and filter, but hands out no single rows. Not thread-safe.
 */
public final class RunReader extends RowWalker {
    private RowRun[] batchRuns;
    /** Set by {@link #deferFlatNestedChecks}. */
    private boolean flatNestedDeferred;

    public RunReader(TableSource table, ReadOptions options) throws IOException {
        super(table, options);
    }

    /**
     * Leaves the check of every flat list and map (one of leaves, {@link io.albis.nested.NestedShape#flat})
     * in today's layout to the caller, from the next row on: the runs then say so
     * ({@link RowRun#flatNestedUnchecked}), and the caller must check each such value that is not
     * null, as {@link io.albis.nested.NestedCheck} does, before it reads inside it. For a reader
     * that checks a value while it walks it (the checksum scan), so the value is walked once, not
     * twice; a value the caller never reads (a column not projected, a row filtered out) is then
     * never checked. Everything else the row codec checks is still checked before a run is handed
     * out. {@link #nextBatch} refuses to run after this, as batches hand out values unchecked.
     */
    public void deferFlatNestedChecks() {
        flatNestedDeferred = true;
        for (SegmentRows rows : rowsOfGroup) {
            if (rows != null) {
                rows.deferFlatNestedChecks();
            }
        }
    }

    /** One {@link RowRun} per column group position read (null elsewhere), for {@link #nextRun}. */
    public RowRun[] newRuns() {
        RowRun[] runs = new RowRun[rowsOfGroup.length];
        for (int g : plan.neededGroups) {
            runs[g] = new RowRun();
        }
        return runs;
    }

    /**
     * Moves past the next run of consecutive matching rows and describes it per column group in
     * {@code runs} (indexed by group position; entries for groups not read are left alone).
     * Returns the number of rows in the run, 0 at the end. A run never crosses a segment, so it
     * is a slice of each group's segment buffer.
     */
    public int nextRun(RowRun[] runs) throws IOException {
        return nextRun(runs, Integer.MAX_VALUE);
    }

    /**
     * The index in its row group ({@link #currentRowGroup()}) of the first row of the run the last
     * {@link #nextRun} or {@link #nextRunInSegments} described; the run's rows follow it in order.
     */
    public long runFirstRowIndex() {
        return runStartIndex();
    }

    /** As {@link #nextRun(RowRun[])}, with at most {@code maxRows} rows. */
    public int nextRun(RowRun[] runs, int maxRows) throws IOException {
        checkMaxRows(maxRows);
        return walkRun(runs, maxRows);
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
        checkMaxRows(maxRows);
        return walkRunInSegments(runs, maxRows);
    }

    /**
     * Moves past the next matching rows and describes them as one run per column group in
     * {@code runs} together with the offsets, from the run's first row ({@link #runFirstRowIndex}),
     * of those that match, ascending, in {@code selected}; returns how many it listed (at most
     * {@code selected.length}), 0 at the end. Where the filter is evaluated in vectors a run spans
     * the matching rows of a stretch that the segments hold, rows between them included but not
     * listed, so a scan that keeps few rows gathers them by offset from one run instead of taking a
     * run per row; elsewhere a run holds only matching rows and {@code selected} lists them all.
     * The run is valid as {@link #nextRun}'s is.
     */
    public int nextSelection(RowRun[] runs, int[] selected) throws IOException {
        checkMaxRows(selected.length);
        return walkSelection(runs, selected);
    }

    private static void checkMaxRows(int maxRows) {
        if (maxRows < 1) {
            throw new IllegalArgumentException("maxRows must be positive");
        }
    }

    /**
     * Fills {@code batch} with up to its capacity of the next matching rows, column by column
     * into primitive arrays. Returns the rows filled, 0 at the end.
     */
    public int nextBatch(ColumnBatch batch) throws IOException {
        if (flatNestedDeferred) {
            throw new IllegalStateException("batches hand out lists and maps as they are stored; a reader that"
                    + " deferred their checks (deferFlatNestedChecks) reads runs only");
        }
        if (batchRuns == null) {
            batchRuns = newRuns();
        }
        batch.reset();
        int filled = 0;
        while (filled < batch.capacity()) {
            int n = walkRun(batchRuns, batch.capacity() - filled);
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

}
