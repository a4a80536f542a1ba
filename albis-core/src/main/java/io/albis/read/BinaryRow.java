package io.albis.read;

import io.albis.row.RowLayout;
import java.nio.ByteBuffer;

/**
 * A column group's encoded row (docs/FORMAT.md, "Row format") as it sits in the reader's
 * segment buffer: the binary API of the paper. It is a read-only view, valid until the reader
 * moves to another segment or is closed (io/albis/memory/README.md); {@link #toByteArray()} copies.
 */
public final class BinaryRow {
    private ByteBuffer buffer;
    private int offset;
    private int length;
    private RowLayout layout;

    void set(ByteBuffer buffer, int offset, int length, RowLayout layout) {
        this.buffer = buffer;
        this.offset = offset;
        this.length = length;
        this.layout = layout;
    }

    /** The buffer holding the row: a read-only, little-endian view of the reader's segment buffer. */
    public ByteBuffer buffer() {
        return buffer;
    }

    public int offset() {
        return offset;
    }

    public int length() {
        return length;
    }

    /** Where each column's bytes are inside the row. */
    public RowLayout layout() {
        return layout;
    }

    /** Copies the row into {@code dst} at {@code at}. */
    public void copyTo(byte[] dst, int at) {
        buffer.get(offset, dst, at, length);
    }

    public byte[] toByteArray() {
        byte[] b = new byte[length];
        copyTo(b, 0);
        return b;
    }
}
