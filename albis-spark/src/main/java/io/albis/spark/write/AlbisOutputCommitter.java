package io.albis.spark.write;

import io.albis.storage.Storages;
import io.albis.write.JobDescriptor;
import io.albis.write.WriteJob;
import java.io.IOException;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Spark's commit protocol on top of Albis's job commit (docs/FORMAT.md §11). Spark's
 * {@code SQLHadoopMapReduceCommitProtocol} uses this committer because
 * {@link AlbisWrites#prepare} names it in the job's configuration, as Parquet names its own; the
 * driver began the Albis job there ({@link SparkWriteJob}). Task attempts write row groups in
 * place, invisible; {@link #commitTask} commits an attempt's rows in every partition it wrote (a
 * second attempt of a task that committed is superseded, so a retried or speculative task adds
 * its rows once); {@link #commitJob} publishes the rows of every partition in one new table state
 * (for Spark's dynamic partition overwrite, one that replaces the rows of the partitions written);
 * {@link #abortJob} removes everything the job wrote.
 */
public final class AlbisOutputCommitter extends OutputCommitter {
    /** Spark's commit protocol makes committers that are not file output committers with this constructor. */
    public AlbisOutputCommitter() {}

    /** The driver began the job when it prepared the write: its directory and the table's are there. */
    @Override
    public void setupJob(JobContext context) {}

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
        JobDescriptor job = SparkWriteJob.of(context.getConfiguration()).job();
        WriteJob.resume(Storages.forPath(job.table()), job).commit();
    }

    /**
     * Removes what the job wrote. An abort the job refuses (it has committed: Spark aborts when a
     * step after the commit fails) is an {@link IOException}, which Spark reports beside the
     * failure that made it abort.
     */
    @Override
    public void abortJob(JobContext context, JobStatus.State state) throws IOException {
        JobDescriptor job = SparkWriteJob.of(context.getConfiguration()).job();
        try {
            WriteJob.resume(Storages.forPath(job.table()), job).abort();
        } catch (RuntimeException e) {
            throw new IOException("aborting the Albis write job " + job.jobId() + " on " + job.table() + " failed", e);
        }
    }
}
