package io.albis.spark.write;

import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.WriteMode;
import io.albis.write.JobDescriptor;
import io.albis.write.WriteJob;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;

/**
 * One V2 write as one Albis write job (docs/FORMAT.md §11): begun on the driver when Spark plans
 * the write, its tasks write row groups no reader sees ({@link RowGroupDataWriter}), and
 * {@link #commit} publishes them all in one new table state; {@link #abort} removes them. A table
 * directory that holds no table yet (a catalog made the directory) gets its schema first.
 */
final class TableWriteJob implements BatchWrite {
    private final Storage storage;
    private final JobDescriptor job;
    private final String sparkSchema;

    private TableWriteJob(Storage storage, JobDescriptor job, String sparkSchema) {
        this.storage = storage;
        this.job = job;
        this.sparkSchema = sparkSchema;
    }

    /**
     * Begins the job. {@code rows} is the schema of the rows Spark hands the tasks, {@code
     * dataSchema} the table's columns; they must have the same names and types (Spark has cast the
     * query's columns to the table's).
     */
    static TableWriteJob begin(String table, StructType rows, StructType dataSchema, WriteMode mode,
            Map<String, String> options, String queryId) {
        try {
            Storage storage = Storages.forPath(table);
            AlbisWrites.createTable(table, rows, options);
            WriteJob job = WriteJob.begin(storage, table, mode, AlbisWrites.writerOptions(options));
            return new TableWriteJob(storage, job.descriptor(), rows.json());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot begin the write of " + table + " (query " + queryId + ")", e);
        }
    }

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
        return new RowGroupDataWriter.Factory(job, sparkSchema);
    }

    @Override
    public void commit(WriterCommitMessage[] messages) {
        try {
            WriteJob.resume(storage, job).commit();
        } catch (IOException e) {
            throw new UncheckedIOException("the commit of Albis job " + job.jobId() + " on " + job.table() + " failed", e);
        }
    }

    @Override
    public void abort(WriterCommitMessage[] messages) {
        try {
            WriteJob.resume(storage, job).abort();
        } catch (IOException e) {
            throw new UncheckedIOException("the abort of Albis job " + job.jobId() + " on " + job.table() + " failed", e);
        }
    }
}
