package io.albis.scan;

import io.albis.internal.DirectMemory;
import io.albis.nested.NestedFormat;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.util.List;

/**
 * Sums list and map values in place, by address, as {@link ChecksumScan} sums the rest of a row
 * (docs/FORMAT.md §6, "Nested values"; {@link ValueChecksum} for the rules): an array of
 * fixed-width elements is one loop over its element area, with its nulls counted from its null
 * words by popcount; pointers (strings, binaries, wide decimals, nested values) are followed.
 * How each level is summed is decided once per column ({@link Shape}), so the walk switches on
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

    // How a value is summed: in place by its slot width, or through its pointer.
    static final int LONG8 = 0;
    static final int INT4 = 1;
    static final int SHORT2 = 2;
    static final int BYTE1 = 3;
    static final int BOOLEAN1 = 4;
    static final int BYTES = 5;
    static final int WIDE_DECIMAL = 6;
    static final int LIST = 7;
    static final int MAP = 8;
    static final int STRUCT = 9;

    /** A type as the walk needs it: how its values are summed, their logical width, and the shapes below it. */
    static final class Shape {
        final int kind;
        final int logicalWidth;
        /** False for map keys and elements declared not null: their null bits are all 0 (the row codec checked). */
        final boolean mayBeNull;
        /** A list's element; a map's key and value; a struct's fields. */
        final Shape element;
        final Shape value;
        final Shape[] fields;

        private Shape(int kind, int logicalWidth, boolean mayBeNull, Shape element, Shape value, Shape[] fields) {
            this.kind = kind;
            this.logicalWidth = logicalWidth;
            this.mayBeNull = mayBeNull;
            this.element = element;
            this.value = value;
            this.fields = fields;
        }

        /** The shape of a list or map column's values. */
        static Shape of(DataType t) {
            return of(t, true);
        }

        private static Shape of(DataType t, boolean mayBeNull) {
            return switch (t.id()) {
                case LIST -> new Shape(LIST, 0, mayBeNull, of(t.elementField().type(), t.elementField().nullable()), null,
                        null);
                case MAP -> new Shape(MAP, 0, mayBeNull, of(t.keyField().type(), false),
                        of(t.valueField().type(), t.valueField().nullable()), null);
                case STRUCT -> {
                    List<Field> fs = t.fields();
                    Shape[] fields = new Shape[fs.size()];
                    for (int f = 0; f < fields.length; f++) {
                        fields[f] = of(fs.get(f).type(), fs.get(f).nullable());
                    }
                    yield new Shape(STRUCT, 0, mayBeNull, null, null, fields);
                }
                case STRING, BINARY -> new Shape(BYTES, 0, mayBeNull, null, null, null);
                case BOOLEAN -> new Shape(BOOLEAN1, 1, mayBeNull, null, null, null);
                default -> {
                    if (t.isWideDecimal()) {
                        yield new Shape(WIDE_DECIMAL, t.logicalWidth(), mayBeNull, null, null, null);
                    }
                    int kind = switch (NestedFormat.elementWidth(t)) {
                        case 8 -> LONG8;
                        case 4 -> INT4;
                        case 2 -> SHORT2;
                        default -> BYTE1;
                    };
                    yield new Shape(kind, t.logicalWidth(), mayBeNull, null, null, null);
                }
            };
        }
    }

    /** The word of the list or map of shape {@code s} whose {@code size} bytes start at {@code at}. */
    long value(long at, int size, Shape s) {
        if (s.kind == LIST) {
            return DirectMemory.getLong(at) + elements(at, at + size, s.element);
        }
        long keys = at + 8;
        long values = keys + DirectMemory.getLong(at);
        return DirectMemory.getLong(keys) + elements(keys, values, s.element) + elements(values, at + size, s.value);
    }

    /** The words of the elements of the array at {@code at}, which ends at {@code end} (its count not included). */
    private long elements(long at, long end, Shape e) {
        int n = (int) DirectMemory.getLong(at);
        long nullBits = at + 8;
        long slots = at + NestedFormat.arrayHeader(n);
        int nullCount = e.mayBeNull ? countNulls(nullBits, n) : 0;
        nulls += nullCount;
        if (e.kind <= BOOLEAN1) {
            logicalBytes += (long) e.logicalWidth * (n - nullCount);
            // Null elements hold zero, so the element area is summed whole.
            return switch (e.kind) {
                case LONG8 -> ChecksumScan.sumLongs(slots, n, 8);
                case INT4 -> ChecksumScan.sumInts(slots, n, 4);
                case SHORT2 -> sumShorts(slots, n);
                case BYTE1 -> sumBytes(slots, n);
                default -> countTrue(slots, n);
            };
        }
        long s = 0;
        if (e.kind == BYTES && nullCount == 0) {
            // Strings and binaries without nulls (map keys): the common case, without a call a value.
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
        for (int i = 0; i < n; i++) {
            if (nullCount == 0 || !isNull(nullBits, i)) {
                s += pointee(at, end, DirectMemory.getLong(slots + 8L * i), e);
            }
        }
        return s;
    }

    /** The word of what a pointer of the container at {@code container} (ending at {@code end}) points to. */
    private long pointee(long container, long end, long pointer, Shape e) {
        long at = container + (pointer >>> 32);
        int size = (int) pointer;
        switch (e.kind) {
            case BYTES -> {
                logicalBytes += size;
                return size + wordSum(at, size, end);
            }
            case WIDE_DECIMAL -> {
                logicalBytes += e.logicalWidth;
                DirectMemory.copyToArray(at, decimal, 0, size);
                return ValueChecksum.ofBigEndian(decimal, 0, size);
            }
            case STRUCT -> {
                return struct(at, at + size, e.fields);
            }
            default -> {
                return value(at, size, e);
            }
        }
    }

    /** The words of a struct's fields: each in the low bytes of its 8-byte word, or a pointer from the struct's start. */
    private long struct(long at, long end, Shape[] fields) {
        long words = at + NestedFormat.nullBytes(fields.length);
        long s = 0;
        for (int f = 0; f < fields.length; f++) {
            if (isNull(at, f)) {
                nulls++;
                continue;
            }
            Shape e = fields[f];
            long word = words + 8L * f;
            if (e.kind > BOOLEAN1) {
                s += pointee(at, end, DirectMemory.getLong(word), e);
                continue;
            }
            logicalBytes += e.logicalWidth;
            s += switch (e.kind) {
                case LONG8 -> DirectMemory.getLong(word);
                case INT4 -> DirectMemory.getInt(word);
                case SHORT2 -> DirectMemory.getShort(word);
                case BYTE1 -> DirectMemory.getByte(word);
                default -> DirectMemory.getByte(word) != 0 ? 1 : 0;
            };
        }
        return s;
    }

    /**
     * {@link ChecksumScan#wordSum} of {@code size} bytes at {@code at} inside a container that ends
     * at {@code end}: when the last word's padding lies inside the container too (as writers place
     * strings, padded to 8 bytes), the last word is one load with the bytes past the value masked
     * off instead of a loop over its bytes.
     */
    private static long wordSum(long at, int size, long end) {
        int whole = size & ~7;
        if (whole == size || at + whole + 8 > end) {
            return ChecksumScan.wordSum(at, size);
        }
        long s = 0;
        for (int i = 0; i < whole; i += 8) {
            s += DirectMemory.getLong(at + i);
        }
        return s + (DirectMemory.getLong(at + whole) & (-1L >>> (64 - 8 * (size - whole))));
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
