package io.albis.bench.format.arrow;

import io.albis.nested.ArrayValue;
import io.albis.nested.MapValue;
import io.albis.nested.NestedSlots;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Writes Albis lists and maps (read through their views) into Arrow's {@link ListVector} and
 * {@link MapVector} of the schema {@link ArrowSchemas} gives: each value's elements, or its keys
 * and values, appended to the child vectors, lists and maps inside them likewise.
 */
final class ArrowNestedWriter {

    private ArrowNestedWriter() {
    }

    static void setList(ListVector v, int row, ArrayValue list) {
        int start = v.startNewValue(row);
        FieldVector elements = v.getDataVector();
        for (int i = 0; i < list.count(); i++) {
            set(elements, start + i, list, i);
        }
        v.endValue(row, list.count());
    }

    static void setMap(MapVector v, int row, MapValue map) {
        int start = v.startNewValue(row);
        StructVector entries = (StructVector) v.getDataVector();
        FieldVector keys = entries.getChild(MapVector.KEY_NAME);
        FieldVector values = entries.getChild(MapVector.VALUE_NAME);
        for (int i = 0; i < map.count(); i++) {
            entries.setIndexDefined(start + i);
            set(keys, start + i, map.keys(), i);
            set(values, start + i, map.values(), i);
        }
        v.endValue(row, map.count());
    }

    /** Sets position {@code at} of {@code v} to element or field {@code i} of {@code s}. */
    private static void set(FieldVector v, int at, NestedSlots s, int i) {
        if (s.isNull(i)) {
            v.setNull(at);
            return;
        }
        switch (s.typeAt(i).id()) {
            case BOOLEAN -> ((BitVector) v).setSafe(at, s.getBoolean(i) ? 1 : 0);
            case BYTE -> ((TinyIntVector) v).setSafe(at, s.getByte(i));
            case SHORT -> ((SmallIntVector) v).setSafe(at, s.getShort(i));
            case INT -> ((IntVector) v).setSafe(at, s.getInt(i));
            case LONG -> ((BigIntVector) v).setSafe(at, s.getLong(i));
            case FLOAT -> ((Float4Vector) v).setSafe(at, s.getFloat(i));
            case DOUBLE -> ((Float8Vector) v).setSafe(at, s.getDouble(i));
            case DATE -> ((DateDayVector) v).setSafe(at, s.getInt(i));
            case TIMESTAMP -> ((TimeStampMicroTZVector) v).setSafe(at, s.getLong(i));
            case DECIMAL -> ((DecimalVector) v).setSafe(at, s.getDecimal(i));
            case STRING -> ((VarCharVector) v).setSafe(at, s.getBytes(i));
            case BINARY -> ((VarBinaryVector) v).setSafe(at, s.getBytes(i));
            case LIST -> setList((ListVector) v, at, s.getList(i));
            case MAP -> setMap((MapVector) v, at, s.getMap(i));
            case STRUCT, TIMESTAMP_NTZ -> throw new IllegalArgumentException(s.typeAt(i)
                    + " inside a list or map: the Arrow peer writes the bench's types, lists and maps of them only");
        }
    }
}
