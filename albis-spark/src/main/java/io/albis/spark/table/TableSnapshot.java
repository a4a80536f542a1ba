package io.albis.spark.table;

import io.albis.layout.TableLayout;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import io.albis.table.TableState;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The row groups a query of an Albis table reads, resolved once on the driver: of one table state
 * (a table, or a partitioned table whose one state lists the row groups of every partition), or,
 * for a directory whose {@code key=value} subdirectories are each a table (the layout partitioned
 * writes made before one state covered a table), of each such table's state as of one time.
 *
 * @param root      the directory read, as the storage layer names it
 * @param oneTable  whether the directory is one table (one state for all its rows), not a directory
 *                  of partition tables
 * @param version   the state read when it is one table (0: a table whose first commit has not
 *                  happened, or of format 1.0); 0 for a directory of partition tables
 * @param schema    the Albis schema of the rows (the first partition table's, for partition tables)
 * @param properties the table's properties, from its state (none for partition tables)
 * @param rowGroups every row group read, in table order
 */
public record TableSnapshot(String root, boolean oneTable, int version, Schema schema, Map<String, String> properties,
        List<RowGroup> rowGroups) {

    /**
     * A row group as a task finds it.
     *
     * @param table     the Albis table it belongs to (the root, or a partition table)
     * @param partition its directory relative to the root ({@code a=1/b=x}), "" for none
     * @param name      its name
     * @param dataFile  the data file of its first column group: the one file a task is planned for
     * @param rows      its row count, from the table state
     */
    public record RowGroup(String table, String partition, String name, String dataFile, long rows) {}

    public TableSnapshot {
        properties = Map.copyOf(properties);
        rowGroups = List.copyOf(rowGroups);
    }

    public long rowCount() {
        long n = 0;
        for (RowGroup rg : rowGroups) {
            n += rg.rows();
        }
        return n;
    }

    /**
     * The snapshot of the table at {@code root}: the state {@code version} when it is above 0, else
     * the newest state committed by {@code when} (milliseconds since the epoch). A directory without
     * a table state or schema of its own is read as a directory of partition tables, each at its own
     * newest state of {@code when}; a version names a state of one table and is refused there.
     */
    public static TableSnapshot open(String root, int version, long when) throws IOException {
        Storage storage = Storages.forPath(root);
        if (!storage.isDirectory(root)) {
            throw new io.albis.error.NotAnAlbisTableException(root, -1, "no such table directory");
        }
        List<String> names = storage.list(root);
        if (isTable(names)) {
            int v = version > 0 ? version : StatesAsOf.stateAsOf(storage, root, when, true);
            AlbisTable t = v > 0 ? AlbisTable.open(storage, root, v) : AlbisTable.open(storage, root);
            List<RowGroup> rowGroups = new ArrayList<>();
            addRowGroups(t, null, rowGroups);
            Map<String, String> properties = t.state() == null ? Map.of() : t.state().properties();
            return new TableSnapshot(root, true, Math.max(v, 0), t.schema(), properties, rowGroups);
        }
        List<String> tables = PartitionTables.find(storage, root);
        if (tables.isEmpty()) {
            throw new io.albis.error.NotAnAlbisTableException(root, -1,
                    "not an Albis table: no table state or schema file, and no key=value directory holding a table");
        }
        if (version > 0) {
            throw new io.albis.error.InvalidOptionException("a table state version names a state of one table, but "
                    + root + " holds a table per partition directory; read one of them");
        }
        List<RowGroup> rowGroups = new ArrayList<>();
        Schema schema = null;
        for (String table : tables) {
            int v = StatesAsOf.stateAsOf(storage, table, when, false);
            if (v == 0) {
                continue; // committed after the query began
            }
            AlbisTable t = AlbisTable.open(storage, table, v);
            if (schema == null) {
                schema = t.schema();
            }
            addRowGroups(t, table.substring(root.length()).replaceAll("^/+", ""), rowGroups);
        }
        if (schema == null) {
            schema = AlbisTable.open(storage, tables.get(0)).schema();
        }
        return new TableSnapshot(root, false, 0, schema, Map.of(), rowGroups);
    }

    /** Whether {@code root} is a directory holding a table or partition tables. */
    public static boolean exists(String root) throws IOException {
        Storage storage = Storages.forPath(root);
        if (!storage.isDirectory(root)) {
            return false;
        }
        return isTable(storage.list(root)) || !PartitionTables.find(storage, root).isEmpty();
    }

    /** The snapshot of a directory that holds no table yet: no rows (and no schema). */
    public static TableSnapshot empty(String root) {
        return new TableSnapshot(root, true, 0, null, Map.of(), List.of());
    }

    /** Whether {@code dir} is one table: it has a table state or a schema of its own. */
    public static boolean isTableDirectory(Storage storage, String dir) throws IOException {
        return isTable(storage.list(dir));
    }

    /** Whether a directory listing is that of one table: it has a table state or a schema of its own. */
    static boolean isTable(List<String> names) {
        for (String n : names) {
            if (n.startsWith(TableLayout.STATE_PREFIX) || n.startsWith(TableLayout.SCHEMA_PREFIX)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Adds {@code t}'s row groups: in {@code partition} when it is a partition table, else in the
     * partition directory its state names for each.
     */
    private static void addRowGroups(AlbisTable t, String partition, List<RowGroup> out) throws IOException {
        Map<String, Long> rows = new HashMap<>();
        TableState state = t.state();
        if (state != null) {
            for (TableState.Entry e : state.rowGroups()) {
                rows.put(e.name(), e.rows());
            }
        }
        var first = t.schema().groups().get(0);
        for (RowGroupRef rg : t.rowGroups()) {
            Long n = rows.get(rg.name());
            out.add(new RowGroup(t.path(), partition != null ? partition : rg.partition(), rg.name(), t.dataPath(rg, first),
                    n != null ? n : t.rowCount(rg)));
        }
    }
}
