package io.albis.spark.types;

import io.albis.error.InvalidOptionException;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.CharType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.sql.types.VarcharType;

/**
 * The one mapping between Albis types and Spark SQL types, both ways. Every Albis type has a
 * Spark type of the same values (a timestamp is Spark's {@code TIMESTAMP}, microseconds since the
 * epoch in UTC; a timestamp without time zone is {@code TIMESTAMP_NTZ}); Spark types Albis cannot
 * hold (intervals, variants, null, user-defined types) are refused by name. {@code CHAR(n)} and
 * {@code VARCHAR(n)} are strings, as Spark stores them in Parquet.
 */
public final class SparkTypes {
    private SparkTypes() {}

    /** The Spark schema of a table with these top-level fields. */
    public static StructType toSpark(List<Field> fields) {
        StructField[] out = new StructField[fields.size()];
        for (int i = 0; i < out.length; i++) {
            Field f = fields.get(i);
            out[i] = new StructField(f.name(), toSpark(f.type()), f.nullable(), Metadata.empty());
        }
        return new StructType(out);
    }

    public static org.apache.spark.sql.types.DataType toSpark(DataType t) {
        return switch (t.id()) {
            case BOOLEAN -> DataTypes.BooleanType;
            case BYTE -> DataTypes.ByteType;
            case SHORT -> DataTypes.ShortType;
            case INT -> DataTypes.IntegerType;
            case LONG -> DataTypes.LongType;
            case FLOAT -> DataTypes.FloatType;
            case DOUBLE -> DataTypes.DoubleType;
            case DATE -> DataTypes.DateType;
            case TIMESTAMP -> DataTypes.TimestampType;
            case TIMESTAMP_NTZ -> DataTypes.TimestampNTZType;
            case STRING -> DataTypes.StringType;
            case BINARY -> DataTypes.BinaryType;
            case DECIMAL -> DataTypes.createDecimalType(t.precision(), t.scale());
            case STRUCT -> toSpark(t.fields());
            case LIST -> DataTypes.createArrayType(toSpark(t.elementField().type()), t.elementField().nullable());
            case MAP -> DataTypes.createMapType(toSpark(t.keyField().type()), toSpark(t.valueField().type()),
                    t.valueField().nullable());
        };
    }

    /** The Albis fields of a Spark schema; an {@link InvalidOptionException} names a column whose type Albis cannot hold. */
    public static List<Field> toAlbis(StructType schema) {
        List<Field> out = new ArrayList<>();
        for (StructField f : schema.fields()) {
            out.add(new Field(f.name(), toAlbis(f.dataType(), f.name()), f.nullable()));
        }
        return out;
    }

    /** True when Albis holds values of this Spark type (Spark's {@code supportDataType}). */
    public static boolean supports(org.apache.spark.sql.types.DataType t) {
        try {
            toAlbis(t, "");
            return true;
        } catch (InvalidOptionException e) {
            return false;
        }
    }

    /** {@code path} names the column (and the field inside it) in messages. */
    static DataType toAlbis(org.apache.spark.sql.types.DataType t, String path) {
        if (t instanceof BooleanType) {
            return DataType.BOOLEAN;
        } else if (t instanceof ByteType) {
            return DataType.BYTE;
        } else if (t instanceof ShortType) {
            return DataType.SHORT;
        } else if (t instanceof IntegerType) {
            return DataType.INT;
        } else if (t instanceof LongType) {
            return DataType.LONG;
        } else if (t instanceof FloatType) {
            return DataType.FLOAT;
        } else if (t instanceof DoubleType) {
            return DataType.DOUBLE;
        } else if (t instanceof DateType) {
            return DataType.DATE;
        } else if (t instanceof TimestampType) {
            return DataType.TIMESTAMP;
        } else if (t instanceof TimestampNTZType) {
            return DataType.TIMESTAMP_NTZ;
        } else if (t instanceof StringType || t instanceof CharType || t instanceof VarcharType) {
            return DataType.STRING;
        } else if (t instanceof BinaryType) {
            return DataType.BINARY;
        } else if (t instanceof DecimalType d) {
            return DataType.decimal(d.precision(), d.scale());
        } else if (t instanceof StructType s) {
            if (s.fields().length == 0) {
                throw new InvalidOptionException("column '" + path + "' is a struct without fields; Albis structs have at least one");
            }
            List<Field> fields = new ArrayList<>();
            for (StructField f : s.fields()) {
                fields.add(new Field(f.name(), toAlbis(f.dataType(), path + "." + f.name()), f.nullable()));
            }
            return DataType.struct(fields);
        } else if (t instanceof ArrayType a) {
            return DataType.list(toAlbis(a.elementType(), path + ".element"), a.containsNull());
        } else if (t instanceof MapType m) {
            if (m.keyType() instanceof MapType) {
                throw new InvalidOptionException("column '" + path + "' has a map as a map key; Albis map keys are not maps");
            }
            return DataType.map(toAlbis(m.keyType(), path + ".key"), toAlbis(m.valueType(), path + ".value"),
                    m.valueContainsNull());
        }
        throw new InvalidOptionException("column '" + path + "' has Spark type " + t.sql()
                + ", which Albis cannot hold (Albis holds booleans, integers, floating point, decimals, dates,"
                + " timestamps with and without time zone, strings, binaries, structs, arrays and maps)");
    }
}
