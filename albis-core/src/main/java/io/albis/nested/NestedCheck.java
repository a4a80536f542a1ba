package io.albis.nested;

import io.albis.internal.DirectMemory;
import io.albis.schema.DataType;

/**
 * Checks a stored list or map before anything reads it (docs/FORMAT.md §9): its header in
 * shortest form, every end inside its container and not below the one before, a null element
 * or field of no bytes and only where the type allows it (never a map key), no null bit set past
 * the last element, and the value exactly as long as its parts, down every nested value. After
 * the check, every read of the views ({@link ArrayValue}, {@link MapValue}, {@link StructValue})
 * and of the scan lies inside the value. Costs nothing per element for fixed-width elements and
 * one read per end for the others.
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
        if (s.flat && size > 0 && isSoundFlat(base, start, start + size, s)) {
            return null;
        }
        try {
            nested(base, start, start + size, s, s.kind == NestedShape.LIST ? "list" : "map");
            return null;
        } catch (Damage d) {
            return d.getMessage();
        }
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

    /** What is wrong, worded as the rest of a sentence that names the value; no stack trace (a damaged row is reported once). */
    private static final class Damage extends Exception {
        Damage(String message) {
            super(message, null, false, false);
        }
    }

    /** Checks the list, map or struct of shape {@code s} that is exactly the bytes {@code [at, end)}. */
    private static void nested(Object base, long at, long end, NestedShape s, String what) throws Damage {
        long after;
        if (s.kind == NestedShape.STRUCT) {
            after = struct(base, at, end, s, what);
        } else {
            long h = NestedFormat.header(base, at, end);
            if (h < 0) {
                throw new Damage(what + " of " + (end - at) + " bytes has no readable header");
            }
            long value = NestedFormat.headerValue(h);
            long p = at + NestedFormat.headerBytes(h);
            if (s.kind == NestedShape.LIST) {
                after = elements(base, p, end, value >>> 2, (int) value & 3, s.element, what, "");
            } else {
                long n = value >>> 4;
                p = elements(base, p, end, n, (int) value & 3, s.element, what, " keys");
                after = elements(base, p, end, n, (int) (value >>> 2) & 3, s.value, what, " values");
            }
        }
        if (after != end) {
            throw new Damage(what + " of " + (end - at) + " bytes ends after " + (after - at) + " of them");
        }
    }

    /**
     * True when the flat list or map (of leaves) that is exactly {@code [at, end)} has a one-byte
     * header and is sound: the check of almost every value, in one pass without a call that
     * recurses, so the compiler inlines it whole. False says nothing: the full check then finds
     * what is wrong, or takes a longer header.
     */
    private static boolean isSoundFlat(Object base, long at, long end, NestedShape s) {
        int header = DirectMemory.getByte(base, at);
        if (header < 0) {
            return false;
        }
        if (s.kind == NestedShape.LIST) {
            return flatElements(base, at + 1, end, header >>> 2, header & 3, s.element) == end;
        }
        long values = flatElements(base, at + 1, end, header >>> 4, header & 3, s.element);
        return values >= 0 && flatElements(base, values, end, header >>> 4, (header >>> 2) & 3, s.value) == end;
    }

    /** Where {@code n} sound leaf elements of shape {@code e} from {@code p} end, inside {@code end}; -1 if they are not sound. */
    private static long flatElements(Object base, long p, long end, int n, int code, NestedShape e) {
        long nulls = -1;
        if (e.nullable) {
            int bytes = (n + 7) >>> 3;
            if (bytes > end - p || ((n & 7) != 0 && (DirectMemory.getByte(base, p + bytes - 1) & (0xFF << (n & 7))) != 0)) {
                return -1;
            }
            nulls = p;
            p += bytes;
        }
        if (e.kind != NestedShape.BYTES) {
            long after = p + (long) n * e.width;
            return code == 0 && after <= end ? after : -1;
        }
        long data = p + ((long) n << code);
        if (code == 3 || data > end) {
            return -1;
        }
        long room = end - data;
        long prev = 0;
        boolean sound = true;
        for (int i = 0; i < n; i++) {
            long next = NestedFormat.end(base, p, code, i);
            // Branch-free: one test after the loop instead of a hard-to-predict one per element.
            sound &= next >= prev & next <= room & (nulls < 0 || !bit(base, nulls, i) || next == prev);
            prev = next;
        }
        return sound ? data + prev : -1;
    }

    /** Checks {@code n} elements of shape {@code e} from {@code p}, inside {@code [p, end)}; returns where they end. */
    private static long elements(Object base, long p, long end, long n, int code, NestedShape e, String what,
            String part)
            throws Damage {
        if (n > end - p) {
            throw new Damage(what + part + " claims " + n + " elements in " + (end - p) + " bytes");
        }
        int count = (int) n;
        long nulls = -1;
        if (e.nullable) {
            nulls = p;
            p += NestedFormat.nullBytes(count);
            checkPadBits(base, nulls, count, p, end, what, part);
        }
        if (!e.isVariable()) {
            if (code != 0) {
                throw new Damage(what + part + " of fixed width have an end width code of " + code);
            }
            long length = (long) count * e.width;
            if (length > end - p) {
                throw new Damage(what + part + ": " + count + " elements of " + e.width + " bytes do not fit in " + (end - p));
            }
            return p + length;
        }
        if (code == 3) {
            throw new Damage(what + part + " have ends of the unknown width code 3");
        }
        long endsLength = (long) count << code;
        if (endsLength > end - p) {
            throw new Damage(what + part + ": " + count + " ends of " + (1 << code) + " bytes do not fit in " + (end - p));
        }
        long data = p + endsLength;
        long room = end - data;
        long prev = 0;
        for (int i = 0; i < count; i++) {
            long next = NestedFormat.end(base, p, code, i);
            if (next < prev || next > room) {
                throw new Damage(what + part + " element " + i + " ends at " + next + ", outside " + prev + ".." + room);
            }
            if (nulls >= 0 && bit(base, nulls, i)) {
                if (next != prev) {
                    throw new Damage(what + part + " element " + i + " is null but has " + (next - prev) + " bytes");
                }
            } else if (e.kind > NestedShape.BYTES) {
                try {
                    inner(base, data + prev, data + next, e);
                } catch (Damage d) {
                    throw new Damage(what + part + " element " + i + " holds a " + d.getMessage());
                }
            }
            prev = next;
        }
        return data + prev;
    }

    private static long struct(Object base, long at, long end, NestedShape s, String what) throws Damage {
        NestedShape[] fields = s.fields;
        long fixed = at + NestedFormat.nullBytes(fields.length);
        checkPadBits(base, at, fields.length, fixed, end, what, "");
        long data = fixed + s.fixedPart;
        if (data > end) {
            throw new Damage(what + " of " + (end - at) + " bytes is shorter than its " + fields.length + " fields");
        }
        long room = end - data;
        long prev = 0;
        for (int f = 0; f < fields.length; f++) {
            NestedShape field = fields[f];
            boolean isNull = bit(base, at, f);
            if (isNull && !field.nullable) {
                throw new Damage(what + " field '" + s.fieldNames[f] + "' is null but may not be");
            }
            if (!field.isVariable()) {
                continue;
            }
            long next = DirectMemory.getInt(base, fixed + s.fieldOffsets[f]) & 0xFFFFFFFFL;
            if (next < prev || next > room) {
                throw new Damage(what + " field '" + s.fieldNames[f] + "' ends at " + next + ", outside " + prev + ".." + room);
            }
            if (isNull && next != prev) {
                throw new Damage(what + " field '" + s.fieldNames[f] + "' is null but has " + (next - prev) + " bytes");
            }
            if (!isNull && field.kind > NestedShape.BYTES) {
                try {
                    inner(base, data + prev, data + next, field);
                } catch (Damage d) {
                    throw new Damage(what + " field '" + s.fieldNames[f] + "' holds a " + d.getMessage());
                }
            }
            prev = next;
        }
        return data + prev;
    }

    /** The null bits of {@code n} values at {@code nulls} end at {@code after}, inside {@code end}, and no bit past n is set. */
    private static void checkPadBits(Object base, long nulls, int n, long after, long end, String what, String part)
            throws Damage {
        if (after > end) {
            throw new Damage(what + part + ": the null bits of " + n + " values do not fit in " + (end - nulls) + " bytes");
        }
        int rest = n & 7;
        if (rest != 0 && (DirectMemory.getByte(base, after - 1) & (0xFF << rest)) != 0) {
            throw new Damage(what + part + " has a null bit set past its last value");
        }
    }

    private static boolean bit(Object base, long at, int i) {
        return (DirectMemory.getByte(base, at + (i >>> 3)) & (1 << (i & 7))) != 0;
    }

    /**
     * Checks a value inside another; the caller names where it is only on damage, as the check
     * runs for every element of every row read.
     */
    private static void inner(Object base, long at, long end, NestedShape s) throws Damage {
        nested(base, at, end, s, s.kind == NestedShape.LIST ? "list" : s.kind == NestedShape.MAP ? "map" : "struct");
    }
}
