package io.albis.nested;

import io.albis.internal.DirectMemory;
import io.albis.schema.DataType;
import io.albis.schema.TypeId;
import io.albis.util.Int128;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * The values of an array's elements or a struct's fields, by index: the one set of getters for
 * both ({@link ArrayValue}, {@link StructValue}). A value's bytes were checked when it was read
 * ({@link NestedCheck}), so every value and its bytes lie inside it; a getter checks its index and
 * that the slot's type is read by that getter (an {@link IllegalArgumentException} otherwise).
 * Values of a null slot read as 0; check {@link #isNull} first. A view over a segment is valid
 * while its reader stands on the row it came from; {@link #toJava()} copies.
 */
public abstract sealed class NestedSlots extends NestedBytes permits ArrayValue, StructValue {
    NestedSlots(Object base, long start, int size) {
        super(base, start, size);
    }

    /** Number of elements or fields. */
    public abstract int count();

    /** The type of element or field {@code i}. */
    public abstract DataType typeAt(int i);

    /** Where the fixed-width value {@code i} starts; {@code i} is checked. */
    abstract long slotAt(int i);

    /**
     * Where the bytes of variable value {@code i} are: their offset from {@link #baseOffset()} in
     * the high 32 bits, their length in the low 32; {@code i} is checked.
     */
    abstract long bytesAt(int i);

    /** Where the null bits start; -1 when there are none (no value may be null). */
    abstract long nullBitsAt();

    final void checkIndex(int i) {
        if (i < 0 || i >= count()) {
            throw new IndexOutOfBoundsException("index " + i + " outside 0.." + (count() - 1));
        }
    }

    public boolean isNull(int i) {
        checkIndex(i);
        long nulls = nullBitsAt();
        return nulls >= 0 && (DirectMemory.getByte(base, nulls + (i >>> 3)) & (1 << (i & 7))) != 0;
    }

    private long slot(int i, int width, String what) {
        long at = slotAt(i);
        DataType t = typeAt(i);
        int w = NestedFormat.elementWidth(t);
        if (w == NestedFormat.VARIABLE || t.isWideDecimal() || w < width) {
            throw new IllegalArgumentException("value " + i + " is " + t + ", not " + what);
        }
        return at;
    }

    public boolean getBoolean(int i) {
        return DirectMemory.getByte(base, slot(i, 1, "a boolean")) != 0;
    }

    public byte getByte(int i) {
        return DirectMemory.getByte(base, slot(i, 1, "a byte"));
    }

    public short getShort(int i) {
        return DirectMemory.getShort(base, slot(i, 2, "a short"));
    }

    /** An int, or a date as days since 1970-01-01. */
    public int getInt(int i) {
        return DirectMemory.getInt(base, slot(i, 4, "an int"));
    }

    /** A long, a timestamp in microseconds, or a decimal's unscaled value (up to 18 digits). */
    public long getLong(int i) {
        return DirectMemory.getLong(base, slot(i, 8, "a long"));
    }

    public float getFloat(int i) {
        return Float.intBitsToFloat(DirectMemory.getInt(base, slot(i, 4, "a float")));
    }

    public double getDouble(int i) {
        return Double.longBitsToDouble(DirectMemory.getLong(base, slot(i, 8, "a double")));
    }

    /** The bytes of value {@code i}, which must be variable (a string, binary, list, map or struct). */
    private long variable(int i) {
        if (NestedFormat.elementWidth(typeAt(i)) != NestedFormat.VARIABLE) {
            checkIndex(i);
            throw new IllegalArgumentException("value " + i + " is " + typeAt(i) + ", whose bytes are held in place");
        }
        return bytesAt(i);
    }

    /**
     * The bytes of a string or binary in slot {@code i}, null when null; for a decimal of more
     * than 18 digits, its unscaled value as big-endian two's complement in the fewest bytes (as
     * {@link BigInteger#toByteArray()}, and as Parquet, ORC and Spark hand it out).
     */
    public byte[] getBytes(int i) {
        if (isNull(i)) {
            return null;
        }
        if (typeAt(i).isWideDecimal()) {
            return getDecimal(i).unscaledValue().toByteArray();
        }
        long p = variable(i);
        byte[] b = new byte[(int) p];
        DirectMemory.copyToArray(base, start + (p >>> 32), b, 0, b.length);
        return b;
    }

    public String getString(int i) {
        return isNull(i) ? null : new String(getBytes(i), StandardCharsets.UTF_8);
    }

    public BigDecimal getDecimal(int i) {
        if (isNull(i)) {
            return null;
        }
        DataType t = typeAt(i);
        if (!t.isWideDecimal()) {
            return new BigDecimal(BigInteger.valueOf(getLong(i)), t.scale());
        }
        long at = slotAt(i); // 16 bytes, the low word first (docs/FORMAT.md §4)
        return new BigDecimal(Int128.toBigInteger(DirectMemory.getLong(base, at + 8), DirectMemory.getLong(base, at)),
                t.scale());
    }

    public ArrayValue getList(int i) {
        long p = nestedPointer(i, TypeId.LIST);
        return isNull(i) ? null : ArrayValue.ofChecked(base, start + (p >>> 32), (int) p, typeAt(i));
    }

    public MapValue getMap(int i) {
        long p = nestedPointer(i, TypeId.MAP);
        return isNull(i) ? null : new MapValue(base, start + (p >>> 32), (int) p, typeAt(i));
    }

    public StructValue getStruct(int i) {
        long p = nestedPointer(i, TypeId.STRUCT);
        return isNull(i) ? null : new StructValue(base, start + (p >>> 32), (int) p, typeAt(i));
    }

    /** Where the bytes of value {@code i} are ({@link #bytesAt}); it must be of type {@code expected}. */
    private long nestedPointer(int i, TypeId expected) {
        if (typeAt(i).id() != expected) {
            checkIndex(i);
            throw new IllegalArgumentException("value " + i + " is " + typeAt(i) + ", not a "
                    + expected.name().toLowerCase(java.util.Locale.ROOT));
        }
        return variable(i);
    }

    /**
     * Value {@code i} as an object: Boolean, Byte, Short, Integer, Long, Float, Double,
     * BigDecimal, LocalDate, Instant (timestamp), LocalDateTime (timestamp without time zone),
     * String, byte[], List (list), Map (map, in stored order), Map from field name (struct); null
     * when null.
     */
    public Object get(int i) {
        if (isNull(i)) {
            return null;
        }
        DataType t = typeAt(i);
        return switch (t.id()) {
            case BOOLEAN -> getBoolean(i);
            case BYTE -> getByte(i);
            case SHORT -> getShort(i);
            case INT -> getInt(i);
            case LONG -> getLong(i);
            case FLOAT -> getFloat(i);
            case DOUBLE -> getDouble(i);
            case DECIMAL -> getDecimal(i);
            case DATE -> LocalDate.ofEpochDay(getInt(i));
            case TIMESTAMP -> instant(getLong(i));
            case TIMESTAMP_NTZ -> localDateTime(getLong(i));
            case STRING -> getString(i);
            case BINARY -> getBytes(i);
            case LIST -> getList(i).toJava();
            case MAP -> getMap(i).toJava();
            case STRUCT -> getStruct(i).toJava();
        };
    }

    /** Every value as {@link #get} gives it, in order. */
    List<Object> values() {
        List<Object> out = new ArrayList<>(count());
        for (int i = 0; i < count(); i++) {
            out.add(get(i));
        }
        return out;
    }

    /** The value as Java objects (see {@link #get}). */
    public abstract Object toJava();

    /** A timestamp's microseconds as an Instant. */
    public static Instant instant(long micros) {
        return Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
    }

    /** A timestamp without time zone's microseconds as the wall clock they stand for. */
    public static LocalDateTime localDateTime(long micros) {
        return LocalDateTime.ofInstant(instant(micros), ZoneOffset.UTC);
    }
}
