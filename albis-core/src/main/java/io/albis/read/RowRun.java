package io.albis.read;

import io.albis.error.CorruptFileException;
import io.albis.row.RowLayout;
import io.albis.row.SegmentRows;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Consecutive encoded rows of one column group, in place in the reader's segment buffer: the
 * binary form of the paper's vector interface. Row {@code r} of the run starts at
 * {@link #rowOffset(int)}; for groups without strings or binaries that is
 * {@code firstOffset + r * stride}. A read-only view, valid until the reader's next call that
 * moves it (a run never outlives its segment) or its close (io/albis/memory/README.md).
 *
 * <p>Every row of a run has passed the row codec's checks ({@link io.albis.row.SegmentRows}):
 * the rows lie inside the buffer, each is at least its fixed area long, every string, binary,
 * list or map value with bytes lies between the end of the fixed area and the end of its row,
 * and every list or map that is not null is sound, except the flat ones of a run that says
 * {@link #flatNestedUnchecked()}.
 */
public final class RowRun {
    private ByteBuffer buffer;
    private RowLayout layout;
    int count;
    private int firstOffset;
    private int stride;
    private int[] offsets = new int[0];
    private boolean legacyNested;
    private boolean flatNestedUnchecked;
    private String file;
    private long fileOffset;

    /** Starts the run with the current row of {@code rows}. */
    void start(SegmentRows rows) {
        ByteBuffer buffer = rows.buffer();
        RowLayout layout = rows.layout();
        int offset = rows.rowOffset();
        int length = rows.rowLength();
        boolean variable = layout.hasVariable();
        this.buffer = buffer;
        this.layout = layout;
        this.legacyNested = rows.legacyNested();
        this.flatNestedUnchecked = rows.flatNestedDeferred() && !legacyNested;
        this.file = rows.file();
        this.fileOffset = rows.fileOffset();
        this.count = 1;
        this.firstOffset = offset;
        this.stride = variable ? 0 : length;
        if (variable) {
            if (offsets.length < 2) {
                offsets = new int[16];
            }
            offsets[0] = offset;
            offsets[1] = offset + length;
        }
    }

    /** Adds the row that directly follows the last one, of {@code length} bytes. */
    void extend(int length) {
        int n = count;
        if (stride == 0) {
            if (offsets.length < n + 2) {
                offsets = Arrays.copyOf(offsets, Math.max(n + 2, offsets.length * 2));
            }
            offsets[n + 1] = offsets[n] + length;
        }
        count = n + 1;
    }

    /** Adds the {@code n} rows with a size counter that follow the last one, moving {@code rows} onto the last of them. */
    void extendBy(SegmentRows rows, int n) throws CorruptFileException {
        int c = count;
        if (offsets.length < c + n + 1) {
            offsets = Arrays.copyOf(offsets, Math.max(c + n + 1, offsets.length * 2));
        }
        rows.nextRows(n, offsets, c + 1);
        count = c + n;
    }

    public ByteBuffer buffer() {
        return buffer;
    }

    public RowLayout layout() {
        return layout;
    }

    /**
     * True when the run's file (of format 3.0 to 5.x) holds its lists and maps in Spark's layout
     * ({@link io.albis.nested.LegacyNested}), which a reader of the bytes turns into today's
     * ({@link io.albis.row.NestedValueEncoder#fromLegacy}) before it reads them.
     */
    public boolean legacyNested() {
        return legacyNested;
    }

    /**
     * True when the run's flat lists and maps have not been checked ({@link RunReader#deferFlatNestedChecks}):
     * the reader checks each that is not null before it reads inside it.
     */
    public boolean flatNestedUnchecked() {
        return flatNestedUnchecked;
    }

    /** The file the run's rows are read from, for messages. */
    public String file() {
        return file;
    }

    /** The offset in its file of the byte at {@code bufferOffset} of {@link #buffer()}, for messages. */
    public long fileOffset(long bufferOffset) {
        return fileOffset + bufferOffset;
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

    /** Offset just past the run's last row. */
    public int endOffset() {
        return rowOffset(count - 1) + rowLength(count - 1);
    }
}
