package io.albis.convert.parquet;

import io.albis.convert.ValueSource;
import io.albis.nested.ArrayValue;
import io.albis.nested.MapValue;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.TypeId;
import java.util.List;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;

/**
 * Writes Albis values into parquet-java's {@link RecordConsumer}, one writer per Albis type, in
 * the layout {@link ParquetSchemas#toParquet} gives the type: a list as the three-level LIST
 * ({@code list}, {@code element}), a map as MAP ({@code key_value}, {@code key}, {@code value}), a
 * struct inside them as a group. The same writers serve a flat column (values from the reader's
 * row) and an element, key, value or field inside a list or map (values from the nested value).
 */
final class ParquetValueWriters {

    private ParquetValueWriters() {
    }

    /** Writes value {@code i} of a source, which is not null: a primitive, or a group from its start to its end. */
    abstract static class ValueWriter {
        abstract void write(RecordConsumer out, ValueSource src, int i);
    }

    /** The writer of values of type {@code t}; {@code name} (the column, and the path in it) is for messages. */
    static ValueWriter of(DataType t, String name) {
        return switch (t.id()) {
            case LIST -> new ListWriter(of(t.elementField().type(), name + ".element"));
            case MAP -> new MapWriter(of(t.keyField().type(), name + ".key"), of(t.valueField().type(), name + ".value"));
            case STRUCT -> new StructWriter(t.fields(), name);
            default -> new PrimitiveWriter(t, name);
        };
    }

    /** Writes field {@code name} (at {@code index} in its group) holding value {@code i} of a source; nothing when it is null. */
    static void field(RecordConsumer out, String name, int index, ValueWriter w, ValueSource src, int i) {
        if (src.isNull(i)) {
            return;
        }
        out.startField(name, index);
        w.write(out, src, i);
        out.endField(name, index);
    }

    /** {@code group (LIST) { repeated group list { element; } }}: one {@code list} group per element, empty for a null one. */
    private static final class ListWriter extends ValueWriter {
        private final ValueWriter element;

        ListWriter(ValueWriter element) {
            this.element = element;
        }

        @Override
        void write(RecordConsumer out, ValueSource src, int i) {
            ArrayValue a = src.getList(i);
            out.startGroup();
            if (a.count() > 0) {
                ValueSource elements = ValueSource.of(a);
                out.startField("list", 0);
                for (int k = 0; k < a.count(); k++) {
                    out.startGroup();
                    field(out, "element", 0, element, elements, k);
                    out.endGroup();
                }
                out.endField("list", 0);
            }
            out.endGroup();
        }
    }

    /** {@code group (MAP) { repeated group key_value { key; value; } }}: one {@code key_value} group per entry. */
    private static final class MapWriter extends ValueWriter {
        private final ValueWriter key;
        private final ValueWriter value;

        MapWriter(ValueWriter key, ValueWriter value) {
            this.key = key;
            this.value = value;
        }

        @Override
        void write(RecordConsumer out, ValueSource src, int i) {
            MapValue m = src.getMap(i);
            out.startGroup();
            if (m.count() > 0) {
                ValueSource keys = ValueSource.of(m.keys());
                ValueSource values = ValueSource.of(m.values());
                out.startField("key_value", 0);
                for (int k = 0; k < m.count(); k++) {
                    out.startGroup();
                    field(out, "key", 0, key, keys, k);
                    field(out, "value", 1, value, values, k);
                    out.endGroup();
                }
                out.endField("key_value", 0);
            }
            out.endGroup();
        }
    }

    /** A struct inside a list or map: a group of its fields. */
    private static final class StructWriter extends ValueWriter {
        private final String[] names;
        private final ValueWriter[] fields;

        StructWriter(List<Field> fs, String name) {
            this.names = fs.stream().map(Field::name).toArray(String[]::new);
            this.fields = fs.stream().map(f -> of(f.type(), name + "." + f.name())).toArray(ValueWriter[]::new);
        }

        @Override
        void write(RecordConsumer out, ValueSource src, int i) {
            ValueSource struct = ValueSource.of(src.getStruct(i));
            out.startGroup();
            for (int f = 0; f < fields.length; f++) {
                field(out, names[f], f, fields[f], struct, f);
            }
            out.endGroup();
        }
    }

    private static final class PrimitiveWriter extends ValueWriter {
        private final String name;
        private final TypeId type;
        private final int precision;
        private final byte[] wide;
        private final int wideLength;

        PrimitiveWriter(DataType t, String name) {
            this.name = name;
            this.type = t.id();
            this.precision = t.precision();
            this.wideLength = t.isWideDecimal() ? ParquetSchemas.decimalBytes(precision) : 0;
            this.wide = new byte[16];
        }

        @Override
        void write(RecordConsumer out, ValueSource src, int i) {
            switch (type) {
                case BOOLEAN -> out.addBoolean(src.getBoolean(i));
                case BYTE -> out.addInteger(src.getByte(i));
                case SHORT -> out.addInteger(src.getShort(i));
                case INT, DATE -> out.addInteger(src.getInt(i));
                case LONG, TIMESTAMP, TIMESTAMP_NTZ -> out.addLong(src.getLong(i));
                case FLOAT -> out.addFloat(src.getFloat(i));
                case DOUBLE -> out.addDouble(src.getDouble(i));
                case DECIMAL -> writeDecimal(out, src, i);
                case STRING, BINARY -> {
                    int n = src.loadBytes(i);
                    out.addBinary(Binary.fromReusedByteArray(src.bytes(), 0, n));
                }
                case STRUCT, LIST, MAP -> throw new IllegalStateException(type + " is not a primitive");
            }
        }

        private void writeDecimal(RecordConsumer out, ValueSource src, int i) {
            if (precision <= 9) {
                long v = src.getLong(i);
                if (v != (int) v) {
                    throw new IllegalStateException("decimal in column " + name + " has more than " + precision + " digits");
                }
                out.addInteger((int) v);
            } else if (precision <= DataType.MAX_LONG_DECIMAL_PRECISION) {
                out.addLong(src.getLong(i));
            } else {
                long hi = src.wideHigh(i);
                long lo = src.wideLow(i);
                for (int k = 0; k < 8; k++) {
                    wide[k] = (byte) (hi >>> (56 - 8 * k));
                    wide[8 + k] = (byte) (lo >>> (56 - 8 * k));
                }
                int skip = 16 - wideLength;
                // The bytes left out must only repeat the sign, else the value is wider than its precision.
                byte sign = (byte) (hi < 0 ? -1 : 0);
                for (int k = 0; k < skip; k++) {
                    if (wide[k] != sign) {
                        throw new IllegalStateException("decimal in column " + name + " has more than " + precision + " digits");
                    }
                }
                if ((wide[skip] < 0) != (hi < 0)) {
                    throw new IllegalStateException("decimal in column " + name + " has more than " + precision + " digits");
                }
                out.addBinary(Binary.fromReusedByteArray(wide, skip, wideLength));
            }
        }
    }
}
