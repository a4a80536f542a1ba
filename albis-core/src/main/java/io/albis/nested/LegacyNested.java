package io.albis.nested;

import io.albis.internal.DirectMemory;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lists and maps as files of formats 3.0 to 5.x store them: the layouts of Spark's
 * {@code UnsafeArrayData}, {@code UnsafeMapData} and {@code UnsafeRow}, little-endian
 * (docs/FORMAT.md §6, "Nested values of 3.0 to 5.x"). Read, never written: a reader checks such a
 * value ({@link #problem}) and decodes it ({@link #toJava}) for the writer's encoder to store again
 * in the layout of today ({@link NestedFormat}), so every view and walk of nested values knows one
 * layout.
 * <pre>
 * array  = count:i64  nullWords:ceil(count/64) × i64  elements:roundUp8(count × width)  variable part
 * map    = keyBytes:i64  keys:array(keyBytes bytes)  values:array(rest, same count, keys never null)
 * struct = nullWords:ceil(fields/64) × i64  fields × 8 bytes  variable part
 * </pre>
 * A pointer (string, binary, decimal of more than 18 digits, list, map, struct) is an {@code i64}
 * {@code offset << 32 | size}, the offset counted from the start of the array or struct holding it.
 */
public final class LegacyNested {
    private LegacyNested() {}

    /**
     * The first thing wrong with the list or map of shape {@code s} whose {@code size} bytes are at
     * {@code base}/{@code start}, or null when nothing is; {@code size} bytes must be readable there.
     */
    public static String problem(Object base, long start, int size, NestedShape s) {
        return s.kind == NestedShape.LIST ? array(base, start, size, s.element, "list") : map(base, start, size, s);
    }

    /** The checked list or map of type {@code t} at {@code base}/{@code start} as Java objects, as the views' {@code toJava}. */
    public static Object toJava(Object base, long start, int size, DataType t) {
        return t.id() == io.albis.schema.TypeId.LIST ? arrayToJava(base, start, t.elementField().type()) : mapToJava(base, start, size, t);
    }

    /** Bytes one element takes in an array's element area, or a field in a struct's word. */
    private static int width(DataType t) {
        return switch (t.id()) {
            case BOOLEAN, BYTE -> 1;
            case SHORT -> 2;
            case INT, FLOAT, DATE -> 4;
            default -> 8;
        };
    }

    private static int width(NestedShape s) {
        return s.kind == NestedShape.WIDE_DECIMAL ? 8 : s.width == NestedFormat.VARIABLE ? 8 : s.width;
    }

    private static boolean isPointer(NestedShape s) {
        return s.kind >= NestedShape.WIDE_DECIMAL;
    }

    private static long nullWordBytes(long n) {
        return ((n + 63) >>> 6) << 3;
    }

    private static long header(long count) {
        return 8 + nullWordBytes(count);
    }

    private static long fixedPart(long count, int width) {
        return header(count) + ((count * width + 7) & ~7L);
    }

    private static boolean bit(Object base, long at, int i) {
        return (DirectMemory.getByte(base, at + (i >>> 3)) & (1 << (i & 7))) != 0;
    }

    // ------------------------------------------------------------------ checks

    private static String array(Object base, long start, int size, NestedShape e, String what) {
        if (size < 8) {
            return what + " of " + size + " bytes is shorter than its element count";
        }
        long count = DirectMemory.getLong(base, start);
        int width = width(e);
        if (count < 0 || count > size || fixedPart(count, width) > size) {
            return what + " of " + size + " bytes claims " + count + " elements of " + width + " bytes";
        }
        int n = (int) count;
        long nullBits = start + 8;
        boolean anyNull = anyBitSet(base, nullBits, n);
        if (anyNull && !e.nullable) {
            return what + " has a null element but its elements may not be null";
        }
        if (!isPointer(e)) {
            return null;
        }
        long variableStart = fixedPart(n, width);
        long elements = start + header(n);
        for (int i = 0; i < n; i++) {
            if (!anyNull || !bit(base, nullBits, i)) {
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
        long fixed = nullWordBytes(fields.length) + 8L * fields.length;
        if (fixed > size) {
            return what + " of " + size + " bytes is shorter than its " + fields.length + " fields";
        }
        long fieldsAt = start + nullWordBytes(fields.length);
        for (int f = 0; f < fields.length; f++) {
            NestedShape field = fields[f];
            boolean isNull = bit(base, start, f);
            if (isNull && !field.nullable) {
                return what + " field '" + s.fieldNames[f] + "' is null but may not be";
            }
            if (!isNull && isPointer(field)) {
                String p = pointee(base, start, size, fixed, fieldsAt + 8L * f, field);
                if (p != null) {
                    return what + " field '" + s.fieldNames[f] + "' " + p;
                }
            }
        }
        return null;
    }

    /** Checks the pointer at {@code slot} of a container at {@code start} and, for a nested value, what it points to. */
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
            case NestedShape.MAP -> {
                String m = map(base, start + offset, length, e);
                yield m == null ? null : "holds a " + m;
            }
            default -> struct(base, start + offset, length, e, "holds a struct");
        };
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

    // ------------------------------------------------------------------ decoding

    private static List<Object> arrayToJava(Object base, long start, DataType element) {
        int n = (int) DirectMemory.getLong(base, start);
        long elements = start + header(n);
        int width = width(element);
        List<Object> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(bit(base, start + 8, i) ? null : value(base, start, elements + (long) i * width, element));
        }
        return out;
    }

    private static Map<Object, Object> mapToJava(Object base, long start, int size, DataType t) {
        int keyBytes = (int) DirectMemory.getLong(base, start);
        List<Object> keys = arrayToJava(base, start + 8, t.keyField().type());
        List<Object> values = arrayToJava(base, start + 8 + keyBytes, t.valueField().type());
        List<Map.Entry<Object, Object>> entries = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            entries.add(new java.util.AbstractMap.SimpleImmutableEntry<>(keys.get(i), values.get(i)));
        }
        return new Entries(entries);
    }

    /**
     * A map's entries as stored, a key twice included (the format does not forbid it): what the
     * encoder iterates to store the map again entry for entry, where a {@code LinkedHashMap}
     * would drop all but the last of such a key.
     */
    private static final class Entries extends java.util.AbstractMap<Object, Object> {
        private final List<Map.Entry<Object, Object>> entries;

        Entries(List<Map.Entry<Object, Object>> entries) {
            this.entries = entries;
        }

        @Override
        public java.util.Set<Map.Entry<Object, Object>> entrySet() {
            return new java.util.AbstractSet<>() {
                @Override
                public java.util.Iterator<Map.Entry<Object, Object>> iterator() {
                    return entries.iterator();
                }

                @Override
                public int size() {
                    return entries.size();
                }
            };
        }
    }

    private static Map<String, Object> structToJava(Object base, long start, DataType t) {
        List<Field> fields = t.fields();
        long words = start + nullWordBytes(fields.size());
        Map<String, Object> out = new LinkedHashMap<>();
        for (int f = 0; f < fields.size(); f++) {
            out.put(fields.get(f).name(), bit(base, start, f) ? null : value(base, start, words + 8L * f, fields.get(f).type()));
        }
        return out;
    }

    /** The non-null value of type {@code t} in the slot at {@code slot} of the container at {@code container}. */
    private static Object value(Object base, long container, long slot, DataType t) {
        long p = DirectMemory.getLong(base, slot);
        long at = container + (p >>> 32);
        int size = (int) p;
        return switch (t.id()) {
            case BOOLEAN -> DirectMemory.getByte(base, slot) != 0;
            case BYTE -> DirectMemory.getByte(base, slot);
            case SHORT -> DirectMemory.getShort(base, slot);
            case INT -> DirectMemory.getInt(base, slot);
            case DATE -> LocalDate.ofEpochDay(DirectMemory.getInt(base, slot));
            case FLOAT -> Float.intBitsToFloat(DirectMemory.getInt(base, slot));
            case LONG -> p;
            case DOUBLE -> Double.longBitsToDouble(p);
            case TIMESTAMP -> NestedSlots.instant(p);
            case TIMESTAMP_NTZ -> NestedSlots.localDateTime(p);
            case DECIMAL -> new BigDecimal(t.isWideDecimal() ? new BigInteger(copy(base, at, size)) : BigInteger.valueOf(p),
                    t.scale());
            case STRING -> new String(copy(base, at, size), StandardCharsets.UTF_8);
            case BINARY -> copy(base, at, size);
            case LIST -> arrayToJava(base, at, t.elementField().type());
            case MAP -> mapToJava(base, at, size, t);
            case STRUCT -> structToJava(base, at, t);
        };
    }

    private static byte[] copy(Object base, long at, int size) {
        return NestedBytes.copy(base, at, size);
    }
}
