package io.albis.schema;

import io.albis.error.InvalidOptionException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a written table's columns are partitioned into column groups, as the CLI's
 * {@code --column-groups}, the Spark source's {@code columnGroups} and the conversion job spell it:
 * {@code single} (one group: a row store), {@code column} (one group per column: a column store)
 * or {@code name1=a,b;name2=c,d} (named groups; a struct's name stands for all its leaves, and
 * columns no group names go to a last group called {@code rest}).
 *
 * <p>Parsing checks only the text; which columns exist is checked when the spec is applied to a
 * schema ({@link Schema.Builder#build()}: an unknown column, or one listed twice, is refused there).
 */
public final class ColumnGroupSpec {
    public static final ColumnGroupSpec SINGLE = new ColumnGroupSpec(null, false);
    public static final ColumnGroupSpec COLUMN = new ColumnGroupSpec(null, true);
    /** The group that holds the columns no named group lists. */
    public static final String REST = "rest";

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

    /** A schema of these fields, partitioned as this spec says. */
    public Schema schemaOf(List<Field> fields) {
        return applyTo(Schema.builder().fields(fields)).build();
    }

    /**
     * Whether this spec partitions the table's columns as they are: the same groups in the same
     * order, with the same names and the same columns (deleted columns left out). Group ids do not
     * count, so a table written with a spec is laid out by that spec however it was written.
     */
    public boolean laysOut(Schema table) {
        Schema laidOut;
        try {
            laidOut = schemaOf(table.fields());
        } catch (IllegalArgumentException doesNotFit) {
            return false; // names a column the table does not have, or one twice
        }
        return members(laidOut).equals(members(table));
    }

    /**
     * The spec that lays out {@code schema}'s columns as they are ({@link #laysOut}), naming a
     * struct by its top-level name where one group holds all of it; null when no spec can (only a
     * schema built through the Java API with names the spec's syntax cannot carry).
     */
    public static ColumnGroupSpec of(Schema schema) {
        if (SINGLE.laysOut(schema)) {
            return SINGLE;
        }
        if (COLUMN.laysOut(schema)) {
            return COLUMN;
        }
        List<GroupMembers> groups = members(schema);
        Map<String, Integer> columnsOfField = new LinkedHashMap<>();
        for (GroupMembers g : groups) {
            g.fields().forEach(f -> columnsOfField.merge(f, 1, Integer::sum));
        }
        Map<String, List<String>> named = new LinkedHashMap<>();
        for (int i = 0; i < groups.size(); i++) {
            GroupMembers g = groups.get(i);
            if (i == groups.size() - 1 && i > 0 && g.name().equals(REST)) {
                break; // the columns no named group lists land there by themselves
            }
            named.put(g.name(), g.names(columnsOfField));
        }
        try {
            ColumnGroupSpec spec = parse(new ColumnGroupSpec(named, false).toString());
            return spec.laysOut(schema) ? spec : null;
        } catch (InvalidOptionException notExpressible) {
            return null;
        }
    }

    /** The table's column groups as a spec, for messages; written out group by group when no spec lays them out. */
    public static String describe(Schema schema) {
        ColumnGroupSpec spec = of(schema);
        if (spec != null) {
            return spec.toString();
        }
        List<String> parts = new ArrayList<>();
        for (GroupMembers g : members(schema)) {
            parts.add(g.name() + "=" + String.join(",", g.columns()));
        }
        return String.join(";", parts);
    }

    /** A group's name and its live columns' names, in storage order; with each column's top-level field. */
    private record GroupMembers(String name, List<String> columns, List<String> fields) {
        /**
         * The names a spec lists for this group: a top-level field's name where the group holds all
         * {@code columnsOfField} of its columns, else the columns' own names.
         */
        List<String> names(Map<String, Integer> columnsOfField) {
            Map<String, Integer> here = new LinkedHashMap<>();
            fields.forEach(f -> here.merge(f, 1, Integer::sum));
            List<String> out = new ArrayList<>();
            for (int c = 0; c < columns.size(); c++) {
                String field = fields.get(c);
                if (!here.get(field).equals(columnsOfField.get(field))) {
                    out.add(columns.get(c));
                } else if (!out.contains(field)) {
                    out.add(field);
                }
            }
            return out;
        }
    }

    /** The schema's groups that hold live columns, in order. */
    private static List<GroupMembers> members(Schema schema) {
        List<GroupMembers> out = new ArrayList<>();
        for (ColumnGroup g : schema.groups()) {
            List<String> columns = new ArrayList<>();
            List<String> fields = new ArrayList<>();
            for (int c : g.columns()) {
                Column column = schema.column(c);
                if (!column.deleted()) {
                    columns.add(column.name());
                    fields.add(column.path().get(0));
                }
            }
            if (!columns.isEmpty()) {
                out.add(new GroupMembers(g.name(), columns, fields));
            }
        }
        return out;
    }

    /** Reads a spec; an {@link InvalidOptionException} says what is wrong with the text. */
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
            if (name.equals(REST)) {
                throw bad(text, "the name '" + REST + "' is reserved for the columns no group names");
            }
            String list = part.substring(eq + 1);
            if (list.isBlank()) {
                throw bad(text, "group '" + name + "' is empty; name at least one column");
            }
            List<String> columns = new ArrayList<>();
            for (String c : list.split(",", -1)) {
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

    private static InvalidOptionException bad(String text, String why) {
        return new InvalidOptionException("bad column groups '" + text + "': " + why
                + " (use single, column, or name1=a,b;name2=c)");
    }

    /** The spec as {@link #parse} reads it. */
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
}
