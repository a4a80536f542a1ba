package io.albis.spark.write;

import io.albis.layout.TableLayout;
import io.albis.storage.Storages;
import io.albis.write.WriteJob;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Spark's commit protocol on top of Albis's job commit (docs/FORMAT.md §11). Spark's
 * {@code SQLHadoopMapReduceCommitProtocol} uses this committer because
 * {@link AlbisWrites#prepare} names it in the job's configuration, as Parquet names its own.
 * Task attempts write row groups in place, invisible; {@link #commitTask} commits the attempt's
 * Albis tasks (a second attempt of a task that committed is superseded, so a retried or
 * speculative task adds its rows once); {@link #commitJob} publishes, in every table the job wrote,
 * one new table state (for Spark's dynamic partition overwrite, a state that replaces the
 * partition's rows); {@link #abortJob} removes everything the job wrote. Each table commits
 * atomically; a partitioned write commits its partitions one after the other.
 */
public final class AlbisOutputCommitter extends OutputCommitter {
    /** Spark's commit protocol makes committers that are not file output committers with this constructor. */
    public AlbisOutputCommitter() {}

    /**
     * Makes the output directory, as Spark's file committers do, so a write of no rows leaves it;
     * the tables in it are created by the first task that writes to each.
     */
    @Override
    public void setupJob(JobContext context) throws IOException {
        String root = OutputTables.root(context.getConfiguration());
        Storages.forPath(root).mkdirs(root);
    }

    @Override
    public void setupTask(TaskAttemptContext context) {}

    @Override
    public boolean needsTaskCommit(TaskAttemptContext context) {
        return true;
    }

    @Override
    public void commitTask(TaskAttemptContext context) throws IOException {
        TaskWriters.commit(context);
    }

    @Override
    public void abortTask(TaskAttemptContext context) {
        TaskWriters.abort(context);
    }

    @Override
    public void commitJob(JobContext context) throws IOException {
        SparkWriteJob job = SparkWriteJob.of(context.getConfiguration());
        for (String table : tablesOf(context, job)) {
            WriteJob.resume(Storages.forPath(table), job.descriptor(table, false)).commit();
        }
    }

    @Override
    public void abortJob(JobContext context, JobStatus.State state) throws IOException {
        SparkWriteJob job = SparkWriteJob.of(context.getConfiguration());
        IOException failure = null;
        for (String table : tablesOf(context, job)) {
            try {
                WriteJob.resume(Storages.forPath(table), job.descriptor(table, false)).abort();
            } catch (IOException | RuntimeException e) {
                if (failure == null) {
                    failure = new IOException("aborting the Albis write job " + job.jobId() + " failed in " + table, e);
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * The tables below the output directory that hold this job's directory: the output itself, its
     * {@code key=value} partitions, and Spark's staging directory of a dynamic partition overwrite.
     */
    private static List<String> tablesOf(JobContext context, SparkWriteJob job) throws IOException {
        String jobDir = TableLayout.jobDirName(job.jobId());
        return OutputTables.find(OutputTables.root(context.getConfiguration()), names -> names.contains(jobDir),
                Integer.MAX_VALUE);
    }
}
