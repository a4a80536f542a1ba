package io.albis.spark.write;

import io.albis.error.CommitConflictException;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.Retention;
import io.albis.write.CommitPlan;
import io.albis.write.JobDescriptor;
import io.albis.write.WriteJob;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.DataWriterFactory;
import org.apache.spark.sql.connector.write.PhysicalWriteInfo;
import org.apache.spark.sql.connector.write.WriterCommitMessage;
import org.apache.spark.sql.types.StructType;

/**
 * One V2 write as one Albis write job (docs/FORMAT.md §11): begun on the driver when Spark plans
 * the write, its tasks write row groups no reader sees ({@link RowGroupDataWriter}), and
 * {@link #commit} publishes them all in one new table state; {@link #abort} removes them.
 */
final class TableWriteJob implements BatchWrite {
    /** An overwrite by a filter that keeps finding a commit between matching and beginning gives up after this many tries. */
    private static final int MATCH_ATTEMPTS = 10;

    private final Storage storage;
    private final JobDescriptor job;
    private final RowGroupDataWriter.Factory tasks;

    private TableWriteJob(Storage storage, JobDescriptor job, RowGroupDataWriter.Factory tasks) {
        this.storage = storage;
        this.job = job;
        this.tasks = tasks;
    }

    /**
     * Begins the job of {@code plan}; with {@code overwriteFilter}, of an overwrite of the partitions
     * it matches in the state the job begins at; with {@code replaceSchema}, of an overwrite that
     * publishes the columns {@code dataSchema} and {@code partitionSchema} with its rows.
     */
    static TableWriteJob begin(String table, StructType dataSchema, StructType partitionSchema, CommitPlan plan,
            Predicate[] overwriteFilter, PartitionScope scope, Map<String, String> options, boolean replaceSchema,
            String queryId) {
        try {
            Storage storage = Storages.forPath(table);
            WriteJob job = null;
            if (replaceSchema) {
                job = WriteJob.replace(storage, table, AlbisWrites.newSchema(table, dataSchema, options),
                        plan.withProperties(AlbisWrites.replacedColumnsChange(partitionSchema, options)),
                        AlbisWrites.writerOptions(options, dataSchema, partitionSchema), Retention.DEFAULT);
            } else {
                AlbisWrites.createTable(table, dataSchema, partitionSchema, options);
            }
            for (int i = 0; job == null && i < MATCH_ATTEMPTS; i++) {
                if (overwriteFilter == null) {
                    job = WriteJob.begin(storage, table, plan, AlbisWrites.writerOptions(options, dataSchema,
                            partitionSchema), Retention.DEFAULT);
                } else {
                    PartitionScope.Matched matched = scope.match(overwriteFilter);
                    if (matched == null) {
                        throw new UnsupportedOperationException("an overwrite of " + table + " replaces whole "
                                + "partitions or the whole table; a filter on other columns ("
                                + java.util.Arrays.toString(overwriteFilter) + ") would rewrite row groups");
                    }
                    WriteJob candidate = WriteJob.begin(storage, table, CommitPlan.overwritePartitions(matched.partitions()),
                            AlbisWrites.writerOptions(options, dataSchema, partitionSchema), Retention.DEFAULT);
                    if (candidate.descriptor().baseVersion() == matched.version()) {
                        job = candidate;
                    } else {
                        candidate.abort(); // a commit came between: match again on the state the job begins at
                    }
                }
            }
            if (job == null) {
                throw new CommitConflictException("the overwrite of " + table + " kept meeting other commits; run it again");
            }
            String zone = SparkSession.active().sessionState().conf().sessionLocalTimeZone();
            return new TableWriteJob(storage, job.descriptor(),
                    new RowGroupDataWriter.Factory(job.descriptor(), dataSchema.json(), partitionSchema.json(), zone));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot begin the write of " + table + " (query " + queryId + ")", e);
        }
    }

    @Override
    public DataWriterFactory createBatchWriterFactory(PhysicalWriteInfo info) {
        return tasks;
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
