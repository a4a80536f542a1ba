package io.albis.evolve;

import io.albis.error.InvalidOptionException;
import io.albis.schema.ColumnGroupSpec;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.schema.SchemaChanges;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.table.TableState;
import io.albis.table.WriteMode;
import io.albis.write.CommitPlan;
import io.albis.write.CommitResult;
import io.albis.write.NewColumnGroupsWriter;
import io.albis.write.TableChange;
import io.albis.write.WriteJob;
import io.albis.write.WriterOptions;
import io.albis.util.TaskFailures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
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
        void write(int rowGroupIndex, TableState.Entry rowGroup, NewColumnGroupsWriter writer) throws IOException;
    }

    /** Renames a column or struct (the last name of {@code from}'s path becomes {@code to}); schema only. */
    public CommitResult rename(String from, String to) throws IOException {
        return change(s -> SchemaChanges.rename(s, from, to), null, "RENAME COLUMN");
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
        return change(s -> SchemaChanges.addColumns(s, fields, name), values, "ADD COLUMNS");
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
        return change(s -> SchemaChanges.drop(s, name, how == Drop.HEAVY), null, "DROP COLUMN");
    }

    /** Re-partitions the columns into groups; the rows read exactly as before. */
    public CommitResult regroup(ColumnGroupSpec spec) throws IOException {
        return change(s -> SchemaChanges.regroup(s, spec), null, "REGROUP");
    }

    /**
     * Rewrites the table's rows, in the same order, into {@code rowGroups} row groups of nearly
     * equal size (an overwrite of the same schema). Rows stay in their partitions: a slice of the
     * rows that spans partitions becomes a row group in each ({@link EvolutionTasks#rebalanceSlice}).
     */
    public CommitResult rebalance(int rowGroups) throws IOException {
        WriteJob job = WriteJob.begin(storage, table, CommitPlan.of(WriteMode.OVERWRITE).withOperation("REBALANCE"),
                options.withRowGroupRows(Long.MAX_VALUE).withRowGroupBytes(Long.MAX_VALUE), retention);
        try {
            long rows = AlbisTable.open(storage, table, job.descriptor().baseVersion()).rowCount();
            EvolutionTasks.checkRebalance(table, rows, rowGroups);
            forEachIndex(rowGroups, k -> progress.accept(
                    EvolutionTasks.rebalanceSlice(storage, job.descriptor(), rowGroups, k, 0).rows()));
            return job.commit();
        } catch (IOException | RuntimeException e) {
            abortQuietly(job, e);
            throw e;
        }
    }

    private static void abortQuietly(WriteJob job, Exception cause) {
        try {
            job.abort();
        } catch (IOException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    /**
     * Runs a change: publishes {@code edit}'s schema, writes the new groups' files of every row
     * group (from {@code values}, or copied from the existing columns when null), commits, recording
     * {@code operation} in the table's history.
     */
    private CommitResult change(UnaryOperator<Schema> edit, RowGroupValues values, String operation)
            throws IOException {
        TableChange change = TableChange.begin(storage, table, edit, options, retention, operation);
        try {
            if (!change.newGroups().isEmpty()) {
                List<TableState.Entry> rowGroups = change.baseState().rowGroups();
                forEachIndex(rowGroups.size(), i -> {
                    if (values == null) {
                        EvolutionTasks.copyColumns(storage, change.descriptor(), i);
                    } else {
                        try (NewColumnGroupsWriter w = change.writer(rowGroups.get(i))) {
                            values.write(i, rowGroups.get(i), w);
                        }
                    }
                    progress.accept(rowGroups.get(i).rows());
                });
            }
            return change.commit();
        } catch (IOException | RuntimeException e) {
            try {
                change.abort();
            } catch (IOException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            change.throwIfOvertaken(e);
            throw e;
        }
    }

    @FunctionalInterface
    private interface IndexTask {
        void run(int index) throws IOException;
    }

    /** Runs {@code task} for 0 to {@code count - 1} on up to {@code threads} threads; the first failure is thrown. */
    private void forEachIndex(int count, IndexTask task) throws IOException {
        if (threads == 1 || count <= 1) {
            for (int i = 0; i < count; i++) {
                task.run(i);
            }
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, count));
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                int index = i;
                done.add(pool.submit(() -> {
                    try {
                        task.run(index);
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
                    throw TaskFailures.of(e);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while changing " + table, e);
                }
            }
        } finally {
            // Tasks still running must end before the caller aborts, or they would leave files behind it.
            pool.shutdownNow();
            try {
                while (!pool.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES)) {
                    // a task blocked in storage: keep waiting, its files must not outlive the abort
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
