package io.albis.nested;

import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.internal.DirectMemory;
import java.util.List;

/**
 * A stored array: a list's value, or a map's keys or values (the layout of Spark's
 * {@code UnsafeArrayData}; see {@link NestedFormat}). A view; see {@link NestedSlots} for its
 * getters and how long it is valid.
 */
public final class ArrayValue extends NestedSlots {
    private final Field element;
    private final int count;
    private final int width;
    private final long elementsAt;

    ArrayValue(Object base, long start, int size, Field element) {
        super(base, start, size);
        this.element = element;
        this.count = (int) DirectMemory.getLong(base, start);
        this.width = NestedFormat.elementWidth(element.type());
        this.elementsAt = start + NestedFormat.arrayHeader(count);
    }

    /**
     * A view of the list value {@code bytes[offset, offset + length)} of list type {@code listType},
     * checked first ({@link IllegalArgumentException} naming what is wrong).
     */
    public static ArrayValue of(byte[] bytes, int offset, int length, DataType listType) {
        NestedCheck.checkHeap(bytes, offset, length, listType);
        return new ArrayValue(bytes, DirectMemory.BYTE_ARRAY_OFFSET + offset, length, listType.elementField());
    }

    /**
     * A view of a value whose bytes {@link NestedCheck} has passed (a reader's row checks every
     * list and map it hands out): {@code size} bytes at {@code base}/{@code start}.
     */
    public static ArrayValue ofChecked(Object base, long start, int size, DataType listType) {
        return new ArrayValue(base, start, size, listType.elementField());
    }

    /** Number of elements. */
    @Override
    public int count() {
        return count;
    }

    /** The element's type and whether elements may be null. */
    public Field element() {
        return element;
    }

    @Override
    public DataType typeAt(int i) {
        return element.type();
    }

    @Override
    long slotAt(int i) {
        checkIndex(i);
        return elementsAt + (long) i * width;
    }

    @Override
    long nullBitsAt() {
        return start + 8;
    }

    /** The elements as a List of Java objects (see {@link NestedSlots#get}). */
    @Override
    public List<Object> toJava() {
        return values();
    }
}
