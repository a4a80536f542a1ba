package io.albis.spark.evolve;

import io.albis.error.CommitConflictException;
import io.albis.error.InvalidOptionException;
import io.albis.error.NotAnAlbisTableException;
import io.albis.evolve.EvolutionTasks;
import io.albis.evolve.TableEvolution;
import io.albis.schema.ColumnGroupSpec;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.schema.SchemaChanges;
import io.albis.spark.AlbisFileFormat;
import io.albis.spark.read.AlbisScan;
import io.albis.spark.read.TableAsOf;
import io.albis.spark.table.HadoopPaths;
import io.albis.spark.types.SparkTypes;
import io.albis.spark.write.InternalRowWriter;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.table.TableState;
import io.albis.table.TableStates;
import io.albis.table.WriteMode;
import io.albis.write.ChangeDescriptor;
import io.albis.write.CommitPlan;
import io.albis.write.CommitResult;
import io.albis.write.JobDescriptor;
import io.albis.write.NewColumnGroupsWriter;
import io.albis.write.TableChange;
import io.albis.write.WriteJob;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.function.Function2;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructType;

/**
 * Table evolution through Spark, for tables too large for one process: every row group's work is
 * a Spark task of its own, so a table of many row groups changes in parallel. Each operation is
 * published in one atomic step (docs/FORMAT.md, "Schema changes"); when any part of it fails, it
 * publishes nothing and removes what it wrote, and the table reads as it did. The small-table
 * versions of these operations, on threads of one process, are {@link TableEvolution}'s.
 *
 * <p>From Scala: {@code AlbisEvolution.addColumn(spark, "/data/t", "total", "price * quantity")};
 * from PySpark: {@code spark._jvm.io.albis.spark.evolve.AlbisEvolution.addColumn(spark._jsparkSession,
 * "/data/t", "total", "price * quantity")}.
 */
public final class AlbisEvolution {
    private AlbisEvolution() {}

    /** {@link #addColumns(SparkSession, String, String, Map)} of one column, in a group named after it. */
    public static CommitResult addColumn(SparkSession spark, String path, String name, String expression)
            throws IOException {
        return addColumns(spark, path, name, Map.of(name, expression));
    }

    /** {@link #addColumns(SparkSession, String, String, Map)} in a group named after the first column. */
    public static CommitResult addColumns(SparkSession spark, String path, Map<String, String> columns)
            throws IOException {
        return addColumns(spark, path, columns.isEmpty() ? null : columns.keySet().iterator().next(), columns);
    }

    /**
     * Adds columns computed by Spark SQL expressions over each row's columns, as one new column
     * group named {@code group}: {@code columns} maps each new column's name to its expression, in
     * the map's order (a {@code LinkedHashMap} keeps it). A column's type and nullability are the
     * expression's. Each row group of the table is read by one task, from the state the change
     * began at, and its values are written in the row group's order, so the values line up with
     * the rows by position (the paper's rule). An expression must compute one value per row (no
     * aggregate, window function or generator). If an expression fails (in ANSI mode a cast that
     * cannot convert a value, for one), nothing is published and the table is as it was.
     *
     * @throws CommitConflictException when another commit changed the table meanwhile; run it again
     */
    public static CommitResult addColumns(SparkSession spark, String path, String group, Map<String, String> columns)
            throws IOException {
        if (columns.isEmpty()) {
            throw new InvalidOptionException("no columns to add to " + path);
        }
        String table = storagePath(path);
        int state = latestState(table);
        Dataset<Row> rows = spark.read().format(AlbisFileFormat.ShortName())
                .option(TableAsOf.STATE_VERSION, state).load(path);
        List<Column> values = new ArrayList<>();
        columns.forEach((name, expression) -> values.add(functions.expr(expression).as(name)));
        Dataset<Row> computed = rows.select(values.toArray(new Column[0]));
        checkRowByRow(computed, rows, columns);
        checkScan(computed, table);
        List<Field> fields = SparkTypes.toAlbis(computed.schema());
        return change(spark, table, s -> SchemaChanges.addColumns(s, fields, group), change -> {
            if (change.descriptor().baseVersion() != state) {
                throw new CommitConflictException("state " + change.descriptor().baseVersion() + " of " + table
                        + " was committed while the new columns were planned on state " + state + "; run it again");
            }
            write(computed, change);
        });
    }

