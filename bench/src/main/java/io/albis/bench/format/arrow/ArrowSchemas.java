package io.albis.bench.format.arrow;

import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.complex.MapVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Arrow schema an Albis table is written as: each type as the Arrow type with the same values
 * (timestamps as microseconds in UTC, decimals as Arrow's 128-bit decimal), nullability kept; a
 * list as an Arrow list of its element, a map as an Arrow map (entries of a key that is never null
 * and a value) of the same types.
 */
final class ArrowSchemas {

    private ArrowSchemas() {
    }

    static Schema of(List<Field> fields) {
        List<org.apache.arrow.vector.types.pojo.Field> out = new ArrayList<>();
        for (Field f : fields) {
            out.add(field(f.name(), f.nullable(), f.type()));
        }
        return new Schema(out);
    }

    private static org.apache.arrow.vector.types.pojo.Field field(String name, boolean nullable, DataType t) {
        return switch (t.id()) {
            case LIST -> new org.apache.arrow.vector.types.pojo.Field(name,
                    new FieldType(nullable, ArrowType.List.INSTANCE, null),
                    List.of(field("element", t.elementField().nullable(), t.elementField().type())));
            case MAP -> new org.apache.arrow.vector.types.pojo.Field(name,
                    new FieldType(nullable, new ArrowType.Map(false), null),
                    List.of(new org.apache.arrow.vector.types.pojo.Field(MapVector.DATA_VECTOR_NAME,
                            FieldType.notNullable(ArrowType.Struct.INSTANCE), List.of(
                                    field(MapVector.KEY_NAME, false, t.keyField().type()),
                                    field(MapVector.VALUE_NAME, t.valueField().nullable(), t.valueField().type())))));
            default -> new org.apache.arrow.vector.types.pojo.Field(name, new FieldType(nullable, type(name, t), null), null);
        };
    }

    private static ArrowType type(String name, DataType t) {
        return switch (t.id()) {
            case BOOLEAN -> ArrowType.Bool.INSTANCE;
            case BYTE -> new ArrowType.Int(8, true);
            case SHORT -> new ArrowType.Int(16, true);
            case INT -> new ArrowType.Int(32, true);
            case LONG -> new ArrowType.Int(64, true);
            case FLOAT -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case DATE -> new ArrowType.Date(DateUnit.DAY);
            case TIMESTAMP -> new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC");
            case DECIMAL -> new ArrowType.Decimal(t.precision(), t.scale(), 128);
            case STRING -> ArrowType.Utf8.INSTANCE;
            case BINARY -> ArrowType.Binary.INSTANCE;
            case STRUCT, TIMESTAMP_NTZ, LIST, MAP -> throw new IllegalArgumentException("column '" + name
                    + "' is a " + t + "; the Arrow peer writes the bench's types, lists and maps of them only");
        };
    }
}
