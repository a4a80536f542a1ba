package io.albis.spark.write;

import io.albis.storage.Storages;
import io.albis.write.AlbisWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;

/**
 * The Albis task writers of the Spark task attempts running in this JVM: one per attempt and
 * table, shared by the attempt's output writers of that table (Spark opens a new one for every
 * {@code maxRecordsPerFile} rows), committed by {@link AlbisOutputCommitter#commitTask} and
 * aborted by {@link AlbisOutputCommitter#abortTask}. The Albis task is the Spark partition, the
 * attempt Spark's attempt number, so a retried or speculative attempt commits at most once
 * (docs/FORMAT.md §11, task commit).
 */
final class TaskWriters {
    private static final Map<TaskAttemptID, Map<String, TableWriter>> OPEN = new ConcurrentHashMap<>();

    private TaskWriters() {}

    /** A writer of rows into one table, with the plan that turns Spark rows into its columns. */
    record TableWriter(AlbisWriter writer, InternalRowWriter rows) {}

    static TableWriter forTable(TaskAttemptContext context, SparkWriteJob job, String table) throws IOException {
        TaskAttemptID id = context.getTaskAttemptID();
        Map<String, TableWriter> writers = OPEN.computeIfAbsent(id, k -> new LinkedHashMap<>());
        synchronized (writers) {
            TableWriter w = writers.get(table);
            if (w == null) {
                AlbisWriter writer = AlbisWriter.forTask(Storages.forPath(table), job.descriptor(table, true),
                        id.getTaskID().getId(), id.getId());
                w = new TableWriter(writer, new InternalRowWriter(job.sparkType(), writer.schema()));
                writers.put(table, w);
            }
            return w;
        }
    }

    /** Commits every table the attempt wrote; the first failure is thrown after all were tried. */
    static void commit(TaskAttemptContext context) throws IOException {
        IOException failure = null;
        for (TableWriter w : take(context)) {
            try {
                w.writer().commitTask();
            } catch (IOException | RuntimeException e) {
                w.writer().abort();
                if (failure == null) {
                    failure = e instanceof IOException io ? io : new IOException(e);
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    static void abort(TaskAttemptContext context) {
        for (TableWriter w : take(context)) {
            w.writer().abort();
        }
    }

    private static List<TableWriter> take(TaskAttemptContext context) {
        Map<String, TableWriter> writers = OPEN.remove(context.getTaskAttemptID());
        if (writers == null) {
            return List.of();
        }
        synchronized (writers) {
            return new ArrayList<>(writers.values());
        }
    }
}
