package io.albis.convert.orc;

import io.albis.error.InvalidOptionException;
import io.albis.error.SchemaMismatchException;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.util.ArrayList;
import java.util.List;
import org.apache.orc.TypeDescription;

/**
 * The type mapping between ORC schemas and Albis fields: the one {@link OrcToAlbis},
 * {@link AlbisToOrc} and {@code albis convert} use, public so that other engines (the Spark
 * source) map types exactly as they do.
 *
 * <pre>
 * ORC                                          Albis            written back to ORC as
 * boolean, tinyint, smallint, int, bigint      boolean, byte, short, int, long   the same
 * float, double                                float, double    float, double
 * date                                         date             date
 * timestamp, timestamp with local time zone    timestamp (µs)   timestamp
 * bigint marked spark.sql.catalyst.type=timestamp_ntz   timestamp_ntz (µs)   the same
 * decimal(p,s)                                 decimal(p,s)     decimal(p,s)
 * string, varchar(n), char(n)                  string           string
 * binary                                       binary           binary
 * struct                                       nullable struct  struct
 * uniontype&lt;T0,T1,..&gt;                         struct&lt;tag: byte, field0: T0, field1: T1, ..&gt;   that struct
 * a root that is not a struct, of type T       one column _col0 of T           struct&lt;_col0: T&gt;
 * array&lt;t&gt;                                     list&lt;t&gt;          array&lt;t&gt;
 * map&lt;k,v&gt;                                     map&lt;k, v&gt;       map&lt;k,v&gt;
 * every field, element and map value           nullable         (ORC has no required fields)
 * </pre>
 *
 * <p>A union becomes a struct as Hive and Trino show it: {@code tag} holds the number of the
 * alternative a value has (from 0), the {@code field}<i>N</i> of that alternative holds its value
 * and the other fields are null; a null union is a null struct. So it is wherever the union
 * stands: a column, a field of a struct, an element of a list, a key or value of a map. Written
 * back to ORC it stays that struct. A file whose root type is not a
 * struct (orc-core can write one) converts as a table of one column named {@value #ROOT_COLUMN},
 * the name Hive gives ORC columns without one.
 *
 * <p>A timestamp without time zone is stored as Spark stores its {@code TIMESTAMP_NTZ} in ORC (as
 * of Spark 4.1): an ORC {@code bigint} of microseconds since 1970-01-01T00:00:00 of the wall clock,
 * with the type attribute {@value #CATALYST_TYPE_ATTRIBUTE} = {@value #TIMESTAMP_NTZ}, so that
 * Spark and Albis read each other's files alike. A {@code bigint} without that attribute is a
 * long. Lists and maps nest in any depth and combination with structs; ORC keeps no nullability,
 * so elements, values and fields inside them are nullable. A map key that is null in the data is
 * refused; a map whose key type is a map is refused.
 *
 * <p>Refused with a {@link SchemaMismatchException} naming the column: structs without fields, unions of more than 128 alternatives, a root struct without
 * fields, and other types without an Albis equivalent (such as geometry). Values are refused one
 * by one where they cannot be kept exactly (see {@link OrcToAlbis}).
 */
public final class OrcSchemas {
    /** The ORC type attribute in which Spark names the Catalyst type of a column. */
    public static final String CATALYST_TYPE_ATTRIBUTE = "spark.sql.catalyst.type";
    /** Its value on a {@code bigint} that holds a timestamp without time zone. */
    public static final String TIMESTAMP_NTZ = "timestamp_ntz";
    /** The column a root type that is not a struct converts to. */
    public static final String ROOT_COLUMN = "_col0";
    /** The field of a union's struct that holds the number of the row's alternative. */
    public static final String UNION_TAG = "tag";
    /** The prefix of the fields of a union's struct that hold the alternatives' values (field0, field1, ..). */
    public static final String UNION_FIELD_PREFIX = "field";
    /** The most alternatives a union may have: its tag is an Albis byte. */
    private static final int MAX_UNION_ALTERNATIVES = 128;

    private OrcSchemas() {
    }

    /** The ORC struct an Albis table with these top-level fields is written as. */
    public static TypeDescription toOrc(List<Field> fields) {
        TypeDescription root = TypeDescription.createStruct();
        for (Field f : fields) {
            root.addField(f.name(), orcType(f.type()));
        }
        return root;
    }

    /**
     * The Albis fields of an ORC file's schema (its root struct's fields, or the one column
     * {@value #ROOT_COLUMN} of a root of another type), every one nullable.
     *
     * @throws SchemaMismatchException naming the column when a type has no Albis equivalent
     */
    public static List<Field> toAlbis(TypeDescription root) {
        if (root.getCategory() != TypeDescription.Category.STRUCT) {
            try {
                return List.of(Field.of(ROOT_COLUMN, albisType(root, ROOT_COLUMN)));
            } catch (SchemaMismatchException e) {
                throw new SchemaMismatchException(e.getMessage() + " (the file's root type, which is not a struct and"
                        + " converts as column " + ROOT_COLUMN + ")");
            }
        }
        if (root.getChildren().isEmpty()) {
            throw new SchemaMismatchException("the ORC schema has no columns (orc-core reads an empty file"
                    + " this way); an Albis table needs at least one");
        }
        return fields(root, "");
    }

