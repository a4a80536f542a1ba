package io.albis.convert;

import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * The Parquet schema an Albis schema is written as: each Albis type becomes the Parquet physical
 * and logical type that {@link ParquetSchemaMapping} reads back as that same Albis type.
 */
final class AlbisParquetSchema {
    static final String MESSAGE_NAME = "albis";

    private AlbisParquetSchema() {
    }

    static MessageType of(List<Field> fields) {
        List<Type> types = new ArrayList<>();
        for (Field f : fields) {
            types.add(type(f));
        }
        return new MessageType(MESSAGE_NAME, types);
    }

    private static Type type(Field f) {
        Repetition rep = f.nullable() ? Repetition.OPTIONAL : Repetition.REQUIRED;
        DataType t = f.type();
        return switch (t.id()) {
            case STRUCT -> {
                List<Type> children = new ArrayList<>();
                for (Field c : t.fields()) {
                    children.add(type(c));
                }
                yield Types.buildGroup(rep).addFields(children.toArray(new Type[0])).named(f.name());
            }
            case BOOLEAN -> Types.primitive(PrimitiveTypeName.BOOLEAN, rep).named(f.name());
            case BYTE -> Types.primitive(PrimitiveTypeName.INT32, rep)
                    .as(LogicalTypeAnnotation.intType(8, true)).named(f.name());
            case SHORT -> Types.primitive(PrimitiveTypeName.INT32, rep)
                    .as(LogicalTypeAnnotation.intType(16, true)).named(f.name());
            case INT -> Types.primitive(PrimitiveTypeName.INT32, rep).named(f.name());
            case LONG -> Types.primitive(PrimitiveTypeName.INT64, rep).named(f.name());
            case FLOAT -> Types.primitive(PrimitiveTypeName.FLOAT, rep).named(f.name());
            case DOUBLE -> Types.primitive(PrimitiveTypeName.DOUBLE, rep).named(f.name());
            case DATE -> Types.primitive(PrimitiveTypeName.INT32, rep)
                    .as(LogicalTypeAnnotation.dateType()).named(f.name());
            case TIMESTAMP -> Types.primitive(PrimitiveTypeName.INT64, rep)
                    .as(LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MICROS)).named(f.name());
            case STRING -> Types.primitive(PrimitiveTypeName.BINARY, rep)
                    .as(LogicalTypeAnnotation.stringType()).named(f.name());
            case BINARY -> Types.primitive(PrimitiveTypeName.BINARY, rep).named(f.name());
            case DECIMAL -> decimal(f.name(), rep, t.precision(), t.scale());
        };
    }

    private static Type decimal(String name, Repetition rep, int precision, int scale) {
        LogicalTypeAnnotation a = LogicalTypeAnnotation.decimalType(scale, precision);
        if (precision <= 9) {
            return Types.primitive(PrimitiveTypeName.INT32, rep).as(a).named(name);
        }
        if (precision <= DataType.MAX_LONG_DECIMAL_PRECISION) {
            return Types.primitive(PrimitiveTypeName.INT64, rep).as(a).named(name);
        }
        return Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, rep).length(decimalBytes(precision)).as(a).named(name);
    }

    /** The fewest two's complement bytes that hold every value of this many decimal digits. */
    static int decimalBytes(int precision) {
        BigInteger largest = BigInteger.TEN.pow(precision).subtract(BigInteger.ONE);
        // bitLength leaves out the sign bit, which needs one more.
        return (largest.bitLength() + 1 + 7) / 8;
    }
}
