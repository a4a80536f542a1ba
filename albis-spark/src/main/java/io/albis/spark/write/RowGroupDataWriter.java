package io.albis.spark.write;

import io.albis.storage.Storages;
import io.albis.write.AlbisWriter;
import io.albis.write.JobDescriptor;
import io.albis.write.PartitionedTaskWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Serializable;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.albis.PartitionDirectoryNames;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.write.DataWriter;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * A V2 write task: an Albis task writer whose task is Spark's partition and whose attempt is
 * Spark's attempt number, so a retried or speculative attempt adds its rows at most once
 * (docs/FORMAT.md §11, task commit). Its row groups stay invisible until the job commits. A
 * partitioned table's rows go to the partition directory their values name, all of the task's
 * partitions in one task commit; Spark hands them clustered by partition, so one partition is
 * open at a time.
 */
final class RowGroupDataWriter implements DataWriter<InternalRow> {
    /**
     * What every task of a job needs, shipped to the executors.
     *
     * @param dataSchema      the columns the table stores, the rows' first ones
     * @param partitionSchema the partition columns, the rows' last ones (empty: none)
     * @param timeZone        Spark's session time zone, which names timestamp partitions
     */
    record Factory(JobDescriptor job, String dataSchema, String partitionSchema, String timeZone)
            implements DataWriterFactory, Serializable {
        @Override
        public DataWriter<InternalRow> createWriter(int partitionId, long taskId) {
            TaskContext context = TaskContext.get();
            int attempt = context == null ? 0 : context.attemptNumber();
            StructType data = (StructType) DataType.fromJson(dataSchema);
            StructType partitions = (StructType) DataType.fromJson(partitionSchema);
            try {
                PartitionedTaskWriter writer = PartitionedTaskWriter.open(Storages.forPath(job.table()), job, partitionId,
                        attempt);
                PartitionDirectoryNames names = partitions.length() == 0 ? null
                        : new PartitionDirectoryNames(partitions, data.length(), timeZone);
                return new RowGroupDataWriter(writer, new InternalRowWriter(data, writer.schema()), names);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A committed task: the job's commit finds its row groups in the task's manifest, so it carries nothing. */
    private static final WriterCommitMessage COMMITTED = new WriterCommitMessage() {};

    private final PartitionedTaskWriter task;
    private final InternalRowWriter rows;
    /** Null for a table without partition columns. */
    private final PartitionDirectoryNames partitions;
    private String partition;
    private AlbisWriter writer;
    private boolean done;

    private RowGroupDataWriter(PartitionedTaskWriter task, InternalRowWriter rows, PartitionDirectoryNames partitions) {
        this.task = task;
        this.rows = rows;
        this.partitions = partitions;
    }

    @Override
    public void write(InternalRow row) throws IOException {
        String p = partitions == null ? "" : partitions.of(row);
        if (writer == null || !p.equals(partition)) {
            if (writer != null) {
                task.endPartition(partition);
            }
            partition = p;
            writer = task.writer(p);
        }
        rows.write(row, writer);
    }

    @Override
    public WriterCommitMessage commit() throws IOException {
        done = true;
        task.commit();
        return COMMITTED;
    }

    @Override
    public void abort() {
        done = true;
        task.abort();
    }

    /** Spark closes a writer after commit or abort; one that neither committed nor aborted leaves nothing behind. */
    @Override
    public void close() {
        if (!done) {
            abort();
        }
    }
}
