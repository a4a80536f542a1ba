package io.albis.schema;

import io.albis.error.InvalidOptionException;
import io.albis.error.SchemaMismatchException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table's schema: its fields as the user declared them (structs nested), the flattened leaf
 * columns that rows store, and the partition of those columns into column groups.
 *
 * <p>Nested structs are flattened depth-first; a leaf's name is its path joined by '.'. A
 * nullable struct also gets a zero-width marker column just before its leaves.
 */
public final class Schema {
    private final int version;
    private final List<Column> columns;
    private final List<ColumnGroup> groups;
    private final int nextColumnId;
    private final int nextGroupId;
    private final Map<String, Integer> byName = new HashMap<>();
    private final int[] groupOfColumn;
    private final int[] slotOfColumn;

    Schema(int version, List<Column> columns, List<ColumnGroup> groups, int nextColumnId, int nextGroupId) {
        this.version = version;
        this.columns = List.copyOf(columns);
        this.groups = List.copyOf(groups);
        this.nextColumnId = nextColumnId;
        this.nextGroupId = nextGroupId;
        this.groupOfColumn = new int[columns.size()];
        this.slotOfColumn = new int[columns.size()];
        java.util.Arrays.fill(groupOfColumn, -1);
        for (int g = 0; g < groups.size(); g++) {
            ColumnGroup group = groups.get(g);
            for (int s = 0; s < group.size(); s++) {
                int c = group.column(s);
                if (c < 0 || c >= columns.size() || groupOfColumn[c] != -1) {
                    throw new InvalidOptionException("column groups must partition the columns; column index " + c
                            + " is out of range or in two groups");
                }
                groupOfColumn[c] = g;
                slotOfColumn[c] = s;
            }
        }
        for (int c = 0; c < columns.size(); c++) {
            Column col = columns.get(c);
            if (col.index() != c) {
                throw new IllegalStateException("column " + col.name() + " has index " + col.index() + ", expected " + c);
            }
            if (groupOfColumn[c] == -1) {
                throw new InvalidOptionException("column " + col.name() + " is in no column group");
            }
            if (!col.deleted() && byName.put(col.name(), c) != null) {
                throw new InvalidOptionException("two columns are named " + col.name());
            }
        }
        if (columns.isEmpty()) {
            throw new InvalidOptionException("a schema needs at least one column");
        }
        // Evolution matches columns and files by id: each id once, below the next one to give.
        java.util.Set<Integer> ids = new java.util.HashSet<>();
        for (Column col : columns) {
            if (col.id() < 0 || col.id() >= nextColumnId || !ids.add(col.id())) {
                throw new InvalidOptionException("column " + col.name() + " has id " + col.id() + ", which is taken by"
                        + " another column or not below the next column id " + nextColumnId);
            }
        }
        ids.clear();
        for (ColumnGroup g : groups) {
            if (g.id() < 0 || g.id() >= nextGroupId || !ids.add(g.id())) {
                throw new InvalidOptionException("column group " + g.name() + " has id " + g.id() + ", which is taken by"
                        + " another group or not below the next group id " + nextGroupId);
            }
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The schema version, raised by every published schema change (starts at 1). */
    public int version() {
        return version;
    }

    /** All flattened columns including struct markers and deleted columns, in storage order. */
    public List<Column> columns() {
        return columns;
    }

    public Column column(int index) {
        return columns.get(index);
    }

    public int columnCount() {
        return columns.size();
    }

    public List<ColumnGroup> groups() {
        return groups;
    }

    public int nextColumnId() {
        return nextColumnId;
    }

    public int nextGroupId() {
        return nextGroupId;
    }

    /** Index of the live column with this dotted name. */
    public int columnIndex(String name) {
        Integer i = byName.get(name);
        if (i == null) {
            throw new SchemaMismatchException("no column named '" + name + "'; columns are " + liveColumnNames());
        }
        return i;
    }

    public boolean hasColumn(String name) {
        return byName.containsKey(name);
    }

    /** Position of the column's group in {@link #groups()}. */
    public int groupOf(int column) {
        return groupOfColumn[column];
    }

    /** Position of the column inside its group's row. */
    public int slotOf(int column) {
        return slotOfColumn[column];
    }

    /** Names of columns that hold values (not struct markers, not deleted), in storage order. */
    public List<String> liveColumnNames() {
        List<String> names = new ArrayList<>();
        for (Column c : columns) {
            if (!c.deleted() && !c.isStructMarker()) {
                names.add(c.name());
            }
        }
        return names;
    }

    /** Indexes of the live value columns (not markers, not deleted). */
    public int[] liveValueColumns() {
        return columns.stream().filter(c -> !c.deleted() && !c.isStructMarker()).mapToInt(Column::index).toArray();
    }

    /**
     * The fields as declared: structs rebuilt from the flattened paths. Deleted columns are left out.
     */
    public List<Field> fields() {
        return rebuild(0, columns.size(), 0);
    }

    private List<Field> rebuild(int from, int to, int depth) {
        // Consecutive columns sharing the component at this depth form one field.
        List<Field> out = new ArrayList<>();
        int i = from;
        while (i < to) {
            Column c = columns.get(i);
            String head = c.path().get(depth);
            int j = i + 1;
            boolean leaf = c.path().size() == depth + 1 && !c.isStructMarker();
            // A struct spans its marker (if nullable) and every following column below its name.
            while (!leaf && j < to && columns.get(j).path().size() > depth + 1
                    && columns.get(j).path().get(depth).equals(head)) {
                j++;
            }
            if (leaf) {
                if (!c.deleted()) {
                    out.add(new Field(head, c.type(), c.nullable()));
                }
            } else {
                boolean nullable = c.isStructMarker() && c.path().size() == depth + 1;
                int childFrom = nullable ? i + 1 : i;
                List<Field> children = rebuild(childFrom, j, depth + 1);
                if (!children.isEmpty()) {
                    out.add(new Field(head, DataType.struct(children), nullable));
                }
            }
            i = j;
        }
        return out;
    }

    /** Same columns and groups under another version number. */
    public Schema withVersion(int newVersion) {
        return new Schema(newVersion, columns, groups, nextColumnId, nextGroupId);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Schema s && s.version == version && s.columns.equals(columns) && s.groups.equals(groups)
                && s.nextColumnId == nextColumnId && s.nextGroupId == nextGroupId;
    }

    @Override
    public int hashCode() {
        return columns.hashCode() * 31 + groups.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("schema v").append(version).append('\n');
        for (Column c : columns) {
            sb.append("  ").append(c).append('\n');
        }
        for (ColumnGroup g : groups) {
            sb.append("  group ").append(g.name()).append(':');
            for (int c : g.columns()) {
                sb.append(' ').append(columns.get(c).name());
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** Builds a schema from fields, optionally partitioned into named column groups. */
    public static final class Builder {
        public static final String DEFAULT_GROUP = "default";

        private final List<Column> columns = new ArrayList<>();
        private Map<String, List<String>> groupSpec;
        private int nextColumnId;

        public Builder field(Field f) {
            flatten(f, new ArrayList<>());
            return this;
        }

        public Builder fields(List<Field> fs) {
            fs.forEach(this::field);
            return this;
        }

        public Builder column(String name, DataType type) {
            return field(Field.of(name, type));
        }

        public Builder column(String name, DataType type, boolean nullable) {
            return field(new Field(name, type, nullable));
        }

        /**
         * Partitions the columns into groups, in this order. Each value lists column names (a
         * struct's name stands for all its leaves). Columns not named land in a last group
         * called "rest". Without this, all columns form one group (a row store).
         */
        public Builder groups(Map<String, List<String>> spec) {
            this.groupSpec = new LinkedHashMap<>(spec);
            return this;
        }

        /** One group per column (a column store). */
        public Builder columnPerGroup() {
            this.groupSpec = null;
            this.onePerColumn = true;
            return this;
        }

        private boolean onePerColumn;

        private void flatten(Field f, List<String> prefix) {
            List<String> path = new ArrayList<>(prefix);
            path.add(f.name());
            if (f.type().isStruct()) {
                if (f.nullable()) {
                    add(path, DataType.STRUCT_MARKER, true);
                }
                for (Field child : f.type().fields()) {
                    flatten(child, path);
                }
            } else {
                add(path, f.type(), f.nullable());
            }
        }

        private void add(List<String> path, DataType type, boolean nullable) {
            if (type.nestingDepth() + 1 > NestedTypeCodec.MAX_NESTING) {
                throw new InvalidOptionException("column " + String.join(".", path) + " nests " + (type.nestingDepth() + 1)
                        + " levels deep; a list or map column may nest at most " + NestedTypeCodec.MAX_NESTING);
            }
            columns.add(new Column(columns.size(), nextColumnId++, path, type, nullable, false));
        }

        public Schema build() {
            return build(1);
        }

        Schema build(int version) {
            List<ColumnGroup> groups = new ArrayList<>();
            int n = columns.size();
            if (onePerColumn) {
                for (int c = 0; c < n; c++) {
                    groups.add(new ColumnGroup(c, columns.get(c).name(), new int[] {c}));
                }
            } else if (groupSpec == null || groupSpec.isEmpty()) {
                groups.add(new ColumnGroup(0, DEFAULT_GROUP, range(n)));
            } else {
                boolean[] taken = new boolean[n];
                int id = 0;
                for (Map.Entry<String, List<String>> e : groupSpec.entrySet()) {
                    List<Integer> members = new ArrayList<>();
                    for (String name : e.getValue()) {
                        boolean found = false;
                        for (Column c : columns) {
                            if (c.name().equals(name) || c.name().startsWith(name + ".")) {
                                if (taken[c.index()]) {
                                    throw new InvalidOptionException("column " + c.name() + " is listed in two column groups");
                                }
                                taken[c.index()] = true;
                                members.add(c.index());
                                found = true;
                            }
                        }
                        if (!found) {
                            throw new SchemaMismatchException("column group '" + e.getKey() + "' names unknown column '"
                                    + name + "'; the columns are " + String.join(", ", topLevelNames()));
                        }
                    }
                    if (members.isEmpty()) {
                        throw new InvalidOptionException("column group '" + e.getKey() + "' is empty");
                    }
                    Collections.sort(members);
                    groups.add(new ColumnGroup(id++, e.getKey(), members.stream().mapToInt(Integer::intValue).toArray()));
                }
                List<Integer> rest = new ArrayList<>();
                for (int c = 0; c < n; c++) {
                    if (!taken[c]) {
                        rest.add(c);
                    }
                }
                if (!rest.isEmpty()) {
                    groups.add(new ColumnGroup(id, ColumnGroupSpec.REST, rest.stream().mapToInt(Integer::intValue).toArray()));
                }
            }
            int nextGroupId = groups.stream().mapToInt(ColumnGroup::id).max().orElse(-1) + 1;
            return new Schema(version, columns, groups, nextColumnId, nextGroupId);
        }

        /** The top-level names of the columns, once each, in order. */
        private List<String> topLevelNames() {
            return columns.stream().map(c -> c.path().get(0)).distinct().toList();
        }

        private static int[] range(int n) {
            int[] r = new int[n];
            for (int i = 0; i < n; i++) {
                r[i] = i;
            }
            return r;
        }
    }

    /** For the schema codec: a schema exactly as stored. */
    static Schema of(int version, List<Column> columns, List<ColumnGroup> groups, int nextColumnId, int nextGroupId) {
        return new Schema(version, columns, groups, nextColumnId, nextGroupId);
    }
}
