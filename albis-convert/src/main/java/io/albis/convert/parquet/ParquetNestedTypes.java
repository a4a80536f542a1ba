package io.albis.convert.parquet;

import io.albis.convert.parquet.ParquetSchemaMapping.LeafKind;
import io.albis.error.InvalidOptionException;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.ListLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.MapKeyValueTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.MapLogicalTypeAnnotation;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;

/**
 * How Parquet's lists, maps and repeated fields map onto Albis lists and maps, by the rules of
 * the Parquet format's LogicalTypes.md ("Nested Types"), its backward-compatibility rules
 * included, so that files of old parquet-mr, Impala, Hive, Avro and Thrift writers read as lists:
 *
 * <ul>
 *   <li>A repeated field that is not inside a LIST or MAP group is a list of its own type,
 *       neither the list nor its elements null ({@link Layout#REPEATED_FIELD}).</li>
 *   <li>A group annotated LIST holds exactly one field, which is repeated. Its element type is
 *       that repeated field itself, elements never null ({@link Layout#TWO_LEVEL}), when the
 *       field is primitive, a group of several fields, a group whose one field is repeated, or a
 *       group of one field named {@code array} or {@code <list name>_tuple}; otherwise the
 *       repeated group's one field is the element, null when it is optional
 *       ({@link Layout#THREE_LEVEL}, the standard form). The names {@code list} and
 *       {@code element} are not required.</li>
 *   <li>A group annotated MAP, or MAP_KEY_VALUE (which old writers used in its place), holds one
 *       repeated group whose first field is the key and second the value, by position, whatever
 *       their names. A key-only map (a set) is refused: an Albis map has values. Keys may not be
 *       null (an optional key field is taken, a null key in the data is refused).</li>
 *   <li>Every other group is a struct; its fields keep their nullability.</li>
 * </ul>
 *
 * <p>A type Albis cannot hold is refused with a {@link io.albis.error.SchemaMismatchException}
 * naming the value's path (column, then {@code element}, {@code key}, {@code value} or a field).
 */
final class ParquetNestedTypes {

    private ParquetNestedTypes() {
    }

    /** How a list's elements sit in the Parquet schema. */
    enum Layout {
        /** A LIST group, a repeated group in it, the element in that: one repeated group per element. */
        THREE_LEVEL,
        /** A LIST group whose repeated field is the element itself. */
        TWO_LEVEL,
        /** An unannotated repeated field inside a group: the group holds the list. */
        REPEATED_FIELD
    }

    /** The Albis type of a Parquet field or value, and how to convert it. */
    sealed interface Shape permits LeafShape, StructShape, ListShape, MapShape {
        /** The value's path, for messages. */
        String name();

        DataType type();
    }

    /** A primitive value. */
    record LeafShape(String name, LeafKind kind, DataType type) implements Shape {
    }

    /** A group as a struct inside a list or map: one shape per field, in Parquet order. */
    record StructShape(String name, DataType type, List<Shape> fields) implements Shape {
    }

    /** A list; {@code element} is the shape of the Parquet field that holds each element. */
    record ListShape(String name, DataType type, Layout layout, Shape element) implements Shape {
    }

    /** A map; {@code key} and {@code value} are the shapes of the key-value group's two fields. */
    record MapShape(String name, DataType type, Shape key, Shape value) implements Shape {
    }

    /** True for the groups that become a list or map wherever they are (LIST, MAP, MAP_KEY_VALUE). */
    static boolean isListOrMap(Type t) {
        LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
        return !t.isPrimitive() && (a instanceof ListLogicalTypeAnnotation || a instanceof MapLogicalTypeAnnotation
                || a instanceof MapKeyValueTypeAnnotation);
    }

    /**
     * The shape of a field of a group named {@code name}: a repeated field is a list of its type
     * ({@link Layout#REPEATED_FIELD}); any other field is its value ({@link #value}).
     */
    static Shape field(Type t, String name) {
        if (t.isRepetition(Repetition.REPEATED)) {
            Shape element = value(t, name + ".element");
            return new ListShape(name, DataType.list(element.type(), false), Layout.REPEATED_FIELD, element);
        }
        return value(t, name);
    }

