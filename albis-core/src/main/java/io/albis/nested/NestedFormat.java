package io.albis.nested;

import io.albis.schema.DataType;

/**
 * The arithmetic of nested values (docs/FORMAT.md §6, "Nested values"): the layouts of Spark's
 * {@code UnsafeArrayData}, {@code UnsafeMapData} and {@code UnsafeRow}, little-endian, so a list
 * or map is handed to Spark as it is stored, without rebuilding it element by element.
 * <pre>
 * array  = count:i64  nullWords:ceil(count/64) × i64  elements:roundUp8(count × width)  variable part
 * map    = keyBytes:i64  keys:array(keyBytes bytes)  values:array(rest, same count, keys never null)
 * struct = nullWords:ceil(fields/64) × i64  fields × 8 bytes  variable part
 * </pre>
 * A <em>pointer</em> (string, binary, decimal of more than 18 digits, list, map, struct) is an
 * {@code i64} {@code offset << 32 | size}, the offset counted from the start of the array or
 * struct holding it; its bytes start on a multiple of 8 from there and are zero-padded to one.
 */
public final class NestedFormat {
    /** Deepest nesting of values a reader follows; the schema codec refuses deeper types. */
    public static final int MAX_DEPTH = io.albis.schema.NestedTypeCodec.MAX_NESTING;

    private NestedFormat() {}

    /** Bytes one element of this type takes in an array's element area. */
    public static int elementWidth(DataType t) {
        return switch (t.id()) {
            case BOOLEAN, BYTE -> 1;
            case SHORT -> 2;
            case INT, FLOAT, DATE -> 4;
            default -> 8;
        };
    }

    /** True when a value of this type is stored as a pointer to bytes in the variable part. */
    public static boolean isPointer(DataType t) {
        return switch (t.id()) {
            case STRING, BINARY, LIST, MAP, STRUCT -> true;
            case DECIMAL -> t.isWideDecimal();
            default -> false;
        };
    }

    /** Bytes of the null bits of {@code n} elements or fields: whole 64-bit words. */
    public static long nullBytes(long n) {
        return ((n + 63) >>> 6) << 3;
    }

    /** Bytes before an array's element area: the count and the null words. */
    public static long arrayHeader(long count) {
        return 8 + nullBytes(count);
    }

    /** Bytes of an array's header and element area: where its variable part starts. */
    public static long arrayFixedPart(long count, int width) {
        return arrayHeader(count) + roundUp8(count * width);
    }

    /** Bytes of a struct's null words and field words: where its variable part starts. */
    public static long structFixedPart(int fields) {
        return nullBytes(fields) + 8L * fields;
    }

    public static long roundUp8(long n) {
        return (n + 7) & ~7L;
    }

    public static long pointer(long offset, long size) {
        return offset << 32 | size;
    }
}
