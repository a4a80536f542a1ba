package io.albis.convert.parquet;

import io.albis.convert.RejectedValueException;
import io.albis.convert.ValueTarget;
import io.albis.convert.parquet.ParquetSchemaMapping.LeafKind;
import io.albis.schema.DataType;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;

/**
 * One converter class per {@link ParquetSchemaMapping.LeafKind}: each takes the value Parquet
 * decoded and calls the matching typed setter of its {@link ValueTarget}: the Albis writer for a
 * flat column, without boxing, or the value being assembled for an element of a list or map.
 */
final class LeafConverters {
    private LeafConverters() {
    }

    /**
     * @param kind how the Parquet values become Albis values
     * @param type the Albis type they become
     * @param n    the value's path, for messages
     * @param w    where each value goes
     * @param c    the slot of {@code w} it goes to
     */
    static PrimitiveConverter of(LeafKind kind, DataType type, String n, ValueTarget w, int c) {
        return switch (kind) {
            case BOOLEAN -> new BooleanConverter(w, c, n);
            case INT -> new IntConverter(w, c, n);
            case BYTE -> new ByteConverter(w, c, n);
            case SHORT -> new ShortConverter(w, c, n);
            case UINT8 -> new UInt8Converter(w, c, n);
            case UINT16 -> new UInt16Converter(w, c, n);
            case UINT32 -> new UInt32Converter(w, c, n);
            case LONG -> new LongConverter(w, c, n);
            case UINT64 -> new UInt64Converter(w, c, n);
            case TIME_MILLIS -> new TimeMillisConverter(w, c, n);
            case TIME_NANOS -> new TimeNanosConverter(w, c, n);
            case DATE -> new DateConverter(w, c, n);
            case TIMESTAMP_MILLIS -> new TimestampMillisConverter(w, c, n);
            case TIMESTAMP_MICROS -> new TimestampMicrosConverter(w, c, n);
            case TIMESTAMP_NANOS -> new TimestampNanosConverter(w, c, n);
            case INT96_TIMESTAMP -> new Int96Converter(w, c, n);
            case FLOAT -> new FloatConverter(w, c, n);
            case FLOAT16 -> new Float16Converter(w, c, n);
            case DOUBLE -> new DoubleConverter(w, c, n);
            case DECIMAL_INT32, DECIMAL_INT64 -> new DecimalLongConverter(w, c, n);
            case DECIMAL_BYTES -> new DecimalBytesConverter(w, c, n, type.scale());
            case STRING -> new BytesConverter(w, c, n, true);
            case BINARY -> new BytesConverter(w, c, n, false);
        };
    }

    /** Common state: the target, the slot in it and the value's name for messages. */
    abstract static class Base extends PrimitiveConverter {
        final ValueTarget w;
        final int col;
        final String name;

        Base(ValueTarget w, int col, String name) {
            this.w = w;
            this.col = col;
            this.name = name;
        }

        final RejectedValueException reject(String message) {
            return new RejectedValueException(name, message);
        }

        /** Nanoseconds as microseconds; a value with a sub-microsecond part is refused, as truncating would lose it. */
        final long wholeMicros(long nanos, String type) {
            if (nanos % 1000 != 0) {
                throw reject(type + " value " + nanos + " is not a whole number of microseconds;"
                        + " Albis holds microseconds and truncating would lose data");
            }
            return nanos / 1000;
        }
    }

