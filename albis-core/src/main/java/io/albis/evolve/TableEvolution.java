package io.albis.evolve;

import io.albis.error.InvalidOptionException;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.Column;
import io.albis.schema.ColumnGroup;
import io.albis.schema.ColumnGroupSpec;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.schema.SchemaChanges;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.table.TableState;
import io.albis.table.WriteMode;
import io.albis.write.AlbisWriter;
import io.albis.write.CommitResult;
import io.albis.write.TableChange;
import io.albis.write.WriteJob;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;
import java.util.function.UnaryOperator;

/**
 * Table evolution in this process (docs/FORMAT.md, "Schema changes"): rename, add and drop
 * columns, re-group and re-balance, each published in one atomic step. Operations that write
 * files work row group by row group on {@code threads} threads; engines (the Spark helper) run the
 * same steps with a task per row group through {@link TableChange}.
 */
public final class TableEvolution {
    /** Rows between progress reports of a re-balance (a power of two). */
    private static final long PROGRESS_STEP = 1 << 16;

    private final Storage storage;
    private final String table;
    private final WriterOptions options;
    private final int threads;
    private final Retention retention;
    /** Told the rows of every row group written or copied, from any thread. */
    private final LongConsumer progress;

    public TableEvolution(Storage storage, String table, WriterOptions options, int threads, Retention retention) {
        this(storage, table, options, threads, retention, rows -> { });
    }

    private TableEvolution(Storage storage, String table, WriterOptions options, int threads, Retention retention,
            LongConsumer progress) {
        if (threads < 1) {
            throw new InvalidOptionException("threads must be at least 1, got " + threads);
        }
        this.storage = storage;
        this.table = table;
        this.options = options;
        this.threads = threads;
        this.retention = retention;
        this.progress = progress;
    }

    /** The same operations, telling {@code rowsDone} how many rows each finished step wrote (from any thread). */
    public TableEvolution withProgress(LongConsumer rowsDone) {
        return new TableEvolution(storage, table, options, threads, retention, rowsDone);
    }

    public TableEvolution(Storage storage, String table) {
        this(storage, table, WriterOptions.defaults(), Runtime.getRuntime().availableProcessors(), Retention.DEFAULT);
    }

    /**
     * Values for the rows of one row group: {@code writer} takes exactly {@code rowGroup.rows()}
     * rows, in the row group's order, setting columns of the new group only.
     */
    @FunctionalInterface
    public interface RowGroupValues {
        void write(int rowGroupIndex, TableState.Entry rowGroup, AlbisWriter writer) throws IOException;
    }

    /** Renames a column or struct (the last name of {@code from}'s path becomes {@code to}); schema only. */
    public CommitResult rename(String from, String to) throws IOException {
        return change(s -> SchemaChanges.rename(s, from, to), null);
    }

    /** Adds columns as a new column group; existing rows read them as null. */
    public CommitResult addColumns(List<Field> fields, String group) throws IOException {
        for (Field f : fields) {
            if (!f.nullable()) {
                throw new InvalidOptionException("column '" + f.name() + "' is NOT NULL, so existing rows need values:"
                        + " add it with values for every row group");
            }
        }
        return addColumns(fields, group, (i, rg, w) -> {
            for (long r = 0; r < rg.rows(); r++) {
                w.nextRow();
            }
        });
    }

    /** Adds columns as a new column group, with values {@code values} writes for each existing row group. */
    public CommitResult addColumns(List<Field> fields, String group, RowGroupValues values) throws IOException {
        String name = group != null ? group : fields.get(0).name();
        return change(s -> SchemaChanges.addColumns(s, fields, name), values);
    }

    /** How a column that shares its column group with other columns is dropped. */
    public enum Drop {
        /** Marked deleted: its bytes stay and readers skip them. */
        LIGHT,
        /** Its column group is written anew without it. */
        HEAVY
    }

    /**
     * Drops a column or struct. A column alone in its group (with no other live column there)
     * takes its group with it, whatever {@code how} says; otherwise {@code how} decides.
     */
    public CommitResult drop(String name, Drop how) throws IOException {
        return change(s -> aloneInItsGroups(s, name) || how == Drop.HEAVY ? SchemaChanges.remove(s, name)
                : SchemaChanges.markDeleted(s, name), null);
    }

    /** Re-partitions the columns into groups; the rows read exactly as before. */
    public CommitResult regroup(ColumnGroupSpec spec) throws IOException {
        return change(s -> SchemaChanges.regroup(s, spec), null);
    }

