package io.albis.convert;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.orc.TypeDescription;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;

/**
 * How the schema of one input file differs from the first file's, in one line: the columns only
 * in either, and those of another type, each by its dotted path. Used when a directory mixes
 * schemas, so the error names what differs instead of printing two whole schemas.
 */
public final class SchemaDifference {
    private SchemaDifference() {}

    /** "first.parquet has ..., other.parquet has ..." for two Parquet schemas. */
    public static String of(String firstName, MessageType first, String otherName, MessageType other) {
        return describe(firstName, columns(first), otherName, columns(other));
    }

    /** The same for two ORC schemas. */
    public static String of(String firstName, TypeDescription first, String otherName, TypeDescription other) {
        return describe(firstName, columns(first), otherName, columns(other));
    }

    private static Map<String, String> columns(MessageType schema) {
        Map<String, String> out = new LinkedHashMap<>();
        for (ColumnDescriptor c : schema.getColumns()) {
            PrimitiveType t = c.getPrimitiveType();
            String type = t.getRepetition().name().toLowerCase(java.util.Locale.ROOT) + " "
                    + t.getPrimitiveTypeName().name().toLowerCase(java.util.Locale.ROOT)
                    + (t.getLogicalTypeAnnotation() == null ? "" : " (" + t.getLogicalTypeAnnotation() + ")");
            out.put(String.join(".", c.getPath()), type);
        }
        return out;
    }

    private static Map<String, String> columns(TypeDescription schema) {
        Map<String, String> out = new LinkedHashMap<>();
        addOrc("", schema, out);
        return out;
    }

    private static void addOrc(String path, TypeDescription t, Map<String, String> out) {
        if (t.getCategory() == TypeDescription.Category.STRUCT) {
            List<String> names = t.getFieldNames();
            for (int i = 0; i < names.size(); i++) {
                addOrc(path.isEmpty() ? names.get(i) : path + "." + names.get(i), t.getChildren().get(i), out);
            }
        } else {
            out.put(path.isEmpty() ? "(root)" : path, t.toString());
        }
    }

    static String describe(String firstName, Map<String, String> first, String otherName, Map<String, String> other) {
        List<String> onlyFirst = new ArrayList<>();
        List<String> onlyOther = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        for (Map.Entry<String, String> c : first.entrySet()) {
            String there = other.get(c.getKey());
            if (there == null) {
                onlyFirst.add(c.getKey() + " (" + c.getValue() + ")");
            } else if (!there.equals(c.getValue())) {
                changed.add(c.getKey() + " (" + c.getValue() + " in " + firstName + ", " + there + " in " + otherName + ")");
            }
        }
        for (Map.Entry<String, String> c : other.entrySet()) {
            if (!first.containsKey(c.getKey())) {
                onlyOther.add(c.getKey() + " (" + c.getValue() + ")");
            }
        }
        List<String> parts = new ArrayList<>();
        if (!changed.isEmpty()) {
            parts.add("of another type: " + String.join(", ", changed));
        }
        if (!onlyFirst.isEmpty()) {
            parts.add("only in " + firstName + ": " + String.join(", ", onlyFirst));
        }
        if (!onlyOther.isEmpty()) {
            parts.add("only in " + otherName + ": " + String.join(", ", onlyOther));
        }
        if (parts.isEmpty()) {
            parts.add("the same columns in another order or with other field metadata");
        }
        return String.join("; ", parts);
    }
}
