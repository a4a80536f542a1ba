package io.albis.convert;

import io.albis.schema.DataType;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A {@link ValueTarget} that keeps each value as the Java object {@code AlbisWriter.setValue}
 * takes inside a list or map (see {@code io.albis.row.NestedValueEncoder}): the slots of a value
 * being assembled. Dates and timestamps stay numbers (days, microseconds), decimals become
 * {@link BigDecimal}s at their type's scale, binaries {@link ByteBuffer}s (equal by content, so
 * they work as map keys), strings {@link String}s. A string that is not valid UTF-8 is refused:
 * decoding it would replace bytes silently, and a nested value takes strings only as
 * {@code String}s.
 */
public abstract class BoxedValues implements ValueTarget {
    /** The value's path, for messages. */
    private final String name;
    private CharsetDecoder utf8;

    BoxedValues(String name) {
        this.name = name;
    }

    /** Stores a value (null for null) in a slot. */
    abstract void put(int slot, Object v);

    /** The scale of a decimal in this slot. */
    abstract int scale(int slot);

    @Override
    public void setBoolean(int slot, boolean v) {
        put(slot, v);
    }

    @Override
    public void setByte(int slot, byte v) {
        put(slot, v);
    }

    @Override
    public void setShort(int slot, short v) {
        put(slot, v);
    }

    @Override
    public void setInt(int slot, int v) {
        put(slot, v);
    }

    @Override
    public void setLong(int slot, long v) {
        put(slot, v);
    }

    @Override
    public void setFloat(int slot, float v) {
        put(slot, v);
    }

    @Override
    public void setDouble(int slot, double v) {
        put(slot, v);
    }

    @Override
    public void setDate(int slot, int days) {
        put(slot, days);
    }

    @Override
    public void setTimestampMicros(int slot, long micros) {
        put(slot, micros);
    }

    @Override
    public void setDecimalUnscaled(int slot, long unscaled) {
        put(slot, BigDecimal.valueOf(unscaled, scale(slot)));
    }

    @Override
    public void setDecimal(int slot, BigDecimal v) {
        put(slot, v);
    }

    @Override
    public void setUtf8(int slot, byte[] bytes, int offset, int length) {
        if (utf8 == null) {
            utf8 = StandardCharsets.UTF_8.newDecoder(); // reports malformed input rather than replacing it
        }
        CharBuffer chars;
        try {
            chars = utf8.decode(ByteBuffer.wrap(bytes, offset, length));
        } catch (CharacterCodingException e) {
            throw new RejectedValueException(name, "a string inside a list or map is not valid UTF-8 ("
                    + ConvertInputException.describe(e) + "); Albis keeps strings in lists and maps as text");
        }
        put(slot, chars.toString());
    }

    @Override
    public void setBinary(int slot, byte[] v, int offset, int length) {
        put(slot, ByteBuffer.wrap(Arrays.copyOfRange(v, offset, offset + length)));
    }

    @Override
    public void setNull(int slot) {
        put(slot, null);
    }

    @Override
    public void setValue(int slot, Object v) {
        put(slot, v);
    }

    /** A fixed number of slots of given types: the fields of a struct, or a map entry's key and value. */
    public static final class Slots extends BoxedValues {
        private final Object[] values;
        private final int[] scales;

        public Slots(String name, List<DataType> types) {
            super(name);
            this.values = new Object[types.size()];
            this.scales = types.stream().mapToInt(DataType::scale).toArray();
        }

        /** Sets every slot null, for the next value. */
        public void clear() {
            Arrays.fill(values, null);
        }

        public Object get(int slot) {
            return values[slot];
        }

        @Override
        void put(int slot, Object v) {
            values[slot] = v;
        }

        @Override
        int scale(int slot) {
            return scales[slot];
        }
    }

    /** The elements of a list being assembled: every value set is appended, whatever its slot. */
    public static final class Elements extends BoxedValues {
        private final int scale;
        private List<Object> items = new ArrayList<>();

        public Elements(String name, DataType element) {
            super(name);
            this.scale = element.scale();
        }

        /** Starts a new list; the one handed out before stays as it is. */
        public void begin() {
            items = new ArrayList<>();
        }

        public List<Object> items() {
            return items;
        }

        public int size() {
            return items.size();
        }

        @Override
        void put(int slot, Object v) {
            items.add(v);
        }

        @Override
        int scale(int slot) {
            return scale;
        }
    }
}
