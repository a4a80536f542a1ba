package io.albis.spark.evolve;

import io.albis.spark.AlbisFileFormat;
import io.albis.spark.read.TableAsOf;
import io.albis.spark.types.SparkTypes;
import io.albis.spark.write.AlbisWrites;
import io.albis.spark.write.WriteOrder;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.write.JobDescriptor;
import io.albis.write.WriteJob;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.VoidFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Re-balance and re-group with a sort order: every row of one table state rewritten through Spark
 * as the tasks of an overwrite job. Spark reads the state, range-partitions its rows by the
 * partition columns and then the sort columns into as many tasks as the table is to have row
 * groups, and sorts each task's rows (ascending, nulls first); task {@code k} writes its rows as
 * task {@code k} of the job, one row group in each partition it reaches, and the job's commit
 * lists the tasks' row groups in task order, so the table reads its rows in the order given, every
 * segment's extremes of the leading sort column tight and its {@code sorted} flag set. Spark
 * samples the keys for the ranges, so the row groups are of about equal size (many rows with one
 * key may make them uneven, and a key range may come out empty).
 *
 * @param path       the table as Spark reads it
 * @param state      the table state the rows come from
 * @param data       the stored columns, as Spark types them
 * @param partitions the partition columns (the rows' last ones)
 * @param order      the sort order, checked against the columns
 * @param rowGroups  the row groups of {@code state}
 */
record SortedRewrite(String path, int state, StructType data, StructType partitions, WriteOrder order, int rowGroups) {
    /** A rewrite's job cuts no row groups itself: each task writes one per partition. */
    static final WriterOptions ONE_ROW_GROUP_PER_TASK = WriterOptions.defaults().withRowGroupRows(Long.MAX_VALUE)
            .withRowGroupBytes(Long.MAX_VALUE);

    /**
     * The rewrite of state {@code state} of the table at {@code table} ({@code path} as Spark names
     * it) in the order {@code sortBy} names (comma-separated columns; blank: none), or, when it is
     * null, the one the state's {@code sortBy} property names. A bad column is refused before
     * anything is written.
     */
    static SortedRewrite of(SparkSession spark, String path, Storage storage, String table, int state, String sortBy)
            throws IOException {
        AlbisTable snapshot = AlbisTable.open(storage, table, state);
        StructType data = SparkTypes.toSpark(snapshot.schema().fields());
        Set<String> stored = Set.of(data.fieldNames());
        StructType partitions = new StructType();
        for (StructField f : read(spark, path, state).schema().fields()) {
            if (!stored.contains(f.name())) {
                partitions = partitions.add(f);
            }
        }
        Map<String, String> given = sortBy == null ? Map.of() : Map.of(WriteOrder.SORT_BY, sortBy);
        WriteOrder order = WriteOrder.of(given, snapshot.state().properties(), data, List.of(partitions.fieldNames()));
        return new SortedRewrite(path, state, data, partitions, order, snapshot.rowGroups().size());
    }

    private static Dataset<Row> read(SparkSession spark, String path, int state) {
        return spark.read().format(AlbisFileFormat.ShortName()).option(TableAsOf.STATE_VERSION, state).load(path);
    }

    /**
     * Writes the rows of the job's base state in order as the job's {@code tasks} tasks; the caller
     * commits the job, or aborts it when this throws.
     */
    void write(SparkSession spark, WriteJob job, int tasks) {
        JobDescriptor d = job.descriptor();
        List<Column> keys = new ArrayList<>();
        for (String c : partitions.fieldNames()) {
            keys.add(column(c));
        }
        for (String c : order.columns()) {
            keys.add(column(c));
        }
        Column[] by = keys.toArray(new Column[0]);
        Dataset<Row> rows = read(spark, path, d.baseVersion());
        Dataset<Row> sorted = rows.select(columnsOf(data, partitions)).repartitionByRange(tasks, by)
                .sortWithinPartitions(by);
        DataWriterFactory writers = AlbisWrites.taskWriters(d, data, partitions,
                spark.sessionState().conf().sessionLocalTimeZone());
        sorted.queryExecution().toRdd().toJavaRDD().foreachPartition(new TaskRows(writers));
    }

    /** The stored columns, then the partition columns, as the task writers take them. */
    private static Column[] columnsOf(StructType data, StructType partitions) {
        List<Column> out = new ArrayList<>();
        for (String c : data.fieldNames()) {
            out.add(functions.col(quoted(c)));
        }
        for (String c : partitions.fieldNames()) {
            out.add(functions.col(quoted(c)));
        }
        return out.toArray(new Column[0]);
    }

    private static Column column(String name) {
        return functions.col(quoted(name)).asc_nulls_first();
    }

    private static String quoted(String name) {
        return "`" + name.replace("`", "``") + "`";
    }

    /** One task: its rows into the job's task of its partition number, committed, or aborted on failure. */
    private record TaskRows(DataWriterFactory writers) implements VoidFunction<Iterator<InternalRow>> {
        @Override
        public void call(Iterator<InternalRow> rows) throws Exception {
            TaskContext task = TaskContext.get();
            DataWriter<InternalRow> w = writers.createWriter(task.partitionId(), task.taskAttemptId());
            try {
                while (rows.hasNext()) {
                    w.write(rows.next());
                }
                w.commit();
            } catch (Throwable t) {
                w.abort();
                throw t;
            } finally {
                w.close();
            }
        }
    }
}
