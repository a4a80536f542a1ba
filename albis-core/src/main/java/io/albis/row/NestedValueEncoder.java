package io.albis.row;

import io.albis.error.SchemaMismatchException;
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

    /** Writes a list, map or struct at {@link #end} (a multiple of 8) and returns its size. */
    private int writeNested(DataType t, Object v, String where) {
        int start = end;
        switch (t.id()) {
            case LIST -> {
                if (!(v instanceof List<?> list)) {
                    throw JavaValues.mismatch(v.getClass().getSimpleName(), t, where);
                }
                writeArray(t.elementField(), list, "an element of " + where);
            }
            case MAP -> {
                if (!(v instanceof Map<?, ?> map)) {
                    throw JavaValues.mismatch(v.getClass().getSimpleName(), t, where);
                }
                writeMap(t, map, where);
            }
            case STRUCT -> {
                if (!(v instanceof Map<?, ?> fields)) {
                    throw JavaValues.mismatch(v.getClass().getSimpleName(), t, where);
                }
                writeStruct(t, fields, where);
            }
            default -> throw new IllegalStateException(t + " is not nested");
        }
        return end - start;
    }

    /** Writes an array whose elements are named {@code elementWhere} in errors. */
    private void writeArray(Field element, List<?> list, String elementWhere) {
        int base = end;
        int n = list.size();
        int width = NestedFormat.elementWidth(element.type());
        int header = (int) NestedFormat.arrayHeader(n);
        reserve(NestedFormat.arrayFixedPart(n, width));
        putLong(base, n);
        int i = 0;
        for (Object e : list) {
            int slot = base + header + i * width;
            if (e == null) {
                if (!element.nullable()) {
                    throw new SchemaMismatchException(elementWhere + " is null but may not be (" + element.type() + " not null)");
                }
                setNullBit(base + 8, i);
            } else {
                writeValue(base, slot, element.type(), e, elementWhere);
            }
            i++;
        }
    }

    private void writeMap(DataType t, Map<?, ?> map, String where) {
        int base = end;
        reserve(8);
        int keysStart = end;
        writeArray(t.keyField(), Arrays.asList(map.keySet().toArray()), "a key of " + where);
        putLong(base, end - keysStart);
        writeArray(t.valueField(), Arrays.asList(map.values().toArray()), "a value of " + where);
    }

    private void writeStruct(DataType t, Map<?, ?> values, String where) {
        List<Field> fields = t.fields();
        for (Object name : values.keySet()) {
            if (fields.stream().noneMatch(f -> f.name().equals(name))) {
                throw new SchemaMismatchException(where + " is " + t + " and has no field '" + name + "'");
            }
        }
        int base = end;
        int header = (int) NestedFormat.nullBytes(fields.size());
        reserve(NestedFormat.structFixedPart(fields.size()));
        for (int f = 0; f < fields.size(); f++) {
            Field field = fields.get(f);
            Object v = values.get(field.name());
            String fieldWhere = "field '" + field.name() + "' of " + where;
            if (v == null) {
                if (!field.nullable()) {
                    throw new SchemaMismatchException(fieldWhere + " is null but not nullable");
                }
                setNullBit(base, f);
            } else {
                writeValue(base, base + header + 8 * f, field.type(), v, fieldWhere);
            }
        }
    }

    /** Writes a non-null value into its slot at {@code slot}; a pointer's bytes go at the end, relative to {@code base}. */
    private void writeValue(int base, int slot, DataType t, Object v, String where) {
        switch (t.id()) {
            case BOOLEAN -> buf[slot] = (byte) (JavaValues.toBoolean(v, t, where) ? 1 : 0);
            case BYTE -> buf[slot] = (byte) JavaValues.toIntegral(v, t, where);
            case SHORT -> putShort(slot, (short) JavaValues.toIntegral(v, t, where));
            case INT -> putInt(slot, (int) JavaValues.toIntegral(v, t, where));
            case LONG -> putLong(slot, JavaValues.toIntegral(v, t, where));
            case FLOAT -> putInt(slot, Float.floatToRawIntBits(JavaValues.toFloat(v, t, where)));
            case DOUBLE -> putLong(slot, Double.doubleToRawLongBits(JavaValues.toDouble(v, t, where)));
            case DATE -> putInt(slot, JavaValues.toDays(v, t, where));
            case TIMESTAMP, TIMESTAMP_NTZ -> putLong(slot, JavaValues.toMicros(v, t, where));
            case DECIMAL -> {
                BigInteger unscaled = JavaValues.toUnscaled(v, t, where);
                if (t.isWideDecimal()) {
                    writeBytes(base, slot, unscaled.toByteArray());
                } else {
                    putLong(slot, unscaled.longValue());
                }
            }
            case STRING -> writeBytes(base, slot, JavaValues.toUtf8(v, t, where));
            case BINARY -> writeBytes(base, slot, JavaValues.toBytes(v, t, where));
            case LIST, MAP, STRUCT -> {
                int at = end;
                int size = writeNested(t, v, where);
                putLong(slot, NestedFormat.pointer(at - base, size));
            }
            default -> throw new IllegalStateException("no nested values of " + t);
        }
    }

    private void writeBytes(int base, int slot, byte[] b) {
        int at = end;
        reserve(NestedFormat.roundUp8(b.length));
        System.arraycopy(b, 0, buf, at, b.length);
        putLong(slot, NestedFormat.pointer(at - base, b.length));
    }

    /** Appends {@code n} zero bytes at the end (n is a multiple of 8, so the end stays aligned). */
    private void reserve(long n) {
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
    }

    private void setNullBit(int nullWordsAt, int i) {
        buf[nullWordsAt + (i >>> 3)] |= (byte) (1 << (i & 7));
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

    private void putLong(int at, long v) {
        for (int k = 0; k < 8; k++) {
            buf[at + k] = (byte) (v >>> (8 * k));
        }
    }
}
