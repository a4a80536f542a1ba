package io.albis.spark.write;

import io.albis.storage.Storages;
import io.albis.write.PartitionedTaskWriter;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;

/**
 * The Albis task writers of the Spark task attempts running in this JVM: one per attempt, shared
 * by the attempt's output writers (one per partition directory, and a new one every
 * {@code maxRecordsPerFile} rows), committed by {@link AlbisOutputCommitter#commitTask} and
 * aborted by {@link AlbisOutputCommitter#abortTask}. The Albis task is the Spark partition, the
 * attempt Spark's attempt id, so a retried or speculative attempt commits at most once, with the
 * rows of all its partitions in one task commit (docs/FORMAT.md §11, task commit).
 */
final class TaskWriters {
    private static final Map<TaskAttemptID, TaskWriter> OPEN = new ConcurrentHashMap<>();

    private TaskWriters() {}

    /**
     * The writer of one attempt.
     *
     * @param table the table directory, as the storage layer names it
     * @param task  the attempt's Albis task writer, whose partition writers take its rows
     * @param rows  the plan that turns Spark rows into the table's columns
     * @param order the order the attempt gives the rows of each output file
     */
    record TaskWriter(String table, PartitionedTaskWriter task, InternalRowWriter rows, WriteOrder order) {}

    /** The writer of the attempt {@code context} names, opened by its first output writer. */
    static TaskWriter of(TaskAttemptContext context) throws IOException {
        TaskAttemptID id = context.getTaskAttemptID();
        // An attempt opens its output writers on its own thread, one after the other.
        TaskWriter w = OPEN.get(id);
        if (w == null) {
            SparkWriteJob job = SparkWriteJob.of(context.getConfiguration());
            String table = job.job().table();
            PartitionedTaskWriter task = PartitionedTaskWriter.open(Storages.forPath(table), job.job(),
                    id.getTaskID().getId(), id.getId());
            w = new TaskWriter(table, task, new InternalRowWriter(job.sparkType(), task.schema()), job.order());
            OPEN.put(id, w);
        }
        return w;
    }

    /**
     * Commits the attempt's rows in every partition it wrote; a failed commit aborts them. Spark's
     * committer contract throws {@link IOException}, so a refused commit (the job is over) is one.
     */
    static void commit(TaskAttemptContext context) throws IOException {
        TaskWriter w = OPEN.remove(context.getTaskAttemptID());
        if (w == null) {
            return; // the attempt wrote no rows
        }
        try {
            w.task().commit();
        } catch (RuntimeException e) {
            throw new IOException("the commit of task attempt " + context.getTaskAttemptID() + " on " + w.table()
                    + " failed", e);
        }
    }

    static void abort(TaskAttemptContext context) {
        TaskWriter w = OPEN.remove(context.getTaskAttemptID());
        if (w != null) {
            w.task().abort();
        }
    }
}