    /**
     * Drops a column or struct ({@link TableEvolution#drop}): a column alone in its group takes the
     * group with it; otherwise a light drop marks it deleted, a heavy one rewrites its group
     * without it, one Spark task per row group.
     */
    public static CommitResult drop(SparkSession spark, String path, String column, TableEvolution.Drop how)
            throws IOException {
        return copyColumns(spark, path, s -> SchemaChanges.drop(s, column, how == TableEvolution.Drop.HEAVY));
    }

    /** {@link #regroup(SparkSession, String, String, String)} in the order the table's {@code sortBy} property names, if any. */
    public static CommitResult regroup(SparkSession spark, String path, String spec) throws IOException {
        return regroup(spark, path, spec, null);
    }

    /**
     * Re-partitions the columns into column groups as {@code spec} says (a {@link ColumnGroupSpec}:
     * {@code single}, {@code column} or {@code name1=a,b;name2=c}). Without a sort order, groups
     * that do not exist yet are written by one Spark task per row group, and the table reads the
     * same rows in the same order. With one ({@code sortBy}: columns, comma-separated; null for the
     * table's {@code sortBy} property; blank for none) every row is rewritten in that order into the
     * new groups, as many row groups as the table has ({@link SortedRewrite}): an overwrite that
     * publishes the new schema with its rows.
     */
    public static CommitResult regroup(SparkSession spark, String path, String spec, String sortBy) throws IOException {
        ColumnGroupSpec groups = ColumnGroupSpec.parse(spec);
        String table = storagePath(path);
        Storage storage = Storages.forPath(table);
        SortedRewrite rewrite = SortedRewrite.of(spark, path, storage, table, latestState(table), sortBy);
        if (!rewrite.order().sorts()) {
            return copyColumns(spark, path, s -> SchemaChanges.regroup(s, groups));
        }
        Schema next = groups.schemaOf(AlbisTable.open(storage, table, rewrite.state()).schema().fields());
        WriteJob job = WriteJob.replace(storage, table, next, CommitPlan.of(WriteMode.OVERWRITE).withOperation("REGROUP"),
                SortedRewrite.ONE_ROW_GROUP_PER_TASK, Retention.DEFAULT);
        return sortedRewrite(spark, rewrite, job, Math.max(1, rewrite.rowGroups()));
    }

    /** {@link #rebalance(SparkSession, String, int, String)} in the order the table's {@code sortBy} property names, if any. */
    public static CommitResult rebalance(SparkSession spark, String path, int rowGroups) throws IOException {
        return rebalance(spark, path, rowGroups, null);
    }

