package io.albis.evolve;

import io.albis.layout.TableLayout;
import io.albis.schema.Column;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.table.SchemaStore;
import io.albis.table.TableState;
import io.albis.table.TableStates;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A table's schema versions and what changed in each, told from the schema files: column and
 * group ids are never reused, so a version compared with the one before it shows which columns
 * were added, renamed, deleted or dropped and which groups came and went.
 */
public final class SchemaHistory {
    private SchemaHistory() {}

    /**
     * One schema version.
     *
     * @param current  the version the latest table state names
     * @param pending  newer than that one: published by a change that has not committed (still
     *                 running, or interrupted; repair removes it then)
     * @param changes  what differs from the version before, one line each (the first version: its columns)
     */
    public record Version(int version, boolean current, boolean pending, List<String> changes) {}

    public static List<Version> of(Storage storage, String table) throws IOException {
        List<String> names = storage.list(table);
        List<Integer> versions = new ArrayList<>();
        for (String n : names) {
            int v = TableLayout.schemaVersion(n);
            if (v >= 0) {
                versions.add(v);
            }
        }
        versions.sort(null);
        int latestState = TableStates.latestVersion(names);
        int committed = -1;
        if (latestState > 0) {
            TableState s = TableStates.read(storage, table, latestState);
            committed = s.schemaVersion();
        }
        List<Version> out = new ArrayList<>();
        Schema previous = null;
        for (int v : versions) {
            Schema s = SchemaStore.read(storage, table, v);
            out.add(new Version(v, v == committed, committed >= 0 && v > committed, changes(previous, s)));
            previous = s;
        }
        return out;
    }

    /** What {@code next} changes of {@code before}, in words. */
    static List<String> changes(Schema before, Schema next) {
        List<String> out = new ArrayList<>();
        if (before == null) {
            int columns = next.liveColumnNames().size();
            int groups = next.groups().size();
            out.add("created with " + columns + (columns == 1 ? " column" : " columns") + " in " + groups
                    + (groups == 1 ? " column group" : " column groups"));
            return out;
        }
        Map<Integer, Column> old = new HashMap<>();
        for (Column c : before.columns()) {
            old.put(c.id(), c);
        }
        Map<Integer, Column> now = new HashMap<>();
        for (Column c : next.columns()) {
            now.put(c.id(), c);
            Column o = old.get(c.id());
            if (c.isStructMarker()) {
                continue;
            }
            if (o == null) {
                out.add("added " + c);
            } else {
                if (!o.name().equals(c.name())) {
                    out.add("renamed " + o.name() + " to " + c.name());
                }
                if (!o.deleted() && c.deleted()) {
                    out.add("dropped " + c.name() + " (light: marked deleted, its bytes stay)");
                }
            }
        }
        for (Column o : before.columns()) {
            if (!now.containsKey(o.id()) && !o.isStructMarker() && !o.deleted()) {
                out.add("dropped " + o.name());
            }
        }
        Map<Integer, ColumnGroup> oldGroups = new HashMap<>();
        before.groups().forEach(g -> oldGroups.put(g.id(), g));
        Map<Integer, ColumnGroup> newGroups = new HashMap<>();
        next.groups().forEach(g -> newGroups.put(g.id(), g));
        for (ColumnGroup g : next.groups()) {
            if (!oldGroups.containsKey(g.id())) {
                out.add("new column group " + g.name() + " (cg-" + g.id() + "): " + names(next, g));
            }
        }
        for (ColumnGroup g : before.groups()) {
            if (!newGroups.containsKey(g.id())) {
                out.add("removed column group " + g.name() + " (cg-" + g.id() + ")");
            }
        }
        if (out.isEmpty()) {
            out.add("no change to columns or groups");
        }
        return out;
    }

    private static String names(Schema s, ColumnGroup g) {
        List<String> n = new ArrayList<>();
        for (int c : g.columns()) {
            if (!s.column(c).isStructMarker()) {
                n.add(s.column(c).name());
            }
        }
        return String.join(", ", n);
    }
}
