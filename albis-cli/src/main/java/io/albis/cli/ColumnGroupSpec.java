package io.albis.cli;

import io.albis.schema.Schema;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * How a written table's columns are partitioned into column groups, from {@code --column-groups}:
 * {@code single} (one group: a row store), {@code column} (one group per column: a column store)
 * or {@code name1=a,b;name2=c,d} (named groups; columns not named go to a group called rest).
 */
public final class ColumnGroupSpec {
    public static final ColumnGroupSpec SINGLE = new ColumnGroupSpec(null, false);
    public static final ColumnGroupSpec COLUMN = new ColumnGroupSpec(null, true);

    private final Map<String, List<String>> groups;
    private final boolean columnPerGroup;

    private ColumnGroupSpec(Map<String, List<String>> groups, boolean columnPerGroup) {
        this.groups = groups;
        this.columnPerGroup = columnPerGroup;
    }

    /** The named groups in order, or null for {@code single} and {@code column}. */
    public Map<String, List<String>> groups() {
        return groups;
    }

    public boolean columnPerGroup() {
        return columnPerGroup;
    }

    /** Applies the partitioning to a schema under construction. */
    public Schema.Builder applyTo(Schema.Builder builder) {
        if (columnPerGroup) {
            return builder.columnPerGroup();
        }
        return groups == null ? builder : builder.groups(groups);
    }

    public static ColumnGroupSpec parse(String text) {
        String s = text.trim();
        switch (s.toLowerCase(Locale.ROOT)) {
            case "single" -> {
                return SINGLE;
            }
            case "column" -> {
                return COLUMN;
            }
            default -> { }
        }
        Map<String, List<String>> groups = new LinkedHashMap<>();
        for (String part : s.split(";", -1)) {
            if (part.isBlank()) {
                continue; // tolerate a trailing ';'
            }
            int eq = part.indexOf('=');
            if (eq < 0) {
                throw bad(text, "group '" + part.trim() + "' has no '='; write name=col1,col2");
            }
            String name = part.substring(0, eq).trim();
            if (name.isEmpty()) {
                throw bad(text, "a group has no name before '='");
            }
            if (name.equals("rest")) {
                throw bad(text, "the name 'rest' is reserved for the columns no group names");
            }
            List<String> columns = new ArrayList<>();
            for (String c : part.substring(eq + 1).split(",", -1)) {
                if (c.isBlank()) {
                    throw bad(text, "group '" + name + "' has an empty column name");
                }
                columns.add(c.trim());
            }
            if (groups.put(name, Collections.unmodifiableList(columns)) != null) {
                throw bad(text, "group '" + name + "' is named twice");
            }
        }
        if (groups.isEmpty()) {
            throw bad(text, "no groups given");
        }
        return new ColumnGroupSpec(Collections.unmodifiableMap(groups), false);
    }

    private static TypeConversionException bad(String text, String why) {
        return new TypeConversionException("bad column groups '" + text + "': " + why
                + " (use single, column, or name1=a,b;name2=c)");
    }

    @Override
    public String toString() {
        if (columnPerGroup) {
            return "column";
        }
        if (groups == null) {
            return "single";
        }
        List<String> parts = new ArrayList<>();
        groups.forEach((name, cols) -> parts.add(name + "=" + String.join(",", cols)));
        return String.join(";", parts);
    }

    /** picocli converter for {@code --column-groups}. */
    public static final class Converter implements ITypeConverter<ColumnGroupSpec> {
        @Override
        public ColumnGroupSpec convert(String value) {
            return parse(value);
        }
    }
}
