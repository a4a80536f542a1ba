package io.albis.scan;

import io.albis.internal.DirectMemory;
import io.albis.nested.NestedFormat;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.TypeId;
import java.util.List;

/**
 * Sums list and map values in place, by address, as {@link ChecksumScan} sums the rest of a row
 * (docs/FORMAT.md §6, "Nested values"; {@link ValueChecksum} for the rules): an array of
 * fixed-width elements is one loop over its element area, with its nulls counted from its null
 * words by popcount; pointers (strings, binaries, wide decimals, nested values) are followed.
 * The row codec has checked every list and map of a row before the scan sees it (its counts fit
 * and every pointer of a non-null element lies inside its container, down every level), so
 * nothing read here lies outside the value; a null element's slot is never followed, only summed
 * when fixed-width (the format zero-fills it). One instance per scanning thread.
 */
final class NestedScan {
    /** Nulls inside the values summed, and the logical bytes of their contents. */
    long nulls;
    long logicalBytes;
    private final byte[] decimal = new byte[16];

    /** The word of the list or map of type {@code t} at {@code at}. */
    long value(long at, DataType t) {
        if (t.id() == TypeId.LIST) {
            return DirectMemory.getLong(at) + elements(at, t.elementField().type());
        }
        long keys = at + 8;
        long values = keys + DirectMemory.getLong(at);
        return DirectMemory.getLong(keys) + elements(keys, t.keyField().type()) + elements(values, t.valueField().type());
    }

    /** The words of the elements of the array at {@code at} (its count not included). */
    private long elements(long at, DataType t) {
        int n = (int) DirectMemory.getLong(at);
        long nullBits = at + 8;
        long slots = at + NestedFormat.arrayHeader(n);
        int nullCount = countNulls(nullBits, n);
        nulls += nullCount;
        if (!NestedFormat.isPointer(t)) {
            logicalBytes += (long) t.logicalWidth() * (n - nullCount);
            return switch (NestedFormat.elementWidth(t)) {
                case 8 -> sumLongs(slots, n);
                case 4 -> sumInts(slots, n);
                case 2 -> sumShorts(slots, n);
                default -> t.id() == TypeId.BOOLEAN ? countTrue(slots, n) : sumBytes(slots, n);
            };
        }
        long s = 0;
        for (int i = 0; i < n; i++) {
            if (nullCount == 0 || !isNull(nullBits, i)) {
                s += pointee(at, DirectMemory.getLong(slots + 8L * i), t);
            }
        }
        return s;
    }

    /** The word of the string, binary, wide decimal, list, map or struct a pointer of a container at {@code container} points to. */
    private long pointee(long container, long pointer, DataType t) {
        long at = container + (pointer >>> 32);
        int size = (int) pointer;
        return switch (t.id()) {
            case STRING, BINARY -> {
                logicalBytes += size;
                yield size + ChecksumScan.wordSum(at, size);
            }
            case DECIMAL -> {
                logicalBytes += t.logicalWidth();
                DirectMemory.copyToArray(at, decimal, 0, size);
                yield ValueChecksum.ofBigEndian(decimal, 0, size);
            }
            case STRUCT -> struct(at, t.fields());
            default -> value(at, t);
        };
    }

    /** The words of a struct's fields: each in the low bytes of its 8-byte word, or a pointer from the struct's start. */
    private long struct(long at, List<Field> fields) {
        long words = at + NestedFormat.nullBytes(fields.size());
        long s = 0;
        for (int f = 0; f < fields.size(); f++) {
            if (isNull(at, f)) {
                nulls++;
                continue;
            }
            DataType t = fields.get(f).type();
            long word = words + 8L * f;
            if (NestedFormat.isPointer(t)) {
                s += pointee(at, DirectMemory.getLong(word), t);
                continue;
            }
            logicalBytes += t.logicalWidth();
            s += switch (NestedFormat.elementWidth(t)) {
                case 8 -> DirectMemory.getLong(word);
                case 4 -> DirectMemory.getInt(word);
                case 2 -> DirectMemory.getShort(word);
                default -> t.id() == TypeId.BOOLEAN ? (DirectMemory.getByte(word) != 0 ? 1 : 0) : DirectMemory.getByte(word);
            };
        }
        return s;
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

    // Null elements hold zero, so the element area is summed whole.

    private static long sumLongs(long at, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += DirectMemory.getLong(at + 8L * i);
        }
        return s;
    }

    private static long sumInts(long at, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += DirectMemory.getInt(at + 4L * i);
        }
        return s;
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