    /** Whether a field of a group may be null: only optional ones (a repeated field is a list, never null). */
    static boolean nullable(Type t) {
        return t.isRepetition(Repetition.OPTIONAL);
    }

    /** The shape of the values of {@code t}, whatever its own repetition. */
    static Shape value(Type t, String name) {
        if (t.isPrimitive()) {
            LeafKind kind = ParquetSchemaMapping.kind(t.asPrimitiveType(), name);
            return new LeafShape(name, kind, ParquetSchemaMapping.albisType(t.asPrimitiveType(), kind, name));
        }
        GroupType g = t.asGroupType();
        LogicalTypeAnnotation a = g.getLogicalTypeAnnotation();
        if (a instanceof ListLogicalTypeAnnotation) {
            return list(g, name);
        }
        if (a instanceof MapLogicalTypeAnnotation || a instanceof MapKeyValueTypeAnnotation) {
            return map(g, name);
        }
        if (a != null) {
            throw ParquetSchemaMapping.unsupported(name, "is a group annotated " + a + ", which Albis cannot represent");
        }
        if (g.getFieldCount() == 0) {
            throw ParquetSchemaMapping.unsupported(name, "is a group without fields; an Albis struct needs at least one");
        }
        List<Shape> shapes = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        for (Type f : g.getFields()) {
            Shape s = field(f, name + "." + f.getName());
            shapes.add(s);
            fields.add(new Field(f.getName(), s.type(), nullable(f)));
        }
        return new StructShape(name, DataType.struct(fields), List.copyOf(shapes));
    }

    private static Shape list(GroupType g, String name) {
        if (g.getFieldCount() != 1 || !g.getType(0).isRepetition(Repetition.REPEATED)) {
            throw ParquetSchemaMapping.unsupported(name, "is a LIST group that does not hold exactly one repeated field: "
                    + g);
        }
        Type repeated = g.getType(0);
        String elementName = name + ".element";
        if (isElementItself(repeated, g.getName())) {
            Shape element = value(repeated, elementName);
            return new ListShape(name, DataType.list(element.type(), false), Layout.TWO_LEVEL, element);
        }
        Type inner = repeated.asGroupType().getType(0);
        Shape element = value(inner, elementName);
        return new ListShape(name, DataType.list(element.type(), nullable(inner)), Layout.THREE_LEVEL, element);
    }

    /** Rules 1 to 4 of LogicalTypes.md for lists: the repeated field is the element, not a wrapper of it. */
    private static boolean isElementItself(Type repeated, String listName) {
        if (repeated.isPrimitive()) {
            return true;
        }
        GroupType r = repeated.asGroupType();
        return r.getFieldCount() != 1 || r.getType(0).isRepetition(Repetition.REPEATED)
                || r.getName().equals("array") || r.getName().equals(listName + "_tuple");
    }

    private static Shape map(GroupType g, String name) {
        if (g.getFieldCount() != 1 || g.getType(0).isPrimitive() || !g.getType(0).isRepetition(Repetition.REPEATED)) {
            throw ParquetSchemaMapping.unsupported(name, "is a MAP group that does not hold exactly one repeated group"
                    + " of keys and values: " + g);
        }
        GroupType entries = g.getType(0).asGroupType();
        if (entries.getFieldCount() == 1) {
            throw ParquetSchemaMapping.unsupported(name, "is a MAP without values (a set of keys); an Albis map has a"
                    + " value for each key");
        }
        if (entries.getFieldCount() != 2) {
            throw ParquetSchemaMapping.unsupported(name, "is a MAP whose repeated group has " + entries.getFieldCount()
                    + " fields; it takes a key and a value");
        }
        Type valueField = entries.getType(1);
        Shape key = field(entries.getType(0), name + ".key");
        Shape value = field(valueField, name + ".value");
        try {
            return new MapShape(name, DataType.map(key.type(), value.type(), nullable(valueField)), key, value);
        } catch (InvalidOptionException e) {
            throw ParquetSchemaMapping.unsupported(name, "is a MAP Albis cannot hold: " + e.getMessage());
        }
    }
}
