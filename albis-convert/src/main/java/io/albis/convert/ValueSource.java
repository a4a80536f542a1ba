package io.albis.convert;

import io.albis.nested.ArrayValue;
import io.albis.nested.MapValue;
import io.albis.nested.NestedSlots;
import io.albis.nested.StructValue;
import io.albis.read.AlbisReader;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Where the writers into Parquet and ORC read Albis values, by index: the current row of an
 * {@link AlbisReader} (index = the reader's column), or the elements or fields of a list, map or
 * struct value (index = element or field). One getter set for both, so that one writer per type
 * serves a flat column and an element of a list alike.
 */
public abstract class ValueSource {
    private byte[] bytes = new byte[256];

    public abstract boolean isNull(int i);

    public abstract boolean getBoolean(int i);

    public abstract byte getByte(int i);

    public abstract short getShort(int i);

    /** An int, or a date as days since 1970-01-01. */
    public abstract int getInt(int i);

    /** A long, a timestamp (with or without time zone) in microseconds, or a decimal of at most 18 digits unscaled. */
    public abstract long getLong(int i);

    public abstract float getFloat(int i);

    public abstract double getDouble(int i);

    public abstract BigDecimal getDecimal(int i);

    /** The high 64 bits of the 128-bit two's complement unscaled value of a decimal of more than 18 digits. */
    public abstract long wideHigh(int i);

    /** Its low 64 bits. */
    public abstract long wideLow(int i);

    public abstract ArrayValue getList(int i);

    public abstract MapValue getMap(int i);

    public abstract StructValue getStruct(int i);

    /** Puts the UTF-8 of a string or the bytes of a binary into {@link #bytes()} and returns their length. */
    public abstract int loadBytes(int i);

    /** The buffer {@link #loadBytes} fills; valid until its next call. */
    public final byte[] bytes() {
        return bytes;
    }

    /** {@link #bytes()}, grown to hold at least {@code capacity} bytes. */
    final byte[] bytes(int capacity) {
        if (bytes.length < capacity) {
            bytes = new byte[Math.max(capacity, bytes.length * 2)];
        }
        return bytes;
    }

    /** The current row of {@code reader}, by the reader's column index. */
    public static ValueSource of(AlbisReader reader) {
        return new Row(reader);
    }

    /** The elements of an array or the fields of a struct. */
    public static ValueSource of(NestedSlots slots) {
        return new Slots(slots);
    }

    private static final class Row extends ValueSource {
        private final AlbisReader r;

        Row(AlbisReader r) {
            this.r = r;
        }

        @Override
        public boolean isNull(int i) {
            return r.isNull(i);
        }

        @Override
        public boolean getBoolean(int i) {
            return r.getBoolean(i);
        }

        @Override
        public byte getByte(int i) {
            return r.getByte(i);
        }

        @Override
        public short getShort(int i) {
            return r.getShort(i);
        }

        @Override
        public int getInt(int i) {
            return r.getInt(i);
        }

        @Override
        public long getLong(int i) {
            return r.getLong(i);
        }

        @Override
        public float getFloat(int i) {
            return r.getFloat(i);
        }

        @Override
        public double getDouble(int i) {
            return r.getDouble(i);
        }

        @Override
        public BigDecimal getDecimal(int i) {
            return r.getDecimal(i);
        }

        @Override
        public long wideHigh(int i) {
            return r.wideHigh(i);
        }

        @Override
        public long wideLow(int i) {
            return r.wideLow(i);
        }

        @Override
        public ArrayValue getList(int i) {
            return r.getList(i);
        }

        @Override
        public MapValue getMap(int i) {
            return r.getMap(i);
        }

        @Override
        public StructValue getStruct(int i) {
            throw new IllegalStateException("structs of a table are flattened into columns; column " + i + " is not one");
        }

        @Override
        public int loadBytes(int i) {
            return r.copyBytes(i, bytes(r.getBytesLength(i)), 0);
        }
    }

    private static final class Slots extends ValueSource {
        private final NestedSlots s;

        Slots(NestedSlots s) {
            this.s = s;
        }

        @Override
        public boolean isNull(int i) {
            return s.isNull(i);
        }

        @Override
        public boolean getBoolean(int i) {
            return s.getBoolean(i);
        }

        @Override
        public byte getByte(int i) {
            return s.getByte(i);
        }

        @Override
        public short getShort(int i) {
            return s.getShort(i);
        }

        @Override
        public int getInt(int i) {
            return s.getInt(i);
        }

        @Override
        public long getLong(int i) {
            return s.getLong(i);
        }

        @Override
        public float getFloat(int i) {
            return s.getFloat(i);
        }

        @Override
        public double getDouble(int i) {
            return s.getDouble(i);
        }

        @Override
        public BigDecimal getDecimal(int i) {
            return s.getDecimal(i);
        }

        @Override
        public long wideHigh(int i) {
            return new BigInteger(s.getBytes(i)).shiftRight(64).longValue();
        }

        @Override
        public long wideLow(int i) {
            return new BigInteger(s.getBytes(i)).longValue();
        }

        @Override
        public ArrayValue getList(int i) {
            return s.getList(i);
        }

        @Override
        public MapValue getMap(int i) {
            return s.getMap(i);
        }

        @Override
        public StructValue getStruct(int i) {
            return s.getStruct(i);
        }

        @Override
        public int loadBytes(int i) {
            byte[] b = s.getBytes(i);
            System.arraycopy(b, 0, bytes(b.length), 0, b.length);
            return b.length;
        }
    }
}
