package io.albis.schema;

import io.albis.error.InvalidOptionException;
import io.albis.error.SchemaMismatchException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The schema edits of table evolution, each returning the next schema and leaving the given one
 * as it is. Column and group ids are never reused: a new column or group takes the next id, and a
 * group whose columns change is a new group (its files are written anew), so the files of a group
 * id always hold the same columns. Columns keep their ids through every edit, which is how rows of
 * one schema version are matched with columns of another.
 */
public final class SchemaChanges {
    private SchemaChanges() {}

    /**
     * The same schema as {@code version}, its id counters raised to at least the given ones: ids
     * a schema version that was never committed took stay unused.
     */
    public static Schema renumbered(Schema s, int version, int nextColumnId, int nextGroupId) {
        return Schema.of(version, s.columns(), s.groups(), Math.max(s.nextColumnId(), nextColumnId),
                Math.max(s.nextGroupId(), nextGroupId));
    }

    /**
     * {@code fresh}, a table's new schema that replaces its rows and columns altogether (a table
     * replaced by a query), as version {@code version} with every column and group id moved above
     * those {@code top} (the table's highest schema version, committed or not) has handed out, so
     * no id is given twice.
     */
    public static Schema replacement(Schema fresh, int version, Schema top) {
        int columnBase = top.nextColumnId();
        int groupBase = top.nextGroupId();
        List<Column> columns = new ArrayList<>();
        for (Column c : fresh.columns()) {
            columns.add(new Column(c.index(), columnBase + c.id(), c.path(), c.type(), c.nullable(), c.deleted()));
        }
        List<ColumnGroup> groups = new ArrayList<>();
        for (ColumnGroup g : fresh.groups()) {
            groups.add(new ColumnGroup(groupBase + g.id(), g.name(), g.columns()));
        }
        return Schema.of(version, columns, groups, columnBase + fresh.nextColumnId(), groupBase + fresh.nextGroupId());
    }

    /**
     * Renames a column, or a struct and so every column below it: the last name of {@code from}'s
     * path becomes {@code to}. The data files do not change.
     */
    public static Schema rename(Schema s, String from, String to) {
        checkName(to);
        List<Column> target = live(s, from);
        int depth = target.get(0).path().size();
        for (Column c : target) {
            depth = Math.min(depth, c.path().size());
        }
        List<String> path = new ArrayList<>(target.get(0).path().subList(0, depth));
        path.set(depth - 1, to);
        String newName = String.join(".", path);
        if (newName.equals(from)) {
            throw new InvalidOptionException("column '" + from + "' is already called that");
        }
        for (Column c : s.columns()) {
            if (!c.deleted() && (c.name().equals(newName) || c.name().startsWith(newName + "."))) {
                throw new InvalidOptionException("cannot rename '" + from + "' to '" + to + "': the table has a column '"
                        + c.name() + "' already");
            }
        }
        Set<Integer> renamed = indexes(target);
        List<Column> columns = new ArrayList<>();
        for (Column c : s.columns()) {
            if (renamed.contains(c.index())) {
                List<String> p = new ArrayList<>(c.path());
                p.set(depth - 1, to);
                c = new Column(c.index(), c.id(), p, c.type(), c.nullable(), c.deleted());
            }
            columns.add(c);
        }
        return Schema.of(s.version() + 1, columns, s.groups(), s.nextColumnId(), s.nextGroupId());
    }

    /**
     * Adds fields as one new column group named {@code groupName}, after the table's columns. A
     * name a light drop deleted may be used again; a live one may not.
     */
    public static Schema addColumns(Schema s, List<Field> fields, String groupName) {
        if (fields.isEmpty()) {
            throw new InvalidOptionException("no columns to add");
        }
        checkGroupName(s, groupName);
        Schema added = Schema.builder().fields(fields).build();
        List<Column> columns = new ArrayList<>(s.columns());
        int nextId = s.nextColumnId();
        int[] members = new int[added.columnCount()];
        for (Column c : added.columns()) {
            String top = c.path().get(0);
            for (Column old : s.columns()) {
                if (!old.deleted() && old.path().get(0).equals(top)) {
                    throw new InvalidOptionException("cannot add column '" + c.name() + "': the table has a column '"
                            + old.name() + "' already");
                }
            }
            members[c.index()] = columns.size();
            columns.add(new Column(columns.size(), nextId++, c.path(), c.type(), c.nullable(), false));
        }
        List<ColumnGroup> groups = new ArrayList<>(s.groups());
        groups.add(new ColumnGroup(s.nextGroupId(), groupName, members));
        return Schema.of(s.version() + 1, columns, groups, nextId, s.nextGroupId() + 1);
    }

