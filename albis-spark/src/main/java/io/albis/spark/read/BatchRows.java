package io.albis.spark.read;

import io.albis.internal.DirectMemory;
import io.albis.read.RowRun;

/**
 * Where the rows of one batch lie in one column group's segment buffer, gathered from the runs
 * the batch is made of (all in one segment of the group, so in one buffer). One run of
 * fixed-width rows, the usual case without a filter, stays a stride (row {@code r} at
 * {@code firstOffset + r * stride}); otherwise each row's offset is listed.
 */
final class BatchRows {
    private long address;
    private int firstOffset;
    private int stride;
    /** Row offsets when not strided, else unused; sized to the largest batch. */
    private final int[] rowOffsets;
    private boolean strided;
    private boolean legacyNested;

    BatchRows(int maxRows) {
        this.rowOffsets = new int[maxRows];
    }

    /** Starts a batch with the {@code n} rows of {@code run}. */
    void start(RowRun run, int n) {
        address = DirectMemory.address(run.buffer());
        legacyNested = run.legacyNested();
        strided = run.stride() != 0;
        if (strided) {
            firstOffset = run.firstOffset();
            stride = run.stride();
        } else {
            copy(run, n, 0);
        }
    }

    /** Starts a batch with the {@code n} rows of {@code run} at offsets {@code selected} (from its first row). */
    void select(RowRun run, int[] selected, int n) {
        address = DirectMemory.address(run.buffer());
        legacyNested = run.legacyNested();
        strided = false;
        for (int i = 0; i < n; i++) {
            rowOffsets[i] = run.rowOffset(selected[i]);
        }
    }

    /** Adds the {@code n} rows of {@code run}, in the same buffer, after the first {@code at} rows of the batch. */
    void add(RowRun run, int n, int at) {
        if (strided) {
            for (int r = 0; r < at; r++) {
                rowOffsets[r] = firstOffset + r * stride;
            }
            strided = false;
        }
        copy(run, n, at);
    }

    private void copy(RowRun run, int n, int at) {
        for (int r = 0; r < n; r++) {
            rowOffsets[at + r] = run.rowOffset(r);
        }
    }

    /** True when the rows' file (of format 3.0 to 5.x) holds its lists and maps in Spark's layout ({@link RowRun#legacyNested()}). */
    boolean legacyNested() {
        return legacyNested;
    }

    /** The segment buffer's address. */
    long address() {
        return address;
    }

    /** Offset of the first row when strided. */
    int firstOffset() {
        return firstOffset;
    }

    /** Bytes from row to row when strided. */
    int stride() {
        return stride;
    }

    /** Each row's offset in the buffer, or null when the rows are strided. */
    int[] offsets() {
        return strided ? null : rowOffsets;
    }
}
