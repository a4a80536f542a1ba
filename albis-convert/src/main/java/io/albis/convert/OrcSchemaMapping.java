package io.albis.convert;

import io.albis.error.SchemaMismatchException;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.util.ArrayList;
import java.util.List;
import org.apache.orc.TypeDescription;

/**
 * How Albis types and ORC types map onto each other (the table is in {@code package-info}). ORC
 * has no required fields, so every field read from ORC is nullable; lists, maps and unions have no
 * Albis equivalent and are refused before anything is written.
 */
final class OrcSchemaMapping {

    private OrcSchemaMapping() {
    }

    /** The ORC struct an Albis table with these top-level fields is written as. */
    static TypeDescription orcSchema(List<Field> fields) {
        TypeDescription root = TypeDescription.createStruct();
        for (Field f : fields) {
            root.addField(f.name(), orcType(f.type()));
        }
        return root;
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
            case STRUCT -> orcSchema(t.fields());
        };
    }

    /**
     * The Albis fields of an ORC file's schema.
     *
     * @throws SchemaMismatchException naming the file and column when a type has no Albis equivalent
     */
    static List<Field> albisFields(TypeDescription root, String file) {
        if (root.getCategory() != TypeDescription.Category.STRUCT) {
            throw new SchemaMismatchException(file + ": the ORC file's root type is " + root
                    + ", not a struct of columns; only struct roots convert to Albis");
        }
        if (root.getChildren().isEmpty()) {
            throw new SchemaMismatchException(file + ": the ORC file has no columns (orc-core reads an empty file"
                    + " this way); an Albis table needs at least one");
        }
        return fields(root, "", file);
    }

    private static List<Field> fields(TypeDescription struct, String parent, String file) {
        List<String> names = struct.getFieldNames();
        List<TypeDescription> types = struct.getChildren();
        List<Field> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String path = parent.isEmpty() ? names.get(i) : parent + "." + names.get(i);
            out.add(Field.of(names.get(i), albisType(types.get(i), path, file)));
        }
        return out;
    }

    private static DataType albisType(TypeDescription t, String path, String file) {
        return switch (t.getCategory()) {
            case BOOLEAN -> DataType.BOOLEAN;
            case BYTE -> DataType.BYTE;
            case SHORT -> DataType.SHORT;
            case INT -> DataType.INT;
            case LONG -> DataType.LONG;
            case FLOAT -> DataType.FLOAT;
            case DOUBLE -> DataType.DOUBLE;
            case DATE -> DataType.DATE;
            case TIMESTAMP, TIMESTAMP_INSTANT -> DataType.TIMESTAMP;
            case STRING, VARCHAR, CHAR -> DataType.STRING;
            case BINARY -> DataType.BINARY;
            case DECIMAL -> DataType.decimal(t.getPrecision(), t.getScale());
            case STRUCT -> {
                if (t.getChildren().isEmpty()) {
                    throw new SchemaMismatchException(file + ": column '" + path
                            + "' is a struct without fields, which Albis cannot hold");
                }
                yield DataType.struct(fields(t, path, file));
            }
            case LIST, MAP, UNION -> throw new SchemaMismatchException(file + ": column '" + path + "' has type " + t
                    + "; Albis has no " + t.getCategory().getName() + " type (only flat columns and structs convert)");
            default -> throw new SchemaMismatchException(file + ": column '" + path + "' has ORC type " + t
                    + ", which has no Albis equivalent");
        };
    }
}
