package io.albis.read;

import io.albis.row.RowLayout;
import java.nio.ByteBuffer;

/**
 * Consecutive encoded rows of one column group, in place in the reader's segment buffer: the
 * binary form of the paper's vector interface. Row {@code r} of the run starts at
 * {@link #rowOffset(int)}; for groups without strings or binaries that is
 * {@code firstOffset + r * stride}. A view, valid until the reader moves on.
 */
public final class RowRun {
    ByteBuffer buffer;
    RowLayout layout;
    int count;
    int firstOffset;
    int stride;
    int[] offsets = new int[0];
    /** An absent column group: every row is the same all-null row at {@link #firstOffset}. */
    boolean repeated;

    public ByteBuffer buffer() {
        return buffer;
    }

    public RowLayout layout() {
        return layout;
    }

    /** Rows in the run. */
    public int count() {
        return count;
    }

    public int firstOffset() {
        return firstOffset;
    }

    /**
     * Bytes per row when rows are evenly spaced, else 0 (use {@link #rowOffset(int)}): variable
     * rows, or an absent column group whose single all-null row stands for every row.
     */
    public int stride() {
        return stride;
    }

    public int rowOffset(int r) {
        if (repeated) {
            return firstOffset;
        }
        return stride != 0 ? firstOffset + r * stride : offsets[r];
    }

    /** Length of row {@code r}. */
    public int rowLength(int r) {
        if (repeated) {
            return layout.fixedEnd();
        }
        return stride != 0 ? stride : offsets[r + 1] - offsets[r];
    }
}
