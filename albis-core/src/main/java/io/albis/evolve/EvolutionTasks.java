package io.albis.evolve;

import io.albis.error.InvalidOptionException;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.Column;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.schema.SchemaChanges;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.SchemaStore;
import io.albis.table.TableState;
import io.albis.write.AlbisWriter;
import io.albis.write.ChangeDescriptor;
import io.albis.write.JobDescriptor;
import io.albis.write.NewColumnGroupsWriter;
import io.albis.write.PartitionedTaskWriter;
import io.albis.write.TaskCommit;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * The row-group work of the evolution operations that rewrite rows, one call per task: on a thread
 * of this process ({@link TableEvolution}) or in an engine's task on another machine (the Spark
 * helper). Each call needs only a serializable descriptor and a storage serving the table, and
 * reads the snapshot the change or job began from, so every task sees the same rows whenever it runs.
 */
public final class EvolutionTasks {
    private EvolutionTasks() {}

    /**
     * Writes the new column groups of row group {@code rowGroup} (its index in the base state) of
     * a change whose new groups hold columns the table has (a heavy drop, a re-group): their values
     * are copied, row by row in the row group's order, from the row group's existing groups.
     */
    public static void copyColumns(Storage storage, ChangeDescriptor change, int rowGroup) throws IOException {
        AlbisTable snapshot = AlbisTable.open(storage, change.table(), change.baseVersion());
        Schema base = snapshot.schema();
        Schema next = SchemaStore.read(storage, change.table(), change.schemaVersion());
        List<ColumnGroup> groups = SchemaChanges.newGroups(base, next);
        List<TableState.Entry> rowGroups = snapshot.state().rowGroups();
        if (rowGroup < 0 || rowGroup >= rowGroups.size()) {
            throw new InvalidOptionException("state " + change.baseVersion() + " of " + change.table() + " has "
                    + rowGroups.size() + " row groups; there is no row group " + rowGroup);
        }
        TableState.Entry rg = rowGroups.get(rowGroup);
        ReadOptions read = ReadOptions.all().withColumns(copiedColumns(base, next, groups, change.table()))
                .withRowGroups(rowGroup);
        try (AlbisReader r = snapshot.newReader(read);
                NewColumnGroupsWriter w = NewColumnGroupsWriter.open(storage, change.table(), next, groups, rg,
                        change.options())) {
            RowCopier copier = RowCopier.byId(r, next);
            while (r.advance()) {
                copier.copy(r, w);
                w.nextRow();
            }
        }
    }

    /** The names to read the columns of {@code groups} by in {@code base}: a column's, or a struct marker's struct's. */
    private static List<String> copiedColumns(Schema base, Schema next, List<ColumnGroup> groups, String table) {
        Set<Integer> ids = new HashSet<>();
        for (ColumnGroup g : groups) {
            for (int c : g.columns()) {
                ids.add(next.column(c).id());
            }
        }
        Set<String> names = new LinkedHashSet<>();
        for (Column c : base.columns()) {
            if (ids.contains(c.id())) {
                if (c.deleted()) {
                    throw new IllegalStateException("a rewritten group holds deleted column " + c.name());
                }
                names.add(c.name());
            }
        }
        if (names.isEmpty()) {
            throw new InvalidOptionException("the new column groups of this change hold no column of " + table
                    + "; give their values");
        }
        return new ArrayList<>(names);
    }

    /** Refuses to re-balance a table of {@code rows} rows into more row groups than it has rows (each needs one). */
    public static void checkRebalance(String table, long rows, int rowGroups) {
        if (rowGroups < 1) {
            throw new InvalidOptionException("a table needs at least 1 row group, got " + rowGroups);
        }
        if (rows > 0 && rowGroups > rows) {
            throw new InvalidOptionException("cannot re-balance the " + rows + " rows of " + table + " into " + rowGroups
                    + " row groups: a row group holds at least one row");
        }
    }

    /**
     * Writes row group {@code slice} of {@code slices} of a re-balance, an overwrite job of the
     * table's schema that cuts no row groups itself: the rows {@code [total × slice / slices,
     * total × (slice + 1) / slices)} of the job's base state, in order, as task {@code slice}
     * (attempt {@code attempt}) of the job, which it commits. Each row stays in its partition: the
     * slice's rows of one run of row groups in the same partition become one row group there, so a
     * slice across partitions writes several. The job's commit lists the tasks' row groups in task
     * order, so the table reads the same rows in the same order.
     */
    public static TaskCommit rebalanceSlice(Storage storage, JobDescriptor job, int slices, int slice, int attempt)
            throws IOException {
        AlbisTable snapshot = AlbisTable.open(storage, job.table(), job.baseVersion());
        List<TableState.Entry> rowGroups = snapshot.state().rowGroups();
        long total = snapshot.state().rowCount();
        checkRebalance(job.table(), total, slices);
        long from = cut(total, slices, slice);
        long to = cut(total, slices, slice + 1);
        PartitionedTaskWriter task = PartitionedTaskWriter.open(storage, job, slice, attempt);
        try {
            // The row groups that hold rows [from, to), and how many rows of the first come before from.
            int first = 0;
            long before = 0;
            while (first < rowGroups.size() && before + rowGroups.get(first).rows() <= from) {
                before += rowGroups.get(first++).rows();
            }
            int last = first;
            long end = before;
            while (last < rowGroups.size() && end + rowGroups.get(last).rows() < to) {
                end += rowGroups.get(last++).rows();
            }
            if (from < to) {
                ReadOptions read = ReadOptions.all().withRowGroups(IntStream.rangeClosed(first, last).toArray());
                try (AlbisReader r = snapshot.newReader(read)) {
                    RowCopier copier = RowCopier.byId(r, task.schema());
                    int k = first;
                    long groupEnd = before + rowGroups.get(k).rows();
                    String partition = rowGroups.get(k).partition();
                    AlbisWriter w = null;
                    for (long row = before; row < to; row++) {
                        if (!r.advance()) {
                            throw new IllegalStateException("state " + job.baseVersion() + " of " + job.table()
                                    + " lists " + total + " rows, but its row groups end after " + row);
                        }
                        if (row == groupEnd) {
                            groupEnd += rowGroups.get(++k).rows();
                            if (!rowGroups.get(k).partition().equals(partition)) {
                                // Ended now, so the row groups keep the table's order.
                                task.endPartition(partition);
                                partition = rowGroups.get(k).partition();
                                w = null;
                            }
                        }
                        if (row >= from) {
                            if (w == null) {
                                w = task.writer(partition);
                            }
                            copier.copy(r, w);
                            w.nextRow();
                        }
                    }
                }
            }
            return task.commit();
        } catch (IOException | RuntimeException e) {
            task.abort();
            throw e;
        }
    }

    /** The first row of slice {@code k} (0-based) of {@code n} over {@code total} rows; {@code k = n} gives the end. */
    private static long cut(long total, int n, int k) {
        return Math.multiplyExact(total, (long) k) / n;
    }
}