    /**
     * Rewrites the table's rows, in the same order, into {@code rowGroups} row groups of nearly
     * equal size (an overwrite of the same schema).
     */
    public CommitResult rebalance(int rowGroups) throws IOException {
        if (rowGroups < 1) {
            throw new InvalidOptionException("a table needs at least 1 row group, got " + rowGroups);
        }
        WriteJob job = WriteJob.begin(storage, table, WriteMode.OVERWRITE, options.withRowGroupRows(Long.MAX_VALUE)
                .withRowGroupBytes(Long.MAX_VALUE), retention);
        try {
            AlbisTable snapshot = AlbisTable.open(storage, table, job.descriptor().baseVersion());
            long total = snapshot.rowCount();
            try (AlbisReader r = snapshot.newReader(); AlbisWriter w = job.newTask(0, 0)) {
                RowCopier copier = new RowCopier(r, w.schema());
                long row = 0;
                int group = 1;
                long nextCut = cut(total, rowGroups, group);
                while (r.advance()) {
                    copier.copy(r, w);
                    w.nextRow();
                    if ((++row & PROGRESS_STEP - 1) == 0) {
                        progress.accept(PROGRESS_STEP);
                    }
                    if (row == nextCut && row < total) {
                        w.endRowGroup();
                        nextCut = cut(total, rowGroups, ++group);
                    }
                }
            }
            progress.accept(total & PROGRESS_STEP - 1);
            return job.commit();
        } catch (IOException | RuntimeException e) {
            abortQuietly(job, e);
            throw e;
        }
    }

    /** The row after the last of row group {@code k} (1-based) of {@code n} over {@code total} rows. */
    private static long cut(long total, int n, int k) {
        return Math.multiplyExact(total, (long) k) / n;
    }

    private static void abortQuietly(WriteJob job, Exception cause) {
        try {
            job.abort();
        } catch (IOException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    private static boolean aloneInItsGroups(Schema s, String name) {
        Set<Integer> dropped = new HashSet<>();
        for (Column c : s.columns()) {
            if (!c.deleted() && (c.name().equals(name) || c.name().startsWith(name + "."))) {
                dropped.add(c.index());
            }
        }
        for (int c : dropped) {
            for (int other : s.groups().get(s.groupOf(c)).columns()) {
                if (!dropped.contains(other) && !s.column(other).deleted()) {
                    return false;
                }
            }
        }
        return !dropped.isEmpty();
    }

    /**
     * Runs a change: publishes {@code edit}'s schema, writes the new groups' files of every row
     * group (from {@code values}, or copied from the existing columns when null), commits.
     */
    private CommitResult change(UnaryOperator<Schema> edit, RowGroupValues values) throws IOException {
        TableChange change = TableChange.begin(storage, table, edit, options, retention);
        try {
            if (!change.newGroups().isEmpty()) {
                RowGroupValues v = values != null ? values : copyFrom(change);
                forEachRowGroup(change.baseState().rowGroups(), (i, rg) -> {
                    try (AlbisWriter w = change.writer(rg)) {
                        v.write(i, rg, w);
                    }
                    progress.accept(rg.rows());
                });
            }
            return change.commit();
        } catch (IOException | RuntimeException e) {
            try {
                change.abort();
            } catch (IOException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /** Copies the columns of the change's new groups from the base snapshot, row group by row group. */
    private RowGroupValues copyFrom(TableChange change) throws IOException {
        AlbisTable snapshot = AlbisTable.open(storage, table, change.descriptor().baseVersion());
        Schema base = change.base();
        Set<Integer> ids = new HashSet<>();
        for (ColumnGroup g : change.newGroups()) {
            for (int c : g.columns()) {
                ids.add(change.schema().column(c).id());
            }
        }
        // A column is read by its name; a struct marker by its struct's name.
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
        ReadOptions read = ReadOptions.all().withColumns(new ArrayList<>(names));
        return (i, rg, w) -> {
            try (AlbisReader r = snapshot.newReader(read.withRowGroups(i))) {
                RowCopier copier = new RowCopier(r, change.schema());
                while (r.advance()) {
                    copier.copy(r, w);
                    w.nextRow();
                }
            }
        };
    }

    @FunctionalInterface
    private interface RowGroupTask {
        void run(int index, TableState.Entry rowGroup) throws IOException;
    }

    private void forEachRowGroup(List<TableState.Entry> rowGroups, RowGroupTask task) throws IOException {
        if (threads == 1 || rowGroups.size() == 1) {
            for (int i = 0; i < rowGroups.size(); i++) {
                task.run(i, rowGroups.get(i));
            }
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, rowGroups.size()));
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < rowGroups.size(); i++) {
                int index = i;
                done.add(pool.submit(() -> {
                    try {
                        task.run(index, rowGroups.get(index));
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof UncheckedIOException u) {
                        throw u.getCause();
                    }
                    if (cause instanceof RuntimeException r) {
                        throw r;
                    }
                    throw new IOException(cause);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while changing " + table, e);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
