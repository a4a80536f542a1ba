package io.albis.nested;

import io.albis.internal.DirectMemory;
import io.albis.schema.DataType;

/**
 * Checks a stored list or map before anything reads it (docs/FORMAT.md §9): counts that fit the
 * value, every pointer's bytes inside the value's variable part, a wide decimal of 1 to 16 bytes,
 * no null where the type allows none (map keys included), keys and values of the same count, and
 * so on down every nested value. After the check, every read of the views ({@link ArrayValue},
 * {@link MapValue}, {@link StructValue}) lies inside the value. Costs one read per pointer and
 * one per null word: nothing for a list of fixed-width elements without nulls but its header.
 */
public final class NestedCheck {
    private NestedCheck() {}

    /**
     * The first thing wrong with the list or map of type {@code t} whose {@code size} bytes are at
     * {@code base}/{@code start} (see {@link DirectMemory#getLong(Object, long)}), or null when
     * nothing is. {@code size} bytes must be readable there. For values read again and again,
     * work out the shape once and use {@link #problem(Object, long, int, NestedShape)}.
     */
    public static String problem(Object base, long start, int size, DataType t) {
        return problem(base, start, size, NestedShape.of(t));
    }

    /** As {@link #problem(Object, long, int, DataType)}, for a list or map of shape {@code s}. */
    public static String problem(Object base, long start, int size, NestedShape s) {
        return s.kind == NestedShape.LIST ? array(base, start, size, s.element, "list") : map(base, start, size, s);
    }

    /** Checks a value held in {@code bytes[offset, offset + length)}; an IllegalArgumentException says what is wrong. */
    static void checkHeap(byte[] bytes, int offset, int length, DataType t) {
        if (!t.isNested()) {
            throw new IllegalArgumentException(t + " is not a list or map");
        }
        if (offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new IndexOutOfBoundsException(length + " bytes at " + offset + " of an array of " + bytes.length);
        }
        String problem = problem(bytes, DirectMemory.BYTE_ARRAY_OFFSET + offset, length, t);
        if (problem != null) {
            throw new IllegalArgumentException("not a valid " + t + " value: " + problem);
        }
    }

    private static String array(Object base, long start, int size, NestedShape e, String what) {
        if (size < 8) {
            return what + " of " + size + " bytes is shorter than its element count";
        }
        long count = DirectMemory.getLong(base, start);
        int width = e.width;
        if (count < 0 || count > size || NestedFormat.arrayFixedPart(count, width) > size) {
            return what + " of " + size + " bytes claims " + count + " elements of " + width + " bytes";
        }
        int n = (int) count;
        long nullBits = start + 8;
        boolean anyNull = anyBitSet(base, nullBits, n);
        if (anyNull && !e.nullable) {
            return what + " has a null element but its elements may not be null";
        }
        if (!e.isPointer()) {
            return null;
        }
        long variableStart = NestedFormat.arrayFixedPart(n, width);
        long elements = start + NestedFormat.arrayHeader(n);
        for (int i = 0; i < n; i++) {
            if (!anyNull || (DirectMemory.getByte(base, nullBits + (i >>> 3)) & (1 << (i & 7))) == 0) {
                String p = pointee(base, start, size, variableStart, elements + 8L * i, e);
                if (p != null) {
                    return what + " element " + i + " " + p;
                }
            }
        }
        return null;
    }

    private static String map(Object base, long start, int size, NestedShape s) {
        if (size < 24) {
            return "map of " + size + " bytes is shorter than its two arrays' counts";
        }
        long keyBytes = DirectMemory.getLong(base, start);
        if (keyBytes < 8 || keyBytes > size - 16) {
            return "map of " + size + " bytes claims keys of " + keyBytes + " bytes";
        }
        int k = (int) keyBytes;
        String p = array(base, start + 8, k, s.element, "map keys");
        if (p == null) {
            p = array(base, start + 8 + k, size - 8 - k, s.value, "map values");
        }
        if (p == null && DirectMemory.getLong(base, start + 8) != DirectMemory.getLong(base, start + 8 + k)) {
            p = "map has " + DirectMemory.getLong(base, start + 8) + " keys but " + DirectMemory.getLong(base, start + 8 + k)
                    + " values";
        }
        return p;
    }

    private static String struct(Object base, long start, int size, NestedShape s, String what) {
        NestedShape[] fields = s.fields;
        long fixed = NestedFormat.structFixedPart(fields.length);
        if (fixed > size) {
            return what + " of " + size + " bytes is shorter than its " + fields.length + " fields";
        }
        long fieldsAt = start + NestedFormat.nullBytes(fields.length);
        for (int f = 0; f < fields.length; f++) {
            NestedShape field = fields[f];
            boolean isNull = (DirectMemory.getByte(base, start + (f >>> 3)) & (1 << (f & 7))) != 0;
            if (isNull && !field.nullable) {
                return what + " field '" + s.fieldNames[f] + "' is null but may not be";
            }
            if (!isNull && field.isPointer()) {
                String p = pointee(base, start, size, fixed, fieldsAt + 8L * f, field);
                if (p != null) {
                    return what + " field '" + s.fieldNames[f] + "' " + p;
                }
            }
        }
        return null;
    }

    /**
     * Checks the pointer at {@code slot} of a container at {@code start} and, for a nested value,
     * what it points to. The problem it returns is worded to follow the element's or field's name,
     * which the caller puts in front only when there is one: the check runs for every pointer of
     * every row read, so it builds no text on the way.
     */
    private static String pointee(Object base, long start, int size, long variableStart, long slot, NestedShape e) {
        long p = DirectMemory.getLong(base, slot);
        long offset = p >>> 32;
        int length = (int) p;
        if (length < 0 || offset < variableStart || offset > size - (long) length) {
            return "(offset " + offset + ", size " + length + ") lies outside its container's "
                    + (size - variableStart) + "-byte variable part";
        }
        return switch (e.kind) {
            case NestedShape.BYTES -> null;
            case NestedShape.WIDE_DECIMAL -> length >= 1 && length <= 16 ? null
                    : "is a decimal of " + length + " bytes, not 1..16";
            case NestedShape.LIST -> array(base, start + offset, length, e.element, "holds a list");
            case NestedShape.MAP -> inner(map(base, start + offset, length, e));
            default -> struct(base, start + offset, length, e, "holds a struct");
        };
    }

    /** A map's problem, worded to follow the name of the element or field holding it. */
    private static String inner(String mapProblem) {
        return mapProblem == null ? null : "holds a " + mapProblem;
    }

    /** True when any of the first {@code n} bits at {@code at} is set. */
    private static boolean anyBitSet(Object base, long at, int n) {
        for (int w = 0; w < n >>> 6; w++) {
            if (DirectMemory.getLong(base, at + 8L * w) != 0) {
                return true;
            }
        }
        int rest = n & 63;
        return rest != 0 && (DirectMemory.getLong(base, at + 8L * (n >>> 6)) & ((1L << rest) - 1)) != 0;
    }
}
