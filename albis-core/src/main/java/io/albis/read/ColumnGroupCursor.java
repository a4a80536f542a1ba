package io.albis.read;

import io.albis.error.CorruptFileException;
import io.albis.memory.BufferAllocator;
import io.albis.memory.PooledBuffer;
import io.albis.row.RowLayout;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.segment.SegmentMetadata;
import io.albis.storage.ReadableFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * Walks the rows of one column group in one row group. A segment is read with one positional
 * read into a direct buffer lent by the reader's allocator for the life of the cursor, its
 * checksum verified, and its rows visited in place: {@link #base} is the current row's offset in
 * {@link #buf}. Callers outside the reader get {@link #view}, a read-only view of the same
 * memory. Every length used to step through the buffer is checked against the segment, so a
 * damaged file yields an exception, not a wrong row.
 */
final class ColumnGroupCursor {
    final RowLayout layout;
    private final boolean variable;
    private final int fixedLen;
    private final ColumnGroupMetadata meta;
    private final ReadableFile file;
    private final boolean verify;
    private final ReadStats stats;

    /** The loaded segment's bytes; rows are read in place. */
    ByteBuffer buf;
    /** {@link #buf} read-only, for views handed to callers (binary rows, row runs). */
    ByteBuffer view;
    /** Where {@link #buf} comes from; returned on {@link #close()}. Null for an idle cursor. */
    private PooledBuffer memory;
    /** Offset of the current row in {@link #buf}. */
    int base;
    /** Length of the current row. */
    int rowLen;

    private int segment = -1;
    private int segLength;
    private long segFirst;
    private long segEnd;
    private long row = -1;
    private final CRC32C crc = new CRC32C();

    ColumnGroupCursor(RowLayout layout, ColumnGroupMetadata meta, ReadableFile file, BufferAllocator allocator,
            boolean verify, ReadStats stats) {
        this.layout = layout;
        this.variable = layout.hasVariable();
        this.fixedLen = layout.fixedEnd();
        this.meta = meta;
        this.file = file;
        this.verify = verify;
        this.stats = stats;
        this.memory = allocator.allocate(meta.maxSegmentLength(), "segment buffer of " + file.path());
        this.buf = memory.buffer();
        this.view = readOnly(buf);
    }

    private static ByteBuffer readOnly(ByteBuffer b) {
        return b.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * A cursor for a row group in which no row is read (every segment pruned): it opens no file
     * and stands on one all-null row, so accessors stay harmless.
     */
    static ColumnGroupCursor idle(RowLayout layout) {
        ColumnGroupCursor c = new ColumnGroupCursor(layout);
        return c;
    }

    private ColumnGroupCursor(RowLayout layout) {
        this.layout = layout;
        this.variable = false;
        this.fixedLen = layout.fixedEnd();
        this.meta = null;
        this.file = null;
        this.verify = false;
        this.stats = null;
        this.buf = ByteBuffer.allocate(Math.max(fixedLen, 1)).order(ByteOrder.LITTLE_ENDIAN);
        for (int s = 0; s < layout.slots(); s++) {
            int b = layout.nullByte(s);
            buf.put(b, (byte) (buf.get(b) | RowLayout.nullMask(s)));
        }
        this.rowLen = fixedLen;
        this.view = readOnly(buf);
    }

    ColumnGroupMetadata metadata() {
        return meta;
    }

    String path() {
        return file == null ? "(no rows read)" : file.path();
    }

    /** Positions the cursor on row {@code target} of the row group. */
    void seek(long target) throws IOException {
        if (meta == null) {
            return;
        }
        if (segment < 0 || target < row || target >= segEnd) {
            load(meta.segmentOfRow(target));
        }
        if (variable) {
            while (row < target) {
                step();
            }
        } else {
            base += (int) (target - row) * fixedLen;
            row = target;
        }
    }

    /** Moves to the next row; the caller guarantees one exists. */
    void advance() throws IOException {
        if (row + 1 < segEnd) {
            base += rowLen;
            row++;
            if (variable) {
                readRowLength();
            }
        } else if (meta != null) {
            nextSegment();
        }
    }

    private void nextSegment() throws IOException {
        if (variable && base + rowLen != segLength) {
            throw corrupt(base + rowLen, "rows of segment " + segment + " end at " + (base + rowLen)
                    + " but the segment is " + segLength + " bytes");
        }
        load(segment + 1);
    }

    /** Rows from the current one to the end of the loaded segment. */
    long rowsLeftInSegment() {
        return meta == null ? Long.MAX_VALUE : segEnd - row;
    }

    /**
     * Describes {@code count} rows from the current one (all in the loaded segment) in {@code run},
     * then leaves the cursor on the last of them.
     */
    /** Starts {@code run} at the current row (one row), for a run extended row by row. */
    void startRun(RowRun run) {
        run.buffer = view;
        run.layout = layout;
        run.count = 1;
        run.firstOffset = base;
        run.stride = variable ? 0 : fixedLen;
        if (variable) {
            if (run.offsets.length < 2) {
                run.offsets = new int[16];
            }
            run.offsets[0] = base;
            run.offsets[1] = base + rowLen;
        }
    }

    /** Adds the current row, which directly follows the run's last row in the same segment. */
    void extendRun(RowRun run) {
        int n = run.count;
        if (variable) {
            if (run.offsets.length < n + 2) {
                run.offsets = java.util.Arrays.copyOf(run.offsets, Math.max(n + 2, run.offsets.length * 2));
            }
            run.offsets[n + 1] = base + rowLen;
        }
        run.count = n + 1;
    }

    void fillRun(RowRun run, int count) throws CorruptFileException {
        run.buffer = view;
        run.layout = layout;
        run.count = count;
        run.firstOffset = base;
        if (!variable) {
            run.stride = fixedLen;
            base += (count - 1) * fixedLen;
            row += count - 1;
            return;
        }
        run.stride = 0;
        if (run.offsets.length < count + 1) {
            run.offsets = new int[Math.max(count + 1, run.offsets.length * 2)];
        }
        int[] offs = run.offsets;
        for (int r = 0; r < count; r++) {
            if (r > 0) {
                step();
            }
            offs[r] = base;
        }
        offs[count] = base + rowLen;
    }

    private void step() throws CorruptFileException {
        base += rowLen;
        row++;
        if (variable) {
            readRowLength();
        }
    }

    private void readRowLength() throws CorruptFileException {
        if (base + RowLayout.SIZE_COUNTER > segLength) {
            throw corrupt(base, "row " + row + " starts past the end of its segment");
        }
        int len = buf.getInt(base);
        if (len < fixedLen || len > segLength - base) {
            throw corrupt(base, "row " + row + " claims " + len + " bytes; it must be " + fixedLen + ".."
                    + (segLength - base));
        }
        rowLen = len;
    }

    private void load(int s) throws IOException {
        if (s >= meta.segments().size()) {
            throw corrupt(-1, "row " + (row + 1) + " is past the last segment");
        }
        SegmentMetadata seg = meta.segments().get(s);
        buf.clear().limit(seg.length());
        file.readFully(seg.offset(), buf);
        stats.segmentsRead++;
        stats.bytesRead += seg.length();
        if (verify) {
            buf.flip();
            crc.reset();
            crc.update(buf);
            if ((int) crc.getValue() != seg.crc32c()) {
                throw new CorruptFileException(file.path(), seg.offset(), String.format(
                        "checksum mismatch in segment %d: metadata says %08x, bytes give %08x", s, seg.crc32c(),
                        (int) crc.getValue()));
            }
        }
        buf.clear();
        segment = s;
        segLength = seg.length();
        segFirst = seg.firstRow();
        segEnd = seg.endRow();
        row = segFirst;
        base = 0;
        if (variable) {
            readRowLength();
        } else {
            rowLen = fixedLen;
            if ((long) seg.rowCount() * fixedLen != seg.length()) {
                throw corrupt(-1, "segment " + s + " has " + seg.rowCount() + " rows of " + fixedLen
                        + " bytes but is " + seg.length() + " bytes long");
            }
        }
    }

    /** Checks a variable value's offset and size against the current row before it is read. */
    void checkVariable(int offset, int size, int slot) {
        if (offset < fixedLen || size < 0 || (long) offset + size > rowLen) {
            throw new CorruptDataException(new CorruptFileException(path(), segmentOffset() + base,
                    "variable value in slot " + slot + " of row " + row + " (offset " + offset + ", size " + size
                            + ") lies outside its row of " + rowLen + " bytes"));
        }
    }

    private long segmentOffset() {
        return segment < 0 || meta == null ? 0 : meta.segments().get(segment).offset();
    }

    private CorruptFileException corrupt(int inSegment, String message) {
        long at = inSegment < 0 ? -1 : segmentOffset() + inSegment;
        return new CorruptFileException(path(), at, message);
    }

    /** Returns the segment buffer to its allocator (first, so a failing file close cannot keep it), closes the file. */
    void close() throws IOException {
        if (memory != null) {
            memory.close();
            memory = null;
            buf = null;
            view = null;
        }
        if (file != null) {
            file.close();
        }
    }
}
