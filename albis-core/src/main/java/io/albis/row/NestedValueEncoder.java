package io.albis.row;

import io.albis.error.SchemaMismatchException;
import io.albis.nested.LegacyNested;
import io.albis.nested.NestedFormat;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Encodes a list or map given as Java objects into its stored bytes (docs/FORMAT.md §6, "Nested
 * values"; {@link NestedFormat}). Lists are {@link List}s, maps {@link Map}s (in their iteration
 * order), structs inside them {@link Map}s from field name to value (a missing name is null);
 * leaf values are the objects {@link JavaValues} takes. The bytes are the value of a list or map
 * slot, which {@link RowEncoder#putBytes} stages in the row's variable area. One encoder is reused
 * value after value; not thread-safe.
 *
 * <p>Variable elements are written with 4-byte ends first; once their bytes are known, the ends
 * are narrowed to the width the format asks for and the bytes moved down behind them (offsets
 * inside the bytes count from their own starts, so moving them changes none).
 */
public final class NestedValueEncoder {
    private byte[] buf = new byte[256];
    private int end;

    /**
     * Encodes {@code value} of list or map type {@code t}; the bytes are {@link #bytes()}
     * {@code [0, }{@link #length()}{@code )} until the next call. {@code where} names the column.
     */
    public void encode(DataType t, Object value, String where) {
        if (!t.isNested()) {
            throw new IllegalArgumentException(t + " is not a list or map");
        }
        end = 0;
        writeNested(t, value, where);
    }

    public byte[] bytes() {
        return buf;
    }

    public int length() {
        return end;
    }

    /**
     * The list or map of type {@code t} stored in the layout of formats 3.0 to 5.x
     * ({@link LegacyNested}, checked), {@code size} bytes at {@code base}/{@code start}, in the
     * layout of today: how a reader hands out the lists and maps of an older file.
     */
    public static byte[] fromLegacy(Object base, long start, int size, DataType t) {
        NestedValueEncoder e = new NestedValueEncoder();
        e.encode(t, LegacyNested.toJava(base, start, size, t), "a stored " + t);
        return Arrays.copyOf(e.buf, e.end);
    }

    /** Writes a list, map or struct at {@link #end}. */
    private void writeNested(DataType t, Object v, String where) {
        switch (t.id()) {
            case LIST -> {
                if (!(v instanceof List<?> list)) {
                    throw JavaValues.mismatch(v.getClass().getSimpleName(), t, where);
                }
                long n = list.size();
                int length = NestedFormat.headerLength(4 * n);
                int header = reserve(length);
                int code = writeElements(t.elementField(), list, "an element of " + where);
                NestedFormat.putHeader(buf, header, 4 * n + code, length);
            }
            case MAP -> {
                if (!(v instanceof Map<?, ?> map)) {
                    throw JavaValues.mismatch(v.getClass().getSimpleName(), t, where);
                }
                long n = map.size();
                int length = NestedFormat.headerLength(16 * n);
                int header = reserve(length);
                int keyCode = writeElements(t.keyField(), Arrays.asList(map.keySet().toArray()), "a key of " + where);
                int valueCode = writeElements(t.valueField(), Arrays.asList(map.values().toArray()), "a value of " + where);
                NestedFormat.putHeader(buf, header, 16 * n + 4L * valueCode + keyCode, length);
            }
            case STRUCT -> {
                if (!(v instanceof Map<?, ?> fields)) {
                    throw JavaValues.mismatch(v.getClass().getSimpleName(), t, where);
                }
                writeStruct(t, fields, where);
            }
            default -> throw new IllegalStateException(t + " is not nested");
        }
    }

    /**
     * Writes the null bits (if the elements may be null) and the elements, named
     * {@code elementWhere} in errors; returns the width code of their ends (0 for fixed-width ones).
     */
    private int writeElements(Field element, List<?> list, String elementWhere) {
        int n = list.size();
        DataType t = element.type();
        int nulls = element.nullable() ? reserve(NestedFormat.nullBytes(n)) : -1;
        int width = NestedFormat.elementWidth(t);
        int slots = reserve(width == NestedFormat.VARIABLE ? 4L * n : (long) n * width);
        int data = end;
        int i = 0;
        for (Object e : list) {
            if (e == null) {
                if (nulls < 0) {
                    throw new SchemaMismatchException(elementWhere + " is null but may not be (" + t + " not null)");
                }
                buf[nulls + (i >>> 3)] |= (byte) (1 << (i & 7));
            } else if (width != NestedFormat.VARIABLE) {
                writeFixed(slots + i * width, t, e, elementWhere);
            } else {
                writeVariable(t, e, elementWhere);
            }
            if (width == NestedFormat.VARIABLE) {
                putInt(slots + 4 * i, end - data);
            }
            i++;
        }
        return width == NestedFormat.VARIABLE ? narrowEnds(slots, n, data) : 0;
    }

    /** Rewrites the {@code n} 4-byte ends at {@code ends} at the width their bytes need, moving the bytes down behind them. */
    private int narrowEnds(int ends, int n, int data) {
        int dataLength = end - data;
        int code = NestedFormat.endCode(dataLength);
        int w = 1 << code;
        if (w == 4) {
            return code;
        }
        for (int i = 0; i < n; i++) {
            int v = getInt(ends + 4 * i);
            for (int k = 0; k < w; k++) {
                buf[ends + w * i + k] = (byte) (v >>> (8 * k));
            }
        }
        int to = ends + w * n;
        System.arraycopy(buf, data, buf, to, dataLength);
        end = to + dataLength;
        return code;
    }

    private void writeStruct(DataType t, Map<?, ?> values, String where) {
        List<Field> fields = t.fields();
        for (Object name : values.keySet()) {
            if (fields.stream().noneMatch(f -> f.name().equals(name))) {
                throw new SchemaMismatchException(where + " is " + t + " and has no field '" + name + "'");
            }
        }
        int nulls = reserve(NestedFormat.nullBytes(fields.size()));
        int[] offsets = NestedFormat.fieldOffsets(fields);
        int slots = reserve(offsets[fields.size()]);
        int data = end;
        for (int f = 0; f < fields.size(); f++) {
            Field field = fields.get(f);
            Object v = values.get(field.name());
            String fieldWhere = "field '" + field.name() + "' of " + where;
            boolean variable = NestedFormat.isVariable(field.type());
            if (v == null) {
                if (!field.nullable()) {
                    throw new SchemaMismatchException(fieldWhere + " is null but not nullable");
                }
                buf[nulls + (f >>> 3)] |= (byte) (1 << (f & 7));
            } else if (variable) {
                writeVariable(field.type(), v, fieldWhere);
            } else {
                writeFixed(slots + offsets[f], field.type(), v, fieldWhere);
            }
            if (variable) {
                putInt(slots + offsets[f], end - data);
            }
        }
    }

    /** Writes a non-null fixed-width value at {@code at}. */
    private void writeFixed(int at, DataType t, Object v, String where) {
        switch (t.id()) {
            case BOOLEAN -> buf[at] = (byte) (JavaValues.toBoolean(v, t, where) ? 1 : 0);
            case BYTE -> buf[at] = (byte) JavaValues.toIntegral(v, t, where);
            case SHORT -> putShort(at, (short) JavaValues.toIntegral(v, t, where));
            case INT -> putInt(at, (int) JavaValues.toIntegral(v, t, where));
            case LONG -> putLong(at, JavaValues.toIntegral(v, t, where));
            case FLOAT -> putInt(at, Float.floatToRawIntBits(JavaValues.toFloat(v, t, where)));
            case DOUBLE -> putLong(at, Double.doubleToRawLongBits(JavaValues.toDouble(v, t, where)));
            case DATE -> putInt(at, JavaValues.toDays(v, t, where));
            case TIMESTAMP, TIMESTAMP_NTZ -> putLong(at, JavaValues.toMicros(v, t, where));
            case DECIMAL -> {
                BigInteger unscaled = JavaValues.toUnscaled(v, t, where);
                putLong(at, unscaled.longValue());
                if (t.isWideDecimal()) {
                    putLong(at + 8, unscaled.shiftRight(64).longValue()); // 128-bit, low word first
                }
            }
            default -> throw new IllegalStateException(t + " is not of fixed width");
        }
    }

    /** Appends the bytes of a non-null string, binary, list, map or struct. */
    private void writeVariable(DataType t, Object v, String where) {
        switch (t.id()) {
            case STRING -> append(JavaValues.toUtf8(v, t, where));
            case BINARY -> append(JavaValues.toBytes(v, t, where));
            case LIST, MAP, STRUCT -> writeNested(t, v, where);
            default -> throw new IllegalStateException(t + " is not of variable width");
        }
    }

    private void append(byte[] b) {
        int at = reserve(b.length);
        System.arraycopy(b, 0, buf, at, b.length);
    }

    /** Appends {@code n} zero bytes at the end and returns where they start. */
    private int reserve(long n) {
        int at = end;
        long newEnd = end + n;
        if (newEnd > RowLayout.MAX_ROW_LENGTH) {
            throw new SchemaMismatchException("a list or map value of more than " + RowLayout.MAX_ROW_LENGTH
                    + " bytes");
        }
        if (newEnd > buf.length) {
            buf = Arrays.copyOf(buf, (int) Math.min(RowLayout.MAX_ROW_LENGTH, Math.max(newEnd, 2L * buf.length)));
        }
        Arrays.fill(buf, end, (int) newEnd, (byte) 0);
        end = (int) newEnd;
        return at;
    }

    private void putShort(int at, short v) {
        buf[at] = (byte) v;
        buf[at + 1] = (byte) (v >>> 8);
    }

    private void putInt(int at, int v) {
        for (int k = 0; k < 4; k++) {
            buf[at + k] = (byte) (v >>> (8 * k));
        }
    }

    private int getInt(int at) {
        int v = 0;
        for (int k = 0; k < 4; k++) {
            v |= (buf[at + k] & 0xFF) << (8 * k);
        }
        return v;
    }

    private void putLong(int at, long v) {
        for (int k = 0; k < 8; k++) {
            buf[at + k] = (byte) (v >>> (8 * k));
        }
    }
}