    /**
     * Rewrites the table's rows into {@code rowGroups} row groups, each written by a Spark task of
     * its own (an overwrite of the same schema): to raise the parallelism of later queries, which
     * read one row group per task. Without a sort order the rows keep their order and the row
     * groups are of nearly equal size. With one ({@code sortBy}: columns, comma-separated; null for
     * the table's {@code sortBy} property; blank for none) the rows are written in that order
     * ({@link SortedRewrite}), in row groups of about equal size.
     */
    public static CommitResult rebalance(SparkSession spark, String path, int rowGroups, String sortBy)
            throws IOException {
        String table = storagePath(path);
        Storage storage = Storages.forPath(table);
        SortedRewrite rewrite = SortedRewrite.of(spark, path, storage, table, latestState(table), sortBy);
        WriteJob job = WriteJob.begin(storage, table, WriteMode.OVERWRITE, SortedRewrite.ONE_ROW_GROUP_PER_TASK,
                Retention.DEFAULT);
        JobDescriptor d = job.descriptor();
        try {
            EvolutionTasks.checkRebalance(table, AlbisTable.open(storage, table, d.baseVersion()).rowCount(), rowGroups);
        } catch (Throwable t) {
            abortAfter(t, job::abort);
            throw t;
        }
        if (rewrite.order().sorts()) {
            return sortedRewrite(spark, rewrite, job, rowGroups);
        }
        try {
            QuietAfterFailure.run(spark, () -> {
                SparkTasks.run(spark, rowGroups, (slice, attempt) ->
                        EvolutionTasks.rebalanceSlice(Storages.forPath(d.table()), d, rowGroups, slice, attempt));
                return null;
            });
            return job.commit();
        } catch (Throwable t) {
            abortAfter(t, job::abort);
            throw t;
        }
    }

    /** Has {@code rewrite} write its rows as {@code tasks} tasks of {@code job} and commits; on any failure aborts. */
    private static CommitResult sortedRewrite(SparkSession spark, SortedRewrite rewrite, WriteJob job, int tasks)
            throws IOException {
        try {
            QuietAfterFailure.run(spark, () -> {
                rewrite.write(spark, job, tasks);
                return null;
            });
            return job.commit();
        } catch (Throwable t) {
            abortAfter(t, job::abort);
            throw t;
        }
    }

    /** A change whose new groups hold columns the table has: each row group's are copied by a Spark task. */
    private static CommitResult copyColumns(SparkSession spark, String path, UnaryOperator<Schema> edit)
            throws IOException {
        String table = storagePath(path);
        return change(spark, table, edit, change -> {
            ChangeDescriptor d = change.descriptor();
            SparkTasks.run(spark, change.baseState().rowGroups().size(), (rowGroup, attempt) ->
                    EvolutionTasks.copyColumns(Storages.forPath(d.table()), d, rowGroup));
        });
    }

    /** How a change's new groups get their files for every row group of its base state. */
    @FunctionalInterface
    private interface GroupFiles {
        void write(TableChange change) throws IOException;
    }

    /**
     * Begins a change, has its new groups written, commits; on any failure aborts, leaving the
     * table as it was, once the failed job's tasks have stopped writing ({@link QuietAfterFailure}).
     */
    private static CommitResult change(SparkSession spark, String table, UnaryOperator<Schema> edit, GroupFiles files)
            throws IOException {
        TableChange change = TableChange.begin(Storages.forPath(table), table, edit, WriterOptions.defaults(),
                Retention.DEFAULT);
        try {
            if (!change.newGroups().isEmpty()) {
                QuietAfterFailure.run(spark, () -> {
                    files.write(change);
                    return null;
                });
            }
            return change.commit();
        } catch (Throwable t) {
            abortAfter(t, change::abort);
            if (t instanceof Exception e) {
                change.throwIfOvertaken(e); // a change that lost its race says so, whatever its tasks hit
            }
            throw t;
        }
    }

    /** An abort of a change or job that may itself fail. */
    @FunctionalInterface
    private interface Abort {
        void run() throws IOException;
    }

    /** Aborts after {@code failure}; a failure of the abort is added to it (repair removes what is left). */
    private static void abortAfter(Throwable failure, Abort abort) {
        try {
            abort.run();
        } catch (Throwable suppressed) {
            failure.addSuppressed(suppressed);
        }
    }

    /**
     * Refuses expressions that do not compute one value per row from that row alone: Spark then
     * plans more than a projection of the scan (an aggregate, a window, a generator), and rows and
     * values would no longer line up.
     */
    private static void checkRowByRow(Dataset<Row> computed, Dataset<Row> rows, Map<String, String> columns) {
        LogicalPlan plan = computed.queryExecution().analyzed();
        if (!(plan instanceof Project p) || !p.child().sameResult(rows.queryExecution().analyzed())) {
            throw new InvalidOptionException("the expressions " + columns.values() + " must compute one value per row"
                    + " from that row's columns (no aggregate, window function or generator); Spark plans them as\n"
                    + plan.treeString());
        }
    }

