package io.albis.spark.write;

import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;

/**
 * A Spark list or map value as the Java objects the writer's encoder takes (docs/FORMAT.md §6;
 * {@code io.albis.row.NestedValueEncoder}): lists, maps in Spark's entry order, structs as maps by
 * field name, leaves boxed (dates as days, timestamps as microseconds, decimals as BigDecimal).
 * Read by the Albis column's type, so a value of another shape fails in the encoder's words.
 */
final class SparkNestedValues {
    private SparkNestedValues() {}

    /** Value {@code i} of {@code g} (a row, an array) of Albis type {@code t}; null when null. */
    static Object value(SpecializedGetters g, int i, DataType t) {
        if (g.isNullAt(i)) {
            return null;
        }
        return switch (t.id()) {
            case BOOLEAN -> g.getBoolean(i);
            case BYTE -> g.getByte(i);
            case SHORT -> g.getShort(i);
            case INT, DATE -> g.getInt(i);
            case LONG, TIMESTAMP, TIMESTAMP_NTZ -> g.getLong(i);
            case FLOAT -> g.getFloat(i);
            case DOUBLE -> g.getDouble(i);
            case DECIMAL -> g.getDecimal(i, t.precision(), t.scale()).toJavaBigDecimal();
            case STRING -> g.getUTF8String(i).toString();
            case BINARY -> g.getBinary(i);
            case LIST -> list(g.getArray(i), t.elementField().type());
            case MAP -> map(g.getMap(i), t);
            case STRUCT -> struct(g.getStruct(i, t.fields().size()), t);
        };
    }

    private static List<Object> list(ArrayData a, DataType element) {
        List<Object> out = new ArrayList<>(a.numElements());
        for (int i = 0; i < a.numElements(); i++) {
            out.add(value(a, i, element));
        }
        return out;
    }

    private static Map<Object, Object> map(MapData m, DataType t) {
        ArrayData keys = m.keyArray();
        ArrayData values = m.valueArray();
        Map<Object, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < m.numElements(); i++) {
            out.put(value(keys, i, t.keyField().type()), value(values, i, t.valueField().type()));
        }
        return out;
    }

    private static Map<String, Object> struct(InternalRow row, DataType t) {
        List<Field> fields = t.fields();
        Map<String, Object> out = new LinkedHashMap<>();
        for (int f = 0; f < fields.size(); f++) {
            out.put(fields.get(f).name(), value(row, f, fields.get(f).type()));
        }
        return out;
    }
}
