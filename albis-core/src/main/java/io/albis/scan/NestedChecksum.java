package io.albis.scan;

import io.albis.nested.ArrayValue;
import io.albis.nested.MapValue;
import io.albis.nested.NestedSlots;
import io.albis.nested.StructValue;
import io.albis.schema.DataType;

/**
 * Running totals of lists and maps read through their views ({@link ArrayValue}, {@link MapValue};
 * e.g. from {@code AlbisRow.getList}), by {@link ValueChecksum}'s rules: the value sum, the nulls
 * inside the values and their logical bytes. The list or map itself, when null, is the caller's to
 * count. Values are read with the views' getters, none boxed; strings and binaries inside are
 * copied out by {@link NestedSlots#getBytes}. One instance per reading thread.
 */
public final class NestedChecksum {
    private long sum;
    private long nulls;
    private long logicalBytes;

    /** Adds a list: its element count and its elements. */
    public void add(ArrayValue list) {
        sum += list.count();
        addElements(list);
    }

    /** Adds a map: its entry count, its keys and its values. */
    public void add(MapValue map) {
        sum += map.count();
        addElements(map.keys());
        addElements(map.values());
    }

    /** Sum of the words added, nulls inside not included (see {@link #nulls}). */
    public long sum() {
        return sum;
    }

    /** Nulls inside the values added: null elements, map values, structs and struct fields. */
    public long nulls() {
        return nulls;
    }

    public long logicalBytes() {
        return logicalBytes;
    }

    /** The words of an array's elements; ints and longs (the common lists) by a loop of their own. */
    private void addElements(ArrayValue a) {
        int n = a.count();
        switch (a.element().type().id()) {
            case INT, DATE -> {
                long s = 0;
                int k = 0;
                for (int i = 0; i < n; i++) {
                    if (a.isNull(i)) {
                        k++;
                    } else {
                        s += a.getInt(i);
                    }
                }
                add(s, k, 4L * (n - k));
            }
            case LONG, TIMESTAMP, TIMESTAMP_NTZ -> {
                long s = 0;
                int k = 0;
                for (int i = 0; i < n; i++) {
                    if (a.isNull(i)) {
                        k++;
                    } else {
                        s += a.getLong(i);
                    }
                }
                add(s, k, 8L * (n - k));
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    addValue(a, i);
                }
            }
        }
    }

    private void add(long s, int nullCount, long bytes) {
        sum += s;
        nulls += nullCount;
        logicalBytes += bytes;
    }

    /** Element or field {@code i} of {@code s}, by its type. */
    private void addValue(NestedSlots s, int i) {
        if (s.isNull(i)) {
            nulls++;
            return;
        }
        DataType t = s.typeAt(i);
        switch (t.id()) {
            case BOOLEAN -> sum += s.getBoolean(i) ? 1 : 0;
            case BYTE -> sum += s.getByte(i);
            case SHORT -> sum += s.getShort(i);
            case INT, DATE -> sum += s.getInt(i);
            case LONG, TIMESTAMP, TIMESTAMP_NTZ -> sum += s.getLong(i);
            case FLOAT -> sum += ValueChecksum.ofFloat(s.getFloat(i));
            case DOUBLE -> sum += ValueChecksum.ofDouble(s.getDouble(i));
            case DECIMAL -> {
                if (t.isWideDecimal()) {
                    byte[] b = s.getBytes(i);
                    sum += ValueChecksum.ofBigEndian(b, 0, b.length);
                } else {
                    sum += s.getLong(i);
                }
            }
            case STRING, BINARY -> {
                byte[] b = s.getBytes(i);
                sum += ValueChecksum.ofBytes(b, 0, b.length);
                logicalBytes += b.length;
            }
            case LIST -> add(s.getList(i));
            case MAP -> add(s.getMap(i));
            case STRUCT -> {
                StructValue struct = s.getStruct(i);
                for (int f = 0; f < struct.count(); f++) {
                    addValue(struct, f);
                }
            }
        }
        logicalBytes += LogicalBytes.of(t);
    }
}
