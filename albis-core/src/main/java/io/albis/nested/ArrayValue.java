package io.albis.nested;

import io.albis.internal.DirectMemory;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.util.List;

/**
 * A stored array: a list's value, or a map's keys or values (docs/FORMAT.md §6; see
 * {@link NestedFormat}). A view; see {@link NestedSlots} for its getters and how long it is valid.
 * A list's view spans the whole value; a map's keys or values span their null bits and elements.
 */
public final class ArrayValue extends NestedSlots {
    private final Field element;
    private final int count;
    private final long nullsAt;
    /** Where the elements (fixed-width) or their ends (variable) start. */
    private final long elementsAt;
    private final int width;
    /** Width code of the ends of variable elements, and where their bytes start. */
    private final int endCode;
    private final long dataAt;

    /**
     * The {@code count} elements of {@code element} whose null bits (if the elements may be null)
     * start at {@code at}, their ends {@code endCode} wide if variable; the view's bytes
     * ({@link NestedBytes}) are {@code spanSize} at {@code spanStart}.
     */
    private ArrayValue(Object base, long spanStart, int spanSize, long at, int count, int endCode, Field element) {
        super(base, spanStart, spanSize);
        this.element = element;
        this.count = count;
        this.width = NestedFormat.elementWidth(element.type());
        this.nullsAt = element.nullable() ? at : -1;
        this.elementsAt = at + (element.nullable() ? NestedFormat.nullBytes(count) : 0);
        this.endCode = endCode;
        this.dataAt = width == NestedFormat.VARIABLE ? elementsAt + ((long) count << endCode) : -1;
    }

    /** A map's keys or values: {@code count} elements from {@code at}, as the private constructor says. */
    static ArrayValue elements(Object base, long at, int count, int endCode, Field element) {
        long elementsAt = at + (element.nullable() ? NestedFormat.nullBytes(count) : 0);
        int width = NestedFormat.elementWidth(element.type());
        long end;
        if (width != NestedFormat.VARIABLE) {
            end = elementsAt + (long) count * width;
        } else {
            long data = elementsAt + ((long) count << endCode);
            end = data + (count == 0 ? 0 : NestedFormat.end(base, elementsAt, endCode, count - 1));
        }
        return new ArrayValue(base, at, (int) (end - at), at, count, endCode, element);
    }

    /**
     * A view of the list value {@code bytes[offset, offset + length)} of list type {@code listType},
     * checked first ({@link IllegalArgumentException} naming what is wrong).
     */
    public static ArrayValue of(byte[] bytes, int offset, int length, DataType listType) {
        NestedCheck.checkHeap(bytes, offset, length, listType);
        return ofChecked(bytes, DirectMemory.BYTE_ARRAY_OFFSET + offset, length, listType);
    }

    /**
     * A view of a list value whose bytes {@link NestedCheck} has passed (a reader's row checks
     * every list and map it hands out): {@code size} bytes at {@code base}/{@code start}.
     */
    public static ArrayValue ofChecked(Object base, long start, int size, DataType listType) {
        long h = NestedFormat.header(base, start, start + size);
        long value = NestedFormat.headerValue(h);
        return new ArrayValue(base, start, size, start + NestedFormat.headerBytes(h), (int) (value >>> 2),
                (int) value & 3, listType.elementField());
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
    long bytesAt(int i) {
        checkIndex(i);
        long from = i == 0 ? 0 : NestedFormat.end(base, elementsAt, endCode, i - 1);
        long to = NestedFormat.end(base, elementsAt, endCode, i);
        return NestedFormat.packed(dataAt + from - start, to - from);
    }

    @Override
    long nullBitsAt() {
        return nullsAt;
    }

    /** Where the view's bytes end: where a map's values start after its keys. */
    long endAddress() {
        return start + size;
    }

    /** The elements as a List of Java objects (see {@link NestedSlots#get}). */
    @Override
    public List<Object> toJava() {
        return values();
    }
}
