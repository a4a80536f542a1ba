package io.albis.read;

import io.albis.row.RowLayout;
import java.nio.ByteBuffer;

/**
 * Consecutive encoded rows of one column group, in place in the reader's segment buffer: the
 * binary form of the paper's vector interface. Row {@code r} of the run starts at
 * {@link #rowOffset(int)}; for groups without strings or binaries that is
 * {@code firstOffset + r * stride}. A view, valid until the reader's next call that moves it (a
 * run never outlives its segment) or its close (io/albis/memory/README.md).
 */
public final class RowRun {
    ByteBuffer buffer;
    RowLayout layout;
    int count;
    int firstOffset;
    int stride;
    int[] offsets = new int[0];

    /** The segment buffer holding the run: read-only and little-endian. */
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

    /** Bytes per row when every row has the same length, else 0 (use {@link #rowOffset(int)}). */
    public int stride() {
        return stride;
    }

    public int rowOffset(int r) {
        return stride != 0 ? firstOffset + r * stride : offsets[r];
    }

    /** Length of row {@code r}. */
    public int rowLength(int r) {
        return stride != 0 ? stride : offsets[r + 1] - offsets[r];
    }
}
