package io.albis.spark.write;

import io.albis.storage.Storages;
import io.albis.write.AlbisWriter;
import io.albis.write.JobDescriptor;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * A V2 write task: an Albis task writer whose task is Spark's partition and whose attempt is
 * Spark's attempt number, so a retried or speculative attempt adds its rows at most once
 * (docs/FORMAT.md §11, task commit). Its row groups stay invisible until the job commits.
 */
final class RowGroupDataWriter implements DataWriter<InternalRow> {
    /** What every task of a job needs, shipped to the executors. */
    record Factory(JobDescriptor job, String sparkSchema) implements DataWriterFactory {
        @Override
        public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
            TaskContext context = TaskContext.get();
            int attempt = context == null ? 0 : context.attemptNumber();
            try {
                AlbisWriter writer = AlbisWriter.forTask(Storages.forPath(job.table()), job, partitionId, attempt);
                return new RowGroupDataWriter(writer, new InternalRowWriter((StructType) DataType.fromJson(sparkSchema),
                        writer.schema()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A committed task: the job's commit finds its row groups in the task's manifest, so it carries nothing. */
    private static final WriterCommitMessage COMMITTED = new WriterCommitMessage() {};

    private final AlbisWriter writer;
    private final InternalRowWriter rows;
    private boolean done;

    private RowGroupDataWriter(AlbisWriter writer, InternalRowWriter rows) {
        this.writer = writer;
        this.rows = rows;
    }

    @Override
    public void write(InternalRow row) throws IOException {
        rows.write(row, writer);
    }

    @Override
    public WriterCommitMessage commit() throws IOException {
        done = true;
        writer.commitTask();
        return COMMITTED;
    }

    @Override
    public void abort() {
        done = true;
        writer.abort();
    }

    /** Spark closes a writer after commit or abort; one that neither committed nor aborted leaves nothing behind. */
    @Override
    public void close() {
        if (!done) {
            abort();
        }
    }
}