    private static TypeDescription orcType(DataType t) {
        return switch (t.id()) {
            case BOOLEAN -> TypeDescription.createBoolean();
            case BYTE -> TypeDescription.createByte();
            case SHORT -> TypeDescription.createShort();
            case INT -> TypeDescription.createInt();
            case LONG -> TypeDescription.createLong();
            case FLOAT -> TypeDescription.createFloat();
            case DOUBLE -> TypeDescription.createDouble();
            case DATE -> TypeDescription.createDate();
            case TIMESTAMP -> TypeDescription.createTimestamp();
            case STRING -> TypeDescription.createString();
            case BINARY -> TypeDescription.createBinary();
            // Scale first: the default scale (10) may exceed the precision.
            case DECIMAL -> TypeDescription.createDecimal().withScale(t.scale()).withPrecision(t.precision());
            case STRUCT -> toOrc(t.fields());
            case TIMESTAMP_NTZ -> TypeDescription.createLong().setAttribute(CATALYST_TYPE_ATTRIBUTE, TIMESTAMP_NTZ);
            case LIST -> TypeDescription.createList(orcType(t.elementField().type()));
            case MAP -> TypeDescription.createMap(orcType(t.keyField().type()), orcType(t.valueField().type()));
        };
    }

    /** The name of the field that holds alternative {@code i} (from 0) in a union's struct. */
    static String unionField(int i) {
        return UNION_FIELD_PREFIX + i;
    }

    /** True for an ORC {@code bigint} that holds a timestamp without time zone (Spark's marking). */
    static boolean isTimestampNtz(TypeDescription t) {
        return t.getCategory() == TypeDescription.Category.LONG
                && TIMESTAMP_NTZ.equals(t.getAttributeValue(CATALYST_TYPE_ATTRIBUTE));
    }

    private static List<Field> fields(TypeDescription struct, String parent) {
        List<String> names = struct.getFieldNames();
        List<TypeDescription> types = struct.getChildren();
        List<Field> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String path = parent.isEmpty() ? names.get(i) : parent + "." + names.get(i);
            out.add(Field.of(names.get(i), albisType(types.get(i), path)));
        }
        return out;
    }

    static DataType albisType(TypeDescription t, String path) {
        return switch (t.getCategory()) {
            case BOOLEAN -> DataType.BOOLEAN;
            case BYTE -> DataType.BYTE;
            case SHORT -> DataType.SHORT;
            case INT -> DataType.INT;
            case LONG -> isTimestampNtz(t) ? DataType.TIMESTAMP_NTZ : DataType.LONG;
            case FLOAT -> DataType.FLOAT;
            case DOUBLE -> DataType.DOUBLE;
            case DATE -> DataType.DATE;
            case TIMESTAMP, TIMESTAMP_INSTANT -> DataType.TIMESTAMP;
            case STRING, VARCHAR, CHAR -> DataType.STRING;
            case BINARY -> DataType.BINARY;
            case DECIMAL -> DataType.decimal(t.getPrecision(), t.getScale());
            case STRUCT -> {
                if (t.getChildren().isEmpty()) {
                    throw new SchemaMismatchException("ORC column '" + path
                            + "' is a struct without fields, which Albis cannot hold");
                }
                yield DataType.struct(fields(t, path));
            }
            case UNION -> {
                List<TypeDescription> alternatives = t.getChildren();
                if (alternatives.size() > MAX_UNION_ALTERNATIVES) {
                    throw new SchemaMismatchException("ORC column '" + path + "' is a union of " + alternatives.size()
                            + " alternatives; Albis converts unions of at most " + MAX_UNION_ALTERNATIVES);
                }
                List<Field> fields = new ArrayList<>();
                fields.add(Field.of(UNION_TAG, DataType.BYTE));
                for (int i = 0; i < alternatives.size(); i++) {
                    fields.add(Field.of(unionField(i), albisType(alternatives.get(i), path + "." + unionField(i))));
                }
                yield DataType.struct(fields);
            }
            case LIST -> DataType.list(albisType(t.getChildren().get(0), path + ".element"), true);
            case MAP -> {
                DataType key = albisType(t.getChildren().get(0), path + ".key");
                DataType value = albisType(t.getChildren().get(1), path + ".value");
                try {
                    yield DataType.map(key, value, true);
                } catch (InvalidOptionException e) {
                    throw new SchemaMismatchException("ORC column '" + path + "' has type " + t + ": " + e.getMessage());
                }
            }
            default -> throw new SchemaMismatchException("ORC column '" + path + "' has ORC type " + t
                    + ", which has no Albis equivalent");
        };
    }
}
