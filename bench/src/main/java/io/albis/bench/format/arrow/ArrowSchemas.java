package io.albis.bench.format.arrow;

import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The Arrow schema a flat Albis table is written as: each type as the Arrow type with the same
 * values (timestamps as microseconds in UTC, decimals as Arrow's 128-bit decimal), nullability kept.
 */
final class ArrowSchemas {

    private ArrowSchemas() {
    }

    static Schema of(List<Field> fields) {
        List<org.apache.arrow.vector.types.pojo.Field> out = new ArrayList<>();
        for (Field f : fields) {
            out.add(new org.apache.arrow.vector.types.pojo.Field(f.name(),
                    new FieldType(f.nullable(), type(f), null), null));
        }
        return new Schema(out);
    }

    private static ArrowType type(Field f) {
        DataType t = f.type();
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
            case STRUCT, TIMESTAMP_NTZ, LIST, MAP -> throw new IllegalArgumentException("column '" + f.name()
                    + "' is a " + t + "; the Arrow peer writes flat tables of the bench's types only");
        };
    }
}