    /**
     * Refuses a plan whose rows do not come from the V2 scan of the named state, which reads row
     * group {@code i} in task {@code i}: Spark's V1 file source (a session that lists {@code albis}
     * in {@code spark.sql.sources.useV1SourceList}) packs row groups into tasks by size.
     */
    private static void checkScan(Dataset<Row> computed, String table) {
        var leaves = computed.queryExecution().sparkPlan().collectLeaves();
        if (leaves.length() != 1 || !(leaves.head() instanceof BatchScanExec b) || !(b.scan() instanceof AlbisScan scan)
                || !scan.asOf().pinned()) {
            throw new InvalidOptionException("adding columns to " + table + " needs the albis source's V2 scan, which"
                    + " reads each row group in a task of its own; Spark plans\n" + computed.queryExecution().sparkPlan()
                    .treeString() + "(is albis in spark.sql.sources.useV1SourceList?)");
        }
    }

    /**
     * Writes the computed values of every row group: partition {@code i} of the scan reads row
     * group {@code i} of the pinned state ({@link TableAsOf}), and nothing reorders rows between
     * the scan and the projection.
     */
    private static void write(Dataset<Row> computed, TableChange change) {
        TableState.Entry[] entries = change.baseState().rowGroups().toArray(new TableState.Entry[0]);
        var rdd = computed.queryExecution().toRdd().toJavaRDD();
        if (rdd.getNumPartitions() != entries.length) {
            throw new IllegalStateException("Spark planned " + rdd.getNumPartitions() + " tasks for the "
                    + entries.length + " row groups of state " + change.descriptor().baseVersion() + " of "
                    + change.descriptor().table() + "; each row group needs a task of its own");
        }
        rdd.mapPartitionsWithIndex(new RowGroupValues(change.descriptor(), entries, computed.schema()), true)
                .collect();
    }

    /**
     * A task's work: the computed values of one row group, in its order, into its new groups'
     * files; returns the rows written. The writer refuses more or fewer rows than the row group has.
     */
    private record RowGroupValues(ChangeDescriptor change, TableState.Entry[] rowGroups, StructType type)
            implements Function2<Integer, Iterator<InternalRow>, Iterator<Long>> {
        @Override
        public Iterator<Long> call(Integer index, Iterator<InternalRow> values) throws IOException {
            TableState.Entry rg = rowGroups[index]; // with its partition directory, where its new files go
            NewColumnGroupsWriter w = TableChange.writer(Storages.forPath(change.table()), change, rg);
            try {
                InternalRowWriter plan = new InternalRowWriter(type, w.schema());
                while (values.hasNext()) {
                    plan.write(values.next(), w);
                }
                w.close();
            } catch (Throwable t) {
                w.abort();
                throw t;
            }
            return List.of(rg.rows()).iterator();
        }
    }

    /** The latest state version of the table at {@code table}; refuses a path that holds no committed table. */
    private static int latestState(String table) throws IOException {
        Storage storage = Storages.forPath(table);
        if (!storage.isDirectory(table)) {
            throw new NotAnAlbisTableException(table, -1, "no such table directory");
        }
        int state = TableStates.latestVersion(storage.list(table));
        if (state == 0) {
            throw new InvalidOptionException(table + " has no table state (a format 1.0 table, or one whose creation has"
                    + " not committed); there is nothing to change");
        }
        return state;
    }

    /** The table's path as Albis's storage layer takes it ({@code file:} URIs as local paths). */
    private static String storagePath(String path) {
        return HadoopPaths.storagePath(new Path(path));
    }
}
