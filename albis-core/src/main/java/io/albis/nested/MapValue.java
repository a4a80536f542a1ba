package io.albis.nested;

import io.albis.internal.DirectMemory;
import io.albis.schema.DataType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A stored map (docs/FORMAT.md §6; see {@link NestedFormat}): its count, then its keys and its
 * values as two arrays of that many elements, entry {@code i} being key {@code i} and value
 * {@code i}. A view, valid as long as the arrays it hands out.
 */
public final class MapValue extends NestedBytes {
    private final ArrayValue keys;
    private final ArrayValue values;

    MapValue(Object base, long start, int size, DataType type) {
        super(base, start, size);
        long h = NestedFormat.header(base, start, start + size);
        long value = NestedFormat.headerValue(h);
        int n = (int) (value >>> 4);
        this.keys = ArrayValue.elements(base, start + NestedFormat.headerBytes(h), n, (int) value & 3, type.keyField());
        this.values = ArrayValue.elements(base, keys.endAddress(), n, (int) (value >>> 2) & 3, type.valueField());
    }

    /**
     * A view of the map value {@code bytes[offset, offset + length)} of map type {@code mapType},
     * checked first ({@link IllegalArgumentException} naming what is wrong).
     */
    public static MapValue of(byte[] bytes, int offset, int length, DataType mapType) {
        NestedCheck.checkHeap(bytes, offset, length, mapType);
        return new MapValue(bytes, DirectMemory.BYTE_ARRAY_OFFSET + offset, length, mapType);
    }

    /**
     * A view of a value whose bytes {@link NestedCheck} has passed (a reader's row checks every
     * list and map it hands out): {@code size} bytes at {@code base}/{@code start}.
     */
    public static MapValue ofChecked(Object base, long start, int size, DataType mapType) {
        return new MapValue(base, start, size, mapType);
    }

    /** Number of entries. */
    public int count() {
        return keys.count();
    }

    public ArrayValue keys() {
        return keys;
    }

    public ArrayValue values() {
        return values;
    }

    /**
     * The entries as a map of Java objects (see {@link NestedSlots#get}) in stored order. The
     * format does not forbid a key twice; then the last entry's value is the one kept here.
     */
    public Map<Object, Object> toJava() {
        List<Object> k = keys.toJava();
        List<Object> v = values.toJava();
        Map<Object, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < k.size(); i++) {
            out.put(k.get(i), v.get(i));
        }
        return out;
    }
}