    static final class BooleanConverter extends Base {
        BooleanConverter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addBoolean(boolean v) {
            try {
                w.setBoolean(col, v);
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    static final class IntConverter extends Base {
        IntConverter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addInt(int v) {
            try {
                w.setInt(col, v);
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    static final class ByteConverter extends Base {
        ByteConverter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addInt(int v) {
            if (v < Byte.MIN_VALUE || v > Byte.MAX_VALUE) {
                throw reject("value " + v + " is outside the range of INT(8, signed)");
            }
            try {
                w.setByte(col, (byte) v);
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    static final class ShortConverter extends Base {
        ShortConverter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addInt(int v) {
            if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
                throw reject("value " + v + " is outside the range of INT(16, signed)");
            }
            try {
                w.setShort(col, (short) v);
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    /** INT(8, unsigned): Parquet stores it in an INT32 holding 0..255. */
    static final class UInt8Converter extends Base {
        UInt8Converter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addInt(int v) {
            if (v < 0 || v > 0xFF) {
                throw reject("value " + v + " is outside the range of INT(8, unsigned)");
            }
            try {
                w.setShort(col, (short) v);
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    static final class UInt16Converter extends Base {
        UInt16Converter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addInt(int v) {
            if (v < 0 || v > 0xFFFF) {
                throw reject("value " + v + " is outside the range of INT(16, unsigned)");
            }
            try {
                w.setInt(col, v);
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    /** INT(32, unsigned): the INT32's bits read as unsigned. */
    static final class UInt32Converter extends Base {
        UInt32Converter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addInt(int v) {
            try {
                w.setLong(col, Integer.toUnsignedLong(v));
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    static final class LongConverter extends Base {
        LongConverter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addLong(long v) {
            try {
                w.setLong(col, v);
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    /** INT(64, unsigned) into decimal(20,0): values at or above 2^63 need the wide path. */
    static final class UInt64Converter extends Base {
        UInt64Converter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addLong(long v) {
            try {
                if (v >= 0) {
                    w.setDecimalUnscaled(col, v);
                } else {
                    w.setDecimal(col, new BigDecimal(new BigInteger(Long.toUnsignedString(v))));
                }
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    /** TIME(MILLIS): milliseconds of the day, as microseconds. */
    static final class TimeMillisConverter extends Base {
        TimeMillisConverter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addInt(int v) {
            try {
                w.setLong(col, v * 1000L);
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    /** TIME(NANOS): nanoseconds of the day, as microseconds when that loses nothing. */
    static final class TimeNanosConverter extends Base {
        TimeNanosConverter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addLong(long v) {
            try {
                w.setLong(col, wholeMicros(v, "TIME(NANOS)"));
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    static final class DateConverter extends Base {
        DateConverter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addInt(int v) {
            try {
                w.setDate(col, v);
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    static final class TimestampMillisConverter extends Base {
        TimestampMillisConverter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addLong(long v) {
            long micros;
            try {
                micros = Math.multiplyExact(v, 1000L);
            } catch (ArithmeticException e) {
                throw reject("timestamp of " + v + " ms is outside the range of microseconds in a long");
            }
            try {
                w.setTimestampMicros(col, micros);
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    static final class TimestampMicrosConverter extends Base {
        TimestampMicrosConverter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addLong(long v) {
            try {
                w.setTimestampMicros(col, v);
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    /** Albis keeps microseconds; a nanosecond value with a sub-microsecond part would lose it, so it is refused. */
    static final class TimestampNanosConverter extends Base {
        TimestampNanosConverter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addLong(long v) {
            try {
                w.setTimestampMicros(col, wholeMicros(v, "TIMESTAMP(NANOS)"));
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    /**
     * INT96: 8 bytes nanoseconds of the day, then 4 bytes Julian day number, little-endian (the
     * encoding Impala, Hive and Spark write).
     */
    static final class Int96Converter extends Base {
        /** Julian day number of 1970-01-01. */
        static final long JULIAN_EPOCH_DAY = 2_440_588L;
        static final long MICROS_PER_DAY = 86_400_000_000L;
        static final long NANOS_PER_DAY = MICROS_PER_DAY * 1000;

        Int96Converter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addBinary(Binary value) {
            if (value.length() != 12) {
                throw reject("INT96 value has " + value.length() + " bytes, expected 12");
            }
            ByteBuffer b = value.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
            int p = b.position();
            long nanosOfDay = b.getLong(p);
            long julianDay = Integer.toUnsignedLong(b.getInt(p + 8));
            if (nanosOfDay < 0 || nanosOfDay >= NANOS_PER_DAY) {
                throw reject("INT96 timestamp has " + nanosOfDay + " nanoseconds of the day, outside 0.." + (NANOS_PER_DAY - 1));
            }
            if (nanosOfDay % 1000 != 0) {
                throw reject("INT96 timestamp (Julian day " + julianDay + ", " + nanosOfDay + " ns) is not a whole"
                        + " number of microseconds; Albis timestamps hold microseconds and truncating would lose data");
            }
            long micros;
            try {
                micros = Math.addExact(Math.multiplyExact(julianDay - JULIAN_EPOCH_DAY, MICROS_PER_DAY), nanosOfDay / 1000);
            } catch (ArithmeticException e) {
                throw reject("INT96 timestamp on Julian day " + julianDay + " is outside the range of microseconds in a long");
            }
            try {
                w.setTimestampMicros(col, micros);
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    static final class FloatConverter extends Base {
        FloatConverter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addFloat(float v) {
            try {
                w.setFloat(col, v);
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    /** FLOAT16: two little-endian bytes of an IEEE 754 half, which a float holds exactly. */
    static final class Float16Converter extends Base {
        Float16Converter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addBinary(Binary v) {
            byte[] b = v.getBytesUnsafe();
            if (b.length != 2) {
                throw new RejectedValueException(name, "a FLOAT16 value of " + b.length + " bytes (it takes 2)");
            }
            try {
                w.setFloat(col, halfToFloat((short) ((b[0] & 0xff) | (b[1] & 0xff) << 8)));
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    /** The float of the IEEE 754 half-precision bits {@code h}: every half is a float exactly. */
    static float halfToFloat(short h) {
        int sign = (h & 0x8000) << 16;
        int exponent = (h >>> 10) & 0x1f;
        int mantissa = h & 0x3ff;
        if (exponent == 0x1f) { // infinity or NaN (payload kept)
            return Float.intBitsToFloat(sign | 0x7f80_0000 | mantissa << 13);
        }
        if (exponent == 0) { // zero or subnormal: mantissa × 2^-24
            float v = mantissa * 0x1p-24f;
            return sign == 0 ? v : -v;
        }
        // Rebias the exponent from 15 to 127.
        return Float.intBitsToFloat(sign | (exponent + 112) << 23 | mantissa << 13);
    }

    static final class DoubleConverter extends Base {
        DoubleConverter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addDouble(double v) {
            try {
                w.setDouble(col, v);
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    /** DECIMAL stored in an INT32 or INT64: the integer is the unscaled value. */
    static final class DecimalLongConverter extends Base {
        DecimalLongConverter(ValueTarget w, int col, String name) {
            super(w, col, name);
        }

        @Override
        public void addInt(int v) {
            addLong(v);
        }

        @Override
        public void addLong(long v) {
            try {
                w.setDecimalUnscaled(col, v);
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }

    /**
     * DECIMAL in BINARY or FIXED_LEN_BYTE_ARRAY: big-endian two's complement. Values that fit a
     * long (nearly all) go through the long setter; only wider ones build a BigDecimal.
     */
    static final class DecimalBytesConverter extends Base {
        private final int scale;

        DecimalBytesConverter(ValueTarget w, int col, String name, int scale) {
            super(w, col, name);
            this.scale = scale;
        }

        @Override
        public void addBinary(Binary value) {
            ByteBuffer b = value.toByteBuffer();
            int p = b.position();
            int n = b.remaining();
            if (n == 0) {
                throw reject("DECIMAL value has no bytes");
            }
            try {
                if (fitsLong(b, p, n)) {
                    long v = b.get(p); // sign-extended first byte
                    for (int i = 1; i < n; i++) {
                        v = (v << 8) | (b.get(p + i) & 0xFF);
                    }
                    w.setDecimalUnscaled(col, v);
                } else {
                    byte[] bytes = new byte[n];
                    b.get(p, bytes);
                    w.setDecimal(col, new BigDecimal(new BigInteger(bytes), scale));
                }
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }

        /** True when the bytes beyond the last eight only repeat the sign. */
        private static boolean fitsLong(ByteBuffer b, int p, int n) {
            if (n <= 8) {
                return true;
            }
            byte sign = (byte) (b.get(p) < 0 ? -1 : 0);
            for (int i = 0; i < n - 8; i++) {
                if (b.get(p + i) != sign) {
                    return false;
                }
            }
            return (b.get(p + n - 8) < 0) == (sign < 0);
        }
    }

    /**
     * STRING and BINARY. Dictionary-encoded pages are decoded once per dictionary into byte
     * arrays, so each value is one copy into the writer.
     */
    static final class BytesConverter extends Base {
        private final boolean utf8;
        private byte[][] dictionary;
        private byte[] scratch = new byte[64];

        BytesConverter(ValueTarget w, int col, String name, boolean utf8) {
            super(w, col, name);
            this.utf8 = utf8;
        }

        @Override
        public boolean hasDictionarySupport() {
            return true;
        }

        @Override
        public void setDictionary(Dictionary d) {
            byte[][] entries = new byte[d.getMaxId() + 1][];
            for (int i = 0; i < entries.length; i++) {
                entries[i] = d.decodeToBinary(i).getBytes();
            }
            dictionary = entries;
        }

        @Override
        public void addValueFromDictionary(int id) {
            byte[] v = dictionary[id];
            set(v, 0, v.length);
        }

        @Override
        public void addBinary(Binary value) {
            ByteBuffer b = value.toByteBuffer();
            if (b.hasArray()) {
                set(b.array(), b.arrayOffset() + b.position(), b.remaining());
            } else {
                int n = b.remaining();
                if (scratch.length < n) {
                    scratch = new byte[Math.max(n, scratch.length * 2)];
                }
                b.get(b.position(), scratch, 0, n);
                set(scratch, 0, n);
            }
        }

        private void set(byte[] bytes, int off, int len) {
            try {
                if (utf8) {
                    w.setUtf8(col, bytes, off, len);
                } else {
                    w.setBinary(col, bytes, off, len);
                }
            } catch (IOException e) {
                throw new WriterFailure(e);
            }
        }
    }
}
