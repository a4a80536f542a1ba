package io.albis.convert.parquet;

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
 * The type mapping between Parquet schemas and Albis fields: the one {@link ParquetToAlbis},
 * {@link AlbisToParquet} and {@code albis convert} use, public so that other engines (the Spark
 * source) map types exactly as they do. Each Albis type is written as the Parquet type that reads
 * back as that same Albis type.
 *
 * <pre>
 * Parquet (physical, logical)                   Albis            written back to Parquet as
 * BOOLEAN                                       boolean          BOOLEAN
 * INT32                                         int              INT32
 * INT32 INT(8,signed)                           byte             INT32 INT(8,true)
 * INT32 INT(16,signed)                          short            INT32 INT(16,true)
 * INT32 INT(32,signed)                          int              INT32
 * INT32 INT(8,unsigned)                         short            INT32 INT(16,true)
 * INT32 INT(16,unsigned)                        int              INT32
 * INT32 INT(32,unsigned)                        long             INT64
 * INT32 DATE                                    date             INT32 DATE
 * INT32 DECIMAL(p,s)                            decimal(p,s)     see decimal below
 * INT32 TIME(MILLIS)                            long (µs of day) INT64
 * INT64, INT64 INT(64,signed)                   long             INT64
 * INT64 INT(64,unsigned)                        decimal(20,0)    FIXED_LEN_BYTE_ARRAY(9) DECIMAL(20,0)
 * INT64 TIMESTAMP(MILLIS|MICROS|NANOS, UTC)     timestamp (µs)   INT64 TIMESTAMP(MICROS,true)
 * INT64 TIMESTAMP(MILLIS|MICROS|NANOS, not UTC) timestamp_ntz (µs)  INT64 TIMESTAMP(MICROS,false)
 * INT64 DECIMAL(p,s)                            decimal(p,s)     see decimal below
 * INT64 TIME(MICROS|NANOS)                      long (µs of day) INT64
 * INT96 (Impala/Hive/Spark timestamp)           timestamp (µs)   INT64 TIMESTAMP(MICROS,true)
 * FLOAT / DOUBLE                                float / double   FLOAT / DOUBLE
 * FIXED_LEN_BYTE_ARRAY(2) FLOAT16               float (exact)    FLOAT
 * BINARY STRING, ENUM, JSON                     string           BINARY STRING
 * BINARY or FIXED_LEN_BYTE_ARRAY DECIMAL(p,s)   decimal(p,s)     see decimal below
 * FIXED_LEN_BYTE_ARRAY(16) UUID                 binary           BINARY
 * FIXED_LEN_BYTE_ARRAY(12) INTERVAL             binary           BINARY
 * BINARY BSON, GEOMETRY, GEOGRAPHY              binary           BINARY
 * BINARY, FIXED_LEN_BYTE_ARRAY (other)          binary           BINARY
 * T UNKNOWN (the null type)                     as T unannotated
 * T with a logical type parquet-java does not know: as T unannotated, or by its converted type
 * required / optional                           not null / null  required / optional
 * group / optional group                        struct / nullable struct   group / optional group
 * LIST (3-level, 2-level, legacy names)         list&lt;e&gt;          group (LIST) { repeated group list { e element; } }
 * MAP or MAP_KEY_VALUE                          map&lt;k, v&gt;       group (MAP) { repeated group key_value {
 *                                                                  required k key; v value; } }
 * repeated field (not in a LIST or MAP)         list&lt;t not null&gt;, not null   as LIST above
 * decimal(p,s) in Albis is written as INT32 for p &lt;= 9, INT64 for p &lt;= 18, else
 * FIXED_LEN_BYTE_ARRAY of the fewest bytes for p digits (9 for 19..21, 16 for 36..38).
 * </pre>
 *
 * <p>Albis has no unsigned, time, UUID, interval, JSON, enum or BSON type: those widen as the
 * table shows, keeping the bytes or the value as stored, and converting the table back to Parquet
 * writes the widened type (the README's conversion section lists the rules). TIME of any unit
 * becomes microseconds of the day; a TIME(NANOS) value finer than a microsecond is refused, as
 * truncating it would lose data.
 *
 * <p>Lists and maps nest in any depth and combination with structs; a list's element, a map's
 * value and a struct's field inside them are nullable when Parquet's field is optional. How the
 * legacy list and map forms read is {@code ParquetNestedTypes}'s (the backward-compatibility
 * rules of Parquet's LogicalTypes.md). A timestamp with {@code isAdjustedToUTC=false} is a wall
 * clock: it becomes a timestamp without time zone holding the same numbers, never shifted.
 *
 * <p>Refused with a {@link io.albis.error.SchemaMismatchException} naming the column: groups
 * with other annotations (such as VARIANT), groups without fields, LIST and MAP groups of another
 * shape than the format's rules allow, maps without a value field (sets of keys), maps whose key
 * is a map, decimals of more than 38 digits, and any other type Albis cannot hold. Values are
 * refused one by one where they cannot be kept exactly (see {@link ParquetToAlbis}).
 */
public final class ParquetSchemas {
    public static final String MESSAGE_NAME = "albis";

    private ParquetSchemas() {
    }

    /**
     * The Albis fields of a Parquet schema, in Parquet order.
     *
     * @throws io.albis.error.SchemaMismatchException naming the column when a type has no Albis equivalent
     */
    public static List<Field> toAlbis(MessageType parquet) {
        return ParquetSchemaMapping.of(parquet).fields();
    }

    /** The Parquet schema (a message named {@value #MESSAGE_NAME}) an Albis table with these top-level fields is written as. */
    public static MessageType toParquet(List<Field> fields) {
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
            case TIMESTAMP_NTZ -> Types.primitive(PrimitiveTypeName.INT64, rep)
                    .as(LogicalTypeAnnotation.timestampType(false, LogicalTypeAnnotation.TimeUnit.MICROS)).named(f.name());
            // The standard three-level layouts of LogicalTypes.md, with its names.
            case LIST -> Types.buildGroup(rep).as(LogicalTypeAnnotation.listType())
                    .addField(Types.repeatedGroup().addField(type(t.elementField())).named("list"))
                    .named(f.name());
            case MAP -> Types.buildGroup(rep).as(LogicalTypeAnnotation.mapType())
                    .addField(Types.repeatedGroup().addField(type(t.keyField())).addField(type(t.valueField()))
                            .named("key_value"))
                    .named(f.name());
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
