package io.albis.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.layout.PartitionPath;
import io.albis.layout.TableLayout;
import io.albis.schema.ColumnGroup;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.table.RowGroupRef;
import io.albis.table.TableCleaner;
import io.albis.table.TableVerifier;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** What {@code albis repair --retention 0} must make of a table no one is writing, after any failure. */
public final class RepairChecks {
    private RepairChecks() {}

    /** Checks every invariant of the latest state ({@code albis verify}). */
    public static void assertVerifies(Storage storage, String table, String context) throws IOException {
        TableVerifier.Report report = TableVerifier.check(AlbisTable.open(storage, table));
        assertTrue(report.ok(), context + ": " + report.problems());
    }

    /**
     * Cleans with no retention, then checks that the table verifies and holds nothing but the
     * latest state, schema versions up to the one it names, and the files of the row groups it
     * lists in the column groups that schema lists: no older state, no file of a dropped or
     * never-committed group, no schema of a change that never committed, no job, abort marker or
     * temporary file, in the table directory or in any partition directory; no partition directory
     * the state does not list.
     */
    public static void repairAndCheck(Storage storage, String table, String context) throws IOException {
        TableCleaner.clean(storage, table, Retention.none(), System.currentTimeMillis());
        AlbisTable t = AlbisTable.open(storage, table);
        checkDirectory(storage, t, table, PartitionPath.ROOT, context);
        assertVerifies(storage, table, context + ", after repair");
    }

    /**
     * Checks the entries of {@code dir}, the directory of {@code partition}: the partition
     * directories the state lists (and those above them) are checked in turn; the table directory
     * holds schemas and the state; any directory holds the files of its listed row groups.
     */
    private static void checkDirectory(Storage storage, AlbisTable t, String dir, String partition, String context)
            throws IOException {
        Set<String> rowGroups = new HashSet<>();
        for (RowGroupRef rg : t.rowGroups()) {
            rowGroups.add(PartitionPath.relative(rg.partition(), rg.name()));
        }
        Set<Integer> groups = new HashSet<>();
        for (ColumnGroup g : t.schema().groups()) {
            groups.add(g.id());
        }
        Set<String> partitions = t.state().partitions();
        List<String> names = storage.list(dir);
        for (String n : names) {
            String relative = PartitionPath.relative(partition, n);
            if (partitions.stream().anyMatch(p -> p.equals(relative) || p.startsWith(relative + "/"))) {
                checkDirectory(storage, t, storage.resolve(dir, n), relative, context);
                continue;
            }
            int schema = partition.isEmpty() ? TableLayout.schemaVersion(n) : -1;
            TableLayout.ColumnGroupFile file = TableLayout.columnGroupFile(n);
            boolean kept = (schema >= 0 && schema <= t.schema().version())
                    || (partition.isEmpty() && n.equals(TableLayout.stateName(t.state().version())))
                    || (file != null && rowGroups.contains(PartitionPath.relative(partition, file.rowGroup()))
                            && groups.contains(file.groupId()));
            assertTrue(kept, context + ": left after repair: " + relative + " in " + names);
        }
    }
}
