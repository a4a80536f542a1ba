package io.albis.nested;

import io.albis.internal.DirectMemory;
import io.albis.schema.DataType;

/**
 * The arithmetic of nested values as format 6.0 stores them (docs/FORMAT.md §6, "Nested values"):
 * counts and end offsets, and elements, keys and values packed at their own widths.
 * <pre>
 * list   = header(count·4 + e)  [null bits]  elements
 * map    = header(count·16 + v·4 + k)  keys' elements  [values' null bits]  values' elements
 * struct = null bits  fixed part (each field at its width, a variable one as an i32 end)  data
 * elements, fixed-width: count × width bytes
 * elements, variable:    count ends of 2^code bytes (e, k, v above), then the elements' bytes
 * </pre>
 * A header is an unsigned LEB128 number; null bits, {@code ceil(count / 8)} bytes, are there only
 * when the elements may be null. An element's bytes run from the previous element's end (0 for
 * the first) to its own, counted from the first byte after the ends. Files of 3.0 to 5.x hold
 * Spark's layout instead ({@link LegacyNested}).
 */
public final class NestedFormat {
    /** Deepest nesting of values a reader follows; the schema codec refuses deeper types. */
    public static final int MAX_DEPTH = io.albis.schema.NestedTypeCodec.MAX_NESTING;
    /** The width of a variable element or field: its bytes are found through ends. */
    public static final int VARIABLE = 0;
    /** Bytes of a struct's end of a variable field. */
    public static final int STRUCT_END = 4;
    /** Most bytes a header takes (a count up to 2^31 − 1 times 16, plus the codes). */
    public static final int MAX_HEADER = 5;

    private NestedFormat() {}

    /** Bytes one element of this type takes among fixed-width elements; {@link #VARIABLE} for the others. */
    public static int elementWidth(DataType t) {
        return switch (t.id()) {
            case BOOLEAN, BYTE -> 1;
            case SHORT -> 2;
            case INT, FLOAT, DATE -> 4;
            case LONG, DOUBLE, TIMESTAMP, TIMESTAMP_NTZ -> 8;
            case DECIMAL -> t.isWideDecimal() ? 16 : 8;
            case STRING, BINARY, LIST, MAP, STRUCT -> VARIABLE;
        };
    }

    /** True when values of this type are found through ends (string, binary, list, map, struct). */
    public static boolean isVariable(DataType t) {
        return elementWidth(t) == VARIABLE;
    }

    /**
     * Where each of a struct's fields sits in its fixed part (after its null bits): a
     * fixed-width field at its width, a variable one as an end of {@link #STRUCT_END} bytes;
     * one more entry, the fixed part's length.
     */
    public static int[] fieldOffsets(java.util.List<io.albis.schema.Field> fields) {
        int[] out = new int[fields.size() + 1];
        for (int f = 0; f < fields.size(); f++) {
            int w = elementWidth(fields.get(f).type());
            out[f + 1] = out[f] + (w == VARIABLE ? STRUCT_END : w);
        }
        return out;
    }

    /** Bytes of the null bits of {@code n} elements or fields. */
    public static long nullBytes(long n) {
        return (n + 7) >>> 3;
    }

    /** The width code of ends that reach {@code dataLength}: the narrowest of 1, 2 and 4 bytes. */
    public static int endCode(long dataLength) {
        return dataLength <= 0xFF ? 0 : dataLength <= 0xFFFF ? 1 : 2;
    }

    /** End {@code i} of the ends at {@code endsAt}, each {@code 1 << code} bytes, unsigned. */
    public static long end(Object base, long endsAt, int code, int i) {
        return switch (code) {
            case 0 -> DirectMemory.getByte(base, endsAt + i) & 0xFFL;
            case 1 -> DirectMemory.getShort(base, endsAt + 2L * i) & 0xFFFFL;
            default -> DirectMemory.getInt(base, endsAt + 4L * i) & 0xFFFFFFFFL;
        };
    }

    /** An offset and a length in one long, the offset in the high 32 bits (as a row's variable slot). */
    public static long packed(long offset, long length) {
        return offset << 32 | length;
    }

    /** Bytes of the header holding {@code value}: 7 bits a byte. */
    public static int headerLength(long value) {
        int n = 1;
        while ((value >>>= 7) != 0) {
            n++;
        }
        return n;
    }

    /**
     * The header at {@code at}, no byte of it at or past {@code limit}: its value in the low 40
     * bits and its length in bytes above them; -1 when it runs past the limit, is longer than
     * {@link #MAX_HEADER} bytes or is not in its shortest form (so every value has one encoding).
     */
    public static long header(Object base, long at, long limit) {
        long value = 0;
        for (int i = 0; i < MAX_HEADER && at + i < limit; i++) {
            int b = DirectMemory.getByte(base, at + i);
            value |= (long) (b & 0x7F) << (7 * i);
            if (b >= 0) {
                return b == 0 && i > 0 ? -1 : (long) (i + 1) << 40 | value;
            }
        }
        return -1;
    }

    /** The value of a {@link #header} result. */
    public static long headerValue(long header) {
        return header & 0xFF_FFFF_FFFFL;
    }

    /** The length of a {@link #header} result. */
    public static int headerBytes(long header) {
        return (int) (header >>> 40);
    }

    /** Writes {@code value} as a header of exactly {@code length} bytes at {@code at} ({@link #headerLength}). */
    public static void putHeader(byte[] b, int at, long value, int length) {
        for (int i = 0; i < length - 1; i++) {
            b[at + i] = (byte) (value & 0x7F | 0x80);
            value >>>= 7;
        }
        b[at + length - 1] = (byte) value;
    }
}
