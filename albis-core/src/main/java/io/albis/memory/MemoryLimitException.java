package io.albis.memory;

/**
 * A buffer could not be lent without going over a {@link BufferAllocator}'s limit, or the JVM had
 * no direct memory left for it. Thrown instead of an {@link OutOfMemoryError}: the process is
 * fine, this read is not; the message names the limit, what was asked and what is in use.
 */
public class MemoryLimitException extends IllegalStateException {
    private final long limit;
    private final long requested;
    private final long inUse;

    MemoryLimitException(String message, long limit, long requested, long inUse, Throwable cause) {
        super(message, cause);
        this.limit = limit;
        this.requested = requested;
        this.inUse = inUse;
    }

    /** The allocator's limit in bytes. */
    public long limit() {
        return limit;
    }

    /** Bytes asked for (the size class counted against the limit). */
    public long requested() {
        return requested;
    }

    /** Bytes lent out by the allocator when the request failed. */
    public long inUse() {
        return inUse;
    }
}