    /**
     * Drops a column or struct: a column alone in its group (with no other live column there) takes
     * its group with it ({@link #remove}); otherwise a {@code heavy} drop removes it and rewrites
     * its group, a light one marks it deleted ({@link #markDeleted}).
     */
    public static Schema drop(Schema s, String name, boolean heavy) {
        return heavy || aloneInItsGroups(s, name) ? remove(s, name) : markDeleted(s, name);
    }

    private static boolean aloneInItsGroups(Schema s, String name) {
        Set<Integer> dropped = indexes(live(s, name));
        for (int c : dropped) {
            for (int other : s.groups().get(s.groupOf(c)).columns()) {
                if (!dropped.contains(other) && !s.column(other).deleted()) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * A light drop: the column (or every column of a struct) is marked deleted. Its bytes stay in
     * the rows and readers skip them; its name may be used again. It becomes nullable too: rows
     * written after the drop (appends, a rebalance) have no value for it and store null.
     */
    public static Schema markDeleted(Schema s, String name) {
        Set<Integer> dropped = indexes(live(s, name));
        checkNotEveryColumn(s, dropped, name);
        List<Column> columns = new ArrayList<>();
        for (Column c : s.columns()) {
            columns.add(dropped.contains(c.index()) ? new Column(c.index(), c.id(), c.path(), c.type(), true, true) : c);
        }
        return Schema.of(s.version() + 1, columns, s.groups(), s.nextColumnId(), s.nextGroupId());
    }

    /**
     * A heavy drop: the column (or every column of a struct) leaves the schema. A group left with
     * no live column goes with it; any other group that held it becomes a new group of its
     * remaining live columns, whose files must be written anew ({@link #rewrittenGroups}).
     */
    public static Schema remove(Schema s, String name) {
        Set<Integer> dropped = indexes(live(s, name));
        checkNotEveryColumn(s, dropped, name);
        Set<Integer> touched = new HashSet<>();
        for (int c : dropped) {
            touched.add(s.groupOf(c));
        }
        List<Draft> drafts = new ArrayList<>();
        for (int g = 0; g < s.groups().size(); g++) {
            ColumnGroup group = s.groups().get(g);
            List<Integer> ids = new ArrayList<>();
            for (int c : group.columns()) {
                Column col = s.column(c);
                boolean keep = touched.contains(g) ? !dropped.contains(c) && !col.deleted() : true;
                if (keep) {
                    ids.add(col.id());
                }
            }
            if (!ids.isEmpty()) {
                drafts.add(new Draft(touched.contains(g) ? -1 : group.id(), group.name(), ids));
            }
        }
        return assemble(s, drafts);
    }

    /**
     * Partitions the live columns into groups as {@code spec} says. A group with exactly the
     * columns of an existing group keeps that group's id and files; every other group is new.
     * Columns a light drop deleted leave the schema.
     */
    public static Schema regroup(Schema s, ColumnGroupSpec spec) {
        List<Column> live = new ArrayList<>();
        for (Column c : s.columns()) {
            if (!c.deleted()) {
                live.add(c);
            }
        }
        Schema fresh = spec.schemaOf(s.fields());
        if (fresh.columnCount() != live.size()) {
            throw new IllegalStateException("the live fields of " + s + " flatten to " + fresh.columnCount()
                    + " columns, not " + live.size());
        }
        Map<List<Integer>, ColumnGroup> existing = new HashMap<>();
        for (ColumnGroup g : s.groups()) {
            existing.put(idsOf(s, g), g);
        }
        List<Draft> drafts = new ArrayList<>();
        for (ColumnGroup g : fresh.groups()) {
            List<Integer> ids = new ArrayList<>();
            for (int c : g.columns()) {
                ids.add(live.get(c).id());
            }
            ColumnGroup same = existing.get(ids);
            drafts.add(new Draft(same == null ? -1 : same.id(), g.name(), ids));
        }
        return assemble(s, drafts);
    }

    /** The groups of {@code next} whose files {@code base}'s row groups do not have: they must be written. */
    public static List<ColumnGroup> newGroups(Schema base, Schema next) {
        Set<Integer> have = new HashSet<>();
        for (ColumnGroup g : base.groups()) {
            have.add(g.id());
        }
        List<ColumnGroup> out = new ArrayList<>();
        for (ColumnGroup g : next.groups()) {
            if (!have.contains(g.id())) {
                out.add(g);
            }
        }
        return out;
    }

    /** A group of a schema being assembled: an existing id (or -1 for a new group), a name, its columns' ids. */
    private record Draft(int id, String name, List<Integer> columnIds) {}

    /**
     * The schema of {@code s}'s columns that the drafts name, in {@code s}'s column order, and the
     * drafts as its groups (new ones numbered from {@code s}'s next group id).
     */
    private static Schema assemble(Schema s, List<Draft> drafts) {
        Set<Integer> kept = new HashSet<>();
        for (Draft d : drafts) {
            kept.addAll(d.columnIds());
        }
        Map<Integer, Integer> indexOfId = new HashMap<>();
        List<Column> columns = new ArrayList<>();
        for (Column c : s.columns()) {
            if (kept.contains(c.id())) {
                indexOfId.put(c.id(), columns.size());
                columns.add(new Column(columns.size(), c.id(), c.path(), c.type(), c.nullable(), c.deleted()));
            }
        }
        int nextGroupId = s.nextGroupId();
        List<ColumnGroup> groups = new ArrayList<>();
        for (Draft d : drafts) {
            int[] members = d.columnIds().stream().mapToInt(indexOfId::get).sorted().toArray();
            groups.add(new ColumnGroup(d.id() >= 0 ? d.id() : nextGroupId++, d.name(), members));
        }
        return Schema.of(s.version() + 1, columns, groups, s.nextColumnId(), nextGroupId);
    }

    private static List<Integer> idsOf(Schema s, ColumnGroup g) {
        List<Integer> ids = new ArrayList<>();
        for (int c : g.columns()) {
            ids.add(s.column(c).id());
        }
        return ids;
    }

    /** The live columns a name stands for: the column, or a struct's marker and every column below it. */
    private static List<Column> live(Schema s, String name) {
        List<Column> out = new ArrayList<>();
        for (Column c : s.columns()) {
            if (!c.deleted() && (c.name().equals(name) || c.name().startsWith(name + "."))) {
                out.add(c);
            }
        }
        if (out.isEmpty()) {
            throw new SchemaMismatchException("no column named '" + name + "'; columns are " + s.liveColumnNames());
        }
        return out;
    }

    private static Set<Integer> indexes(List<Column> columns) {
        Set<Integer> out = new HashSet<>();
        for (Column c : columns) {
            out.add(c.index());
        }
        return out;
    }

    private static void checkNotEveryColumn(Schema s, Set<Integer> dropped, String name) {
        for (Column c : s.columns()) {
            if (!c.deleted() && !c.isStructMarker() && !dropped.contains(c.index())) {
                return;
            }
        }
        throw new InvalidOptionException("cannot drop '" + name + "': it is the table's last column");
    }

    private static void checkName(String name) {
        if (name == null || name.isEmpty() || name.contains(".")) {
            throw new InvalidOptionException("a new column name must be non-empty and hold no '.', got '" + name + "'");
        }
        new Field(name, DataType.INT, true); // the length check of every field name
    }

    private static void checkGroupName(Schema s, String name) {
        if (name == null || name.isEmpty()) {
            throw new InvalidOptionException("a column group needs a name");
        }
        for (ColumnGroup g : s.groups()) {
            if (g.name().equals(name)) {
                throw new InvalidOptionException("the table has a column group named '" + name + "' already; groups are "
                        + Arrays.toString(s.groups().stream().map(ColumnGroup::name).toArray()));
            }
        }
    }
}
