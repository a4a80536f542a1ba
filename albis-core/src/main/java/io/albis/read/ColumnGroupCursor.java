package io.albis.read;

import io.albis.error.CorruptFileException;
import io.albis.memory.BufferAllocator;
import io.albis.memory.PooledBuffer;
import io.albis.row.SegmentRows;
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
 * checksum verified, and its rows walked in place by {@link SegmentRows} through a read-only view
 * (which is what runs and binary rows hand out), checking every length and offset before a row
 * is used.
 */
final class ColumnGroupCursor {
    private final SegmentRows rows;
    private final ColumnGroupMetadata meta;
    private final ReadableFile file;
    private final boolean verify;
    private final ReadStats stats;
    private final CRC32C crc = new CRC32C();

    /** Where {@link #buf} comes from; returned on {@link #close()}. Null for an idle cursor. */
    private PooledBuffer memory;
    /** The segment buffer the file is read into. */
    private ByteBuffer buf;
    /** A read-only view of {@link #buf}: the rows are walked, and handed out, through it. */
    private ByteBuffer view;
    private int segment = -1;
    /** Index in the row group of the loaded segment's first row, and of the first row after it. */
    private long segFirst;
    private long segEnd;

    /** A cursor over {@code file}, walking rows with {@code rows}, its segment buffer from {@code allocator}. */
    ColumnGroupCursor(SegmentRows rows, ColumnGroupMetadata meta, ReadableFile file, BufferAllocator allocator,
            boolean verify, ReadStats stats) {
        this.rows = rows;
        this.meta = meta;
        this.file = file;
        this.verify = verify;
        this.stats = stats;
        this.memory = allocator.allocate(Math.max(meta.maxSegmentLength(), 1), "segment buffer of " + file.path());
        this.buf = memory.buffer();
        this.view = buf.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * A cursor for a row group in which no row is read (every segment pruned): it opens no file
     * and stands on the all-null row of its {@link SegmentRows}, so accessors stay harmless.
     */
    static ColumnGroupCursor idle(SegmentRows rows) {
        return new ColumnGroupCursor(rows);
    }

    private ColumnGroupCursor(SegmentRows rows) {
        rows.detach();
        this.rows = rows;
        this.meta = null;
        this.file = null;
        this.verify = false;
        this.stats = null;
    }

    boolean isIdle() {
        return meta == null;
    }

    SegmentRows rows() {
        return rows;
    }

    String path() {
        return file == null ? "(no rows read)" : file.path();
    }

    /** Index in the row group of the current row. */
    private long row() {
        return segFirst + rows.rowIndex();
    }

    /** Positions the cursor on row {@code target} of the row group. */
    void seek(long target) throws IOException {
        if (meta == null) {
            return;
        }
        if (segment < 0 || target < row() || target >= segEnd) {
            load(meta.segmentOfRow(target));
        }
        rows.skip((int) (target - row()));
    }

    /** Moves to the next row; the caller guarantees one exists. */
    void advance() throws IOException {
        if (rows.hasNext()) {
            rows.next();
        } else if (meta != null) {
            load(segment + 1);
        }
    }

    /** True when the loaded segment has a row after the current one. */
    boolean hasNextInSegment() {
        return meta == null || rows.hasNext();
    }

    /** Whether row {@code row} of the row group lies in the loaded segment (always for an idle cursor). */
    boolean holdsRow(long row) {
        return meta == null || (segment >= 0 && row >= segFirst && row < segEnd);
    }

    /** The index in the row group of the first row after the loaded segment (no limit for an idle cursor). */
    long segmentEnd() {
        return meta == null ? Long.MAX_VALUE : segEnd;
    }

    /** Rows from the current one to the end of the loaded segment. */
    long rowsLeftInSegment() {
        return meta == null ? Long.MAX_VALUE : rows.rowsLeft();
    }

    /** Starts {@code run} at the current row (one row), for a run extended row by row. */
    void startRun(RowRun run) {
        run.start(rows);
    }

    /** Adds the current row, which directly follows the run's last row in the same segment. */
    void extendRun(RowRun run) {
        run.extend(rows.rowLength());
    }

    /**
     * Describes {@code count} rows from the current one (all in the loaded segment) in {@code run},
     * then leaves the cursor on the last of them.
     */
    void fillRun(RowRun run, int count) throws CorruptFileException {
        run.start(rows);
        if (!rows.layout().hasVariable()) {
            run.count = count;
            rows.skip(count - 1);
            return;
        }
        run.extendBy(rows, count - 1);
    }

    private void load(int s) throws IOException {
        if (s >= meta.segments().size()) {
            throw new CorruptFileException(path(), meta.dataLength(), "row " + segEnd + " is past the last segment");
        }
        SegmentMetadata seg = meta.segments().get(s);
        rows.detach();
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
        rows.start(view, seg.length(), seg.rowCount(), file.path(), seg.offset(), meta.version());
        segment = s;
        segFirst = seg.firstRow();
        segEnd = seg.endRow();
    }


    /** Returns the segment buffer to its allocator (first, so a failing file close cannot keep it), closes the file. */
    void close() throws IOException {
        rows.detach();
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
