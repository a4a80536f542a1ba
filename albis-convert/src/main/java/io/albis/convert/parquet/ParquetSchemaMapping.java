package io.albis.convert.parquet;

import io.albis.error.InvalidOptionException;
import io.albis.error.SchemaMismatchException;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DateLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.EnumLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.JsonLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.StringLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.UnknownLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * How a Parquet schema maps onto Albis fields, leaf by leaf: which Albis type each Parquet column
 * becomes and how its values are converted ({@link LeafKind}). This is the one Parquet to Albis
 * type mapping; {@link ParquetSchemas#toAlbis} hands out its fields. Required columns and groups become
 * non-nullable, optional ones nullable; groups become structs. LIST and MAP groups and repeated
 * fields become list and map columns, as {@link ParquetNestedTypes} maps them. A type Albis cannot
 * hold is refused here, before anything is written.
 *
 * <p>Each node also carries the index of its Albis column, assigned in the order
 * {@link Schema.Builder} flattens fields: depth first, a nullable struct's marker before its leaves.
 */
final class ParquetSchemaMapping {

    /** How values of one Parquet column are turned into the Albis column's values. */
    enum LeafKind {
        BOOLEAN,
        INT,
        /** INT(8, signed) in an INT32. */
        BYTE,
        /** INT(16, signed) in an INT32. */
        SHORT,
        /** INT(8, unsigned) in an INT32, widened to short. */
        UINT8,
        /** INT(16, unsigned) in an INT32, widened to int. */
        UINT16,
        /** INT(32, unsigned) in an INT32, widened to long. */
        UINT32,
        LONG,
        /** INT(64, unsigned): no Albis integer holds it, so decimal(20,0). */
        UINT64,
        /** TIME(MILLIS) in an INT32, widened to a long of microseconds of the day. */
        TIME_MILLIS,
        /** TIME(NANOS) in an INT64, as a long of microseconds of the day (finer values are refused). */
        TIME_NANOS,
        DATE,
        TIMESTAMP_MILLIS,
        TIMESTAMP_MICROS,
        TIMESTAMP_NANOS,
        /** Spark's and Impala's legacy timestamp: nanos of the day and a Julian day number. */
        INT96_TIMESTAMP,
        FLOAT,
        /** FLOAT16 (IEEE 754 half precision, 2 little-endian bytes), widened to float exactly. */
        FLOAT16,
        DOUBLE,
        DECIMAL_INT32,
        DECIMAL_INT64,
        /** A decimal's unscaled value as big-endian two's complement bytes (BINARY or FIXED_LEN_BYTE_ARRAY). */
        DECIMAL_BYTES,
        STRING,
        BINARY
    }

    sealed interface Node permits Leaf, Struct, Nested {
        List<String> path();

        default String name() {
            return String.join(".", path());
        }
    }

    /** A Parquet primitive column and the Albis column it fills. */
    record Leaf(List<String> path, int column, LeafKind kind, DataType type, boolean nullable) implements Node {
    }

    /**
     * A LIST or MAP group or a repeated field and the Albis list or map column it fills; its
     * values are assembled as {@code shape} says.
     */
    record Nested(List<String> path, int column, ParquetNestedTypes.Shape shape, boolean nullable) implements Node {
    }

    /**
     * A Parquet group (or the message itself) and the Albis struct it becomes.
     *
     * @param marker   the Albis index of a nullable struct's marker column, -1 for required groups
     * @param children in Parquet field order, which is also Albis field order
     */
    record Struct(List<String> path, int marker, boolean nullable, List<Node> children) implements Node {
    }

    private final List<Field> fields;
    private final Struct root;
    private int nextColumn;

    private ParquetSchemaMapping(MessageType message) {
        List<Node> children = new ArrayList<>();
        List<Field> fs = new ArrayList<>();
        for (Type t : message.getFields()) {
            fs.add(map(t, List.of(), children));
        }
        if (fs.isEmpty()) {
            throw new SchemaMismatchException("the Parquet schema has no columns");
        }
        this.fields = List.copyOf(fs);
        this.root = new Struct(List.of(), -1, false, List.copyOf(children));
    }

    /** Maps a Parquet schema; a column Albis cannot hold is a {@link SchemaMismatchException} naming it. */
    static ParquetSchemaMapping of(MessageType message) {
        return new ParquetSchemaMapping(message);
    }

    /** The Albis fields, in Parquet order. */
    List<Field> fields() {
        return fields;
    }

    /** The message as a struct holding the top-level nodes. */
    Struct root() {
        return root;
    }

    /** Checks that the column indexes assigned here are those of the schema built from {@link #fields()}. */
    void checkColumns(Schema schema) {
        check(root, schema);
    }

    private static void check(Node n, Schema schema) {
        if (n instanceof Leaf leaf) {
            expectPath(schema, leaf.column(), leaf.path());
        } else if (n instanceof Nested nested) {
            expectPath(schema, nested.column(), nested.path());
        } else if (n instanceof Struct s) {
            if (s.marker() >= 0) {
                expectPath(schema, s.marker(), s.path());
            }
            s.children().forEach(c -> check(c, schema));
        }
    }

    private static void expectPath(Schema schema, int index, List<String> path) {
        Column c = index < schema.columnCount() ? schema.column(index) : null;
        if (c == null || !c.path().equals(path)) {
            throw new IllegalStateException("column " + index + " of the Albis schema is " + c + ", expected " + path);
        }
    }

    private Field map(Type t, List<String> parent, List<Node> out) {
        List<String> path = new ArrayList<>(parent);
        path.add(t.getName());
        String name = String.join(".", path);
        boolean nullable = ParquetNestedTypes.nullable(t);
        if (t.isRepetition(Type.Repetition.REPEATED) || ParquetNestedTypes.isListOrMap(t)) {
            ParquetNestedTypes.Shape shape = ParquetNestedTypes.field(t, name);
            out.add(new Nested(List.copyOf(path), nextColumn++, shape, nullable));
            return new Field(t.getName(), shape.type(), nullable);
        }
        if (t.isPrimitive()) {
            PrimitiveType p = t.asPrimitiveType();
            LeafKind kind = kind(p, name);
            DataType type = albisType(p, kind, name);
            out.add(new Leaf(List.copyOf(path), nextColumn++, kind, type, nullable));
            return new Field(t.getName(), type, nullable);
        }
        GroupType g = t.asGroupType();
        LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
        if (a != null) {
            throw unsupported(name, "is a group annotated " + a + ", which Albis cannot represent");
        }
        if (g.getFieldCount() == 0) {
            throw unsupported(name, "is a group without fields; an Albis struct needs at least one");
        }
        int marker = nullable ? nextColumn++ : -1;
        List<Node> children = new ArrayList<>();
        List<Field> fs = new ArrayList<>();
        for (Type child : g.getFields()) {
            fs.add(map(child, path, children));
        }
        out.add(new Struct(List.copyOf(path), marker, nullable, List.copyOf(children)));
        return new Field(t.getName(), DataType.struct(fs), nullable);
    }

    static LeafKind kind(PrimitiveType p, String name) {
        LogicalTypeAnnotation a = p.getLogicalTypeAnnotation();
        if (a instanceof UnknownLogicalTypeAnnotation) {
            // Parquet's UNKNOWN (the null type: every value is null), as Arrow writes a null column.
            a = null;
        }
        switch (p.getPrimitiveTypeName()) {
            case BOOLEAN:
                if (a == null) {
                    return LeafKind.BOOLEAN;
                }
                break;
            case INT32:
                if (a == null) {
                    return LeafKind.INT;
                }
                if (a instanceof IntLogicalTypeAnnotation i) {
                    switch (i.getBitWidth()) {
                        case 8:
                            return i.isSigned() ? LeafKind.BYTE : LeafKind.UINT8;
                        case 16:
                            return i.isSigned() ? LeafKind.SHORT : LeafKind.UINT16;
                        case 32:
                            return i.isSigned() ? LeafKind.INT : LeafKind.UINT32;
                        default:
                            break;
                    }
                } else if (a instanceof DateLogicalTypeAnnotation) {
                    return LeafKind.DATE;
                } else if (a instanceof DecimalLogicalTypeAnnotation) {
                    return LeafKind.DECIMAL_INT32;
                } else if (a instanceof TimeLogicalTypeAnnotation t && t.getUnit() == TimeUnit.MILLIS) {
                    return LeafKind.TIME_MILLIS;
                }
                break;
            case INT64:
                if (a == null) {
                    return LeafKind.LONG;
                }
                if (a instanceof IntLogicalTypeAnnotation i && i.getBitWidth() == 64) {
                    return i.isSigned() ? LeafKind.LONG : LeafKind.UINT64;
                } else if (a instanceof TimestampLogicalTypeAnnotation ts) {
                    return switch (ts.getUnit()) {
                        case MILLIS -> LeafKind.TIMESTAMP_MILLIS;
                        case MICROS -> LeafKind.TIMESTAMP_MICROS;
                        case NANOS -> LeafKind.TIMESTAMP_NANOS;
                    };
                } else if (a instanceof DecimalLogicalTypeAnnotation) {
                    return LeafKind.DECIMAL_INT64;
                } else if (a instanceof TimeLogicalTypeAnnotation t && t.getUnit() != TimeUnit.MILLIS) {
                    // Albis has no time type: every TIME becomes a long of microseconds of the day.
                    return t.getUnit() == TimeUnit.MICROS ? LeafKind.LONG : LeafKind.TIME_NANOS;
                }
                break;
            case INT96:
                if (a == null) {
                    return LeafKind.INT96_TIMESTAMP;
                }
                break;
            case FLOAT:
                if (a == null) {
                    return LeafKind.FLOAT;
                }
                break;
            case DOUBLE:
                if (a == null) {
                    return LeafKind.DOUBLE;
                }
                break;
            case BINARY:
                if (a instanceof StringLogicalTypeAnnotation || a instanceof EnumLogicalTypeAnnotation
                        || a instanceof JsonLogicalTypeAnnotation) {
                    return LeafKind.STRING;
                }
                return a instanceof DecimalLogicalTypeAnnotation ? LeafKind.DECIMAL_BYTES : LeafKind.BINARY;
            case FIXED_LEN_BYTE_ARRAY:
                if (a instanceof LogicalTypeAnnotation.Float16LogicalTypeAnnotation) {
                    if (p.getTypeLength() != 2) {
                        throw unsupported(name, "is FLOAT16 in " + p.getTypeLength() + " bytes; FLOAT16 takes 2");
                    }
                    return LeafKind.FLOAT16;
                }
                return a instanceof DecimalLogicalTypeAnnotation ? LeafKind.DECIMAL_BYTES : LeafKind.BINARY;
            default:
                break;
        }
        throw unsupported(name, "is " + p.getPrimitiveTypeName() + (a == null ? "" : " annotated " + a)
                + ", which has no Albis equivalent");
    }

    static DataType albisType(PrimitiveType p, LeafKind kind, String name) {
        return switch (kind) {
            case BOOLEAN -> DataType.BOOLEAN;
            case BYTE -> DataType.BYTE;
            case SHORT, UINT8 -> DataType.SHORT;
            case INT, UINT16 -> DataType.INT;
            case LONG, UINT32, TIME_MILLIS, TIME_NANOS -> DataType.LONG;
            case UINT64 -> DataType.decimal(20, 0);
            case DATE -> DataType.DATE;
            // A timestamp not adjusted to UTC is a wall clock: Albis's timestamp without time zone.
            case TIMESTAMP_MILLIS, TIMESTAMP_MICROS, TIMESTAMP_NANOS ->
                    ((TimestampLogicalTypeAnnotation) p.getLogicalTypeAnnotation()).isAdjustedToUTC()
                            ? DataType.TIMESTAMP : DataType.TIMESTAMP_NTZ;
            case INT96_TIMESTAMP -> DataType.TIMESTAMP;
            case FLOAT, FLOAT16 -> DataType.FLOAT;
            case DOUBLE -> DataType.DOUBLE;
            case STRING -> DataType.STRING;
            case BINARY -> DataType.BINARY;
            case DECIMAL_INT32, DECIMAL_INT64, DECIMAL_BYTES -> {
                DecimalLogicalTypeAnnotation d = (DecimalLogicalTypeAnnotation) p.getLogicalTypeAnnotation();
                if (d.getPrecision() > DataType.MAX_DECIMAL_PRECISION) {
                    throw unsupported(name, "is " + d + "; Albis decimals hold at most "
                            + DataType.MAX_DECIMAL_PRECISION + " digits");
                }
                try {
                    yield DataType.decimal(d.getPrecision(), d.getScale());
                } catch (InvalidOptionException e) {
                    throw unsupported(name, "is " + d + ": " + e.getMessage());
                }
            }
        };
    }

    static SchemaMismatchException unsupported(String column, String why) {
        return new SchemaMismatchException("cannot convert Parquet column '" + column + "' to Albis: it " + why);
    }
}
