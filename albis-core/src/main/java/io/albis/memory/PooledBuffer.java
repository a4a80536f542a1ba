package io.albis.memory;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A direct buffer lent by a {@link BufferAllocator}: little-endian, first byte on a page
 * boundary, exactly the size asked for. Closing it gives the memory back to the allocator for
 * reuse, so nothing may use {@link #buffer()} (or a view of it) after {@link #close()}; closing
 * twice is harmless.
 */
public final class PooledBuffer implements AutoCloseable {
    private final BufferAllocator allocator;
    /** The whole pooled block (a size class); what goes back to the pool. */
    final ByteBuffer block;
    private final ByteBuffer buffer;
    private final String purpose;

    PooledBuffer(BufferAllocator allocator, ByteBuffer block, int size, String purpose) {
        this.allocator = allocator;
        this.block = block;
        this.buffer = block.slice(0, size).order(ByteOrder.LITTLE_ENDIAN);
        this.purpose = purpose;
    }

    /** The lent memory, writable, position 0 and limit = capacity = the size asked for. */
    public ByteBuffer buffer() {
        return buffer;
    }

    /** What the buffer was asked for, as given to {@link BufferAllocator#allocate}. */
    public String purpose() {
        return purpose;
    }

    /** Bytes this buffer counts against the limit: its size class, at least the size asked for. */
    public long accountedBytes() {
        return block.capacity();
    }

    @Override
    public void close() {
        allocator.release(this);
    }

    @Override
    public String toString() {
        return buffer.capacity() + " bytes for " + purpose;
    }
}
