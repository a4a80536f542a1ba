package io.albis.nested;

import io.albis.internal.DirectMemory;

/**
 * A stored list, map or struct value as its bytes: where they are and how many. The one place
 * that hands them on, without a copy or as a copy, for {@link NestedSlots} and {@link MapValue}.
 */
public abstract sealed class NestedBytes permits NestedSlots, MapValue {
    /** Memory of the value: {@code null} and an address, or a {@code byte[]} and an offset. */
    final Object base;
    /** Where the value starts (the views' offsets of variable values count from here). */
    final long start;
    final int size;

    NestedBytes(Object base, long start, int size) {
        this.base = base;
        this.start = start;
        this.size = size;
    }

    /**
     * The memory holding the stored bytes, for handing them on without a copy (Spark's column
     * vectors over them take the same pair): null when {@link #baseOffset()} is an address, else
     * the {@code byte[]} it is an Unsafe offset into.
     */
    public final Object baseObject() {
        return base;
    }

    /** Where the stored bytes start, with {@link #baseObject()}; {@link #sizeInBytes()} of them. */
    public final long baseOffset() {
        return start;
    }

    /** How many bytes the value takes. */
    public final int sizeInBytes() {
        return size;
    }

    /** The value's stored bytes, copied (for {@code AlbisWriter.setNestedBytes}, for instance). */
    public final byte[] toByteArray() {
        return copy(base, start, size);
    }

    /** A copy of {@code size} bytes at {@code base}/{@code start}. */
    static byte[] copy(Object base, long start, int size) {
        byte[] b = new byte[size];
        DirectMemory.copyToArray(base, start, b, 0, size);
        return b;
    }
}
