package io.albis.scan;

import io.albis.internal.DirectMemory;
import io.albis.nested.NestedFormat;
import io.albis.nested.NestedShape;

/**
 * Sums list and map values in place, by address, as {@link ChecksumScan} sums the rest of a row
 * (docs/FORMAT.md §6, "Nested values"; {@link ValueChecksum} for the rules): an array of
 * fixed-width elements is one loop over its element area, with its nulls counted from its null
 * words by popcount; pointers (strings, binaries, wide decimals, nested values) are followed.
 * How each level is summed is decided once per column ({@link NestedShape}), so the walk switches on
 * small ints instead of asking the types. The row codec has checked every list and map of a row
 * before the scan sees it (its counts fit and every pointer of a non-null element lies inside its
 * container, down every level), so nothing read here lies outside the value; a null element's
 * slot is never followed, only summed when fixed-width (the format zero-fills it). One instance
 * per scanning thread.
 */
final class NestedScan {
    /** Nulls inside the values summed, and the logical bytes of their contents. */
    long nulls;
    long logicalBytes;
    private final byte[] decimal = new byte[16];

    /** The word of the list or map of shape {@code s} whose {@code size} bytes start at {@code at}. */
    long value(long at, int size, NestedShape s) {
        if (s.kind == NestedShape.LIST) {
            return DirectMemory.getLong(at) + elements(at, at + size, s.element);
        }
        long keys = at + 8;
        long values = keys + DirectMemory.getLong(at);
        return DirectMemory.getLong(keys) + elements(keys, values, s.element) + elements(values, at + size, s.value);
    }

    /** The words of the elements of the array at {@code at}, which ends at {@code end} (its count not included). */
    private long elements(long at, long end, NestedShape e) {
        int n = (int) DirectMemory.getLong(at);
        long slots = at + NestedFormat.arrayHeader(n);
        int nullCount = e.nullable ? countNulls(at + 8, n) : 0;
        nulls += nullCount;
        if (e.kind <= NestedShape.BOOLEAN1) {
            logicalBytes += (long) e.width * (n - nullCount); // a value held in place: its width is its logical size
            return inPlace(slots, n, e.kind);
        }
        if (e.kind == NestedShape.BYTES && nullCount == 0) {
            return bytes(at, end, slots, n);
        }
        return pointees(at, end, slots, n, nullCount != 0, e);
    }

    /** The words of {@code n} fixed-width elements at {@code slots}: null ones hold zero, so the area is summed whole. */
    private static long inPlace(long slots, int n, int kind) {
        return switch (kind) {
            case NestedShape.LONG8 -> ChecksumScan.sumLongs(slots, n, 8);
            case NestedShape.INT4 -> ChecksumScan.sumInts(slots, n, 4);
            case NestedShape.SHORT2 -> sumShorts(slots, n);
            case NestedShape.BYTE1 -> sumBytes(slots, n);
            default -> countTrue(slots, n);
        };
    }

    /** Strings or binaries without nulls (map keys): the common case, in one loop without a call a value. */
    private long bytes(long at, long end, long slots, int n) {
        long s = 0;
        long bytes = 0;
        for (int i = 0; i < n; i++) {
            long pointer = DirectMemory.getLong(slots + 8L * i);
            int size = (int) pointer;
            bytes += size;
            s += size + wordSum(at + (pointer >>> 32), size, end);
        }
        logicalBytes += bytes;
        return s;
    }

    private long pointees(long at, long end, long slots, int n, boolean hasNulls, NestedShape e) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            if (!hasNulls || !isNull(at + 8, i)) {
                s += pointee(at, end, DirectMemory.getLong(slots + 8L * i), e);
            }
        }
        return s;
    }

    /** The word of what a pointer of the container at {@code container} (ending at {@code end}) points to. */
    private long pointee(long container, long end, long pointer, NestedShape e) {
        long at = container + (pointer >>> 32);
        int size = (int) pointer;
        switch (e.kind) {
            case NestedShape.BYTES -> {
                logicalBytes += size;
                return size + wordSum(at, size, end);
            }
            case NestedShape.WIDE_DECIMAL -> {
                logicalBytes += LogicalBytes.WIDE_DECIMAL;
                DirectMemory.copyToArray(at, decimal, 0, size);
                return ValueChecksum.ofBigEndian(decimal, 0, size);
            }
            case NestedShape.STRUCT -> {
                return struct(at, at + size, e.fields);
            }
            default -> {
                return value(at, size, e);
            }
        }
    }

    /** The words of a struct's fields: each in the low bytes of its 8-byte word, or a pointer from the struct's start. */
    private long struct(long at, long end, NestedShape[] fields) {
        long words = at + NestedFormat.nullBytes(fields.length);
        long s = 0;
        for (int f = 0; f < fields.length; f++) {
            if (isNull(at, f)) {
                nulls++;
                continue;
            }
            NestedShape e = fields[f];
            long word = words + 8L * f;
            if (e.isPointer()) {
                s += pointee(at, end, DirectMemory.getLong(word), e);
                continue;
            }
            logicalBytes += e.width; // held in place: its width is its logical size
            s += switch (e.kind) {
                case NestedShape.LONG8 -> DirectMemory.getLong(word);
                case NestedShape.INT4 -> DirectMemory.getInt(word);
                case NestedShape.SHORT2 -> DirectMemory.getShort(word);
                case NestedShape.BYTE1 -> DirectMemory.getByte(word);
                default -> DirectMemory.getByte(word) != 0 ? 1 : 0;
            };
        }
        return s;
    }

    /**
     * {@link ChecksumScan#wordSum} of {@code size} bytes at {@code at} inside a container that ends
     * at {@code end}. When the word after the value's whole words lies inside the container too (as
     * writers place strings, padded to 8 bytes, unless one ends the container exactly), the value's
     * last bytes are that word masked, and values of up to 16 bytes (map keys, most strings) take
     * no loop: a loop with a trip count that changes from value to value costs a mispredicted
     * branch a value, which is most of the time a short string takes.
     */
    private static long wordSum(long at, int size, long end) {
        int whole = size & ~7;
        if (whole > 16 || at + whole + 8 > end) {
            return ChecksumScan.wordSum(at, size);
        }
        // whole is 0, 8 or 16; a zero-byte mask (size == whole) adds nothing.
        long first = whole >= 8 ? DirectMemory.getLong(at) : 0;
        long second = whole == 16 ? DirectMemory.getLong(at + 8) : 0;
        long lastMask = (1L << (8 * (size - whole))) - 1;
        return first + second + (DirectMemory.getLong(at + whole) & lastMask);
    }

    private static boolean isNull(long nullBits, int i) {
        return (DirectMemory.getByte(nullBits + (i >>> 3)) & (1 << (i & 7))) != 0;
    }

    /** Set bits among the first {@code n} of the null words at {@code at} (bits past n are not counted). */
    private static int countNulls(long at, int n) {
        int k = 0;
        int words = n >>> 6;
        for (int w = 0; w < words; w++) {
            k += Long.bitCount(DirectMemory.getLong(at + 8L * w));
        }
        int rest = n & 63;
        if (rest != 0) {
            k += Long.bitCount(DirectMemory.getLong(at + 8L * words) & ((1L << rest) - 1));
        }
        return k;
    }

    private static long sumShorts(long at, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += DirectMemory.getShort(at + 2L * i);
        }
        return s;
    }

    private static long sumBytes(long at, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += DirectMemory.getByte(at + i);
        }
        return s;
    }

    private static long countTrue(long at, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += DirectMemory.getByte(at + i) != 0 ? 1 : 0;
        }
        return s;
    }
}
