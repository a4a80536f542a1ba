package io.albis.write;

import io.albis.table.Retention;
import io.albis.table.WriteMode;
import java.io.Serializable;

/**
 * What a task writer in another thread, process or machine needs to write for a job, and what a
 * driver needs to commit it: where, which job, with which schema version and options, and what
 * the commit does. Serializable, so an engine can ship it to its executors ({@link AlbisWriter#forTask},
 * {@link PartitionedTaskWriter#open}) and another driver can commit it ({@link WriteJob#resume}).
 *
 * @param table         the table's path or URI
 * @param jobId         20 hex digits: the start time and 32 random bits
 * @param baseVersion   the table state the job started from (0: none)
 * @param schemaVersion the schema every task writes with
 * @param plan          what the commit does: its mode, the partitions it replaces, its properties
 */
public record JobDescriptor(String table, String jobId, int baseVersion, int schemaVersion, WriterOptions options,
        Retention retention, CommitPlan plan) implements Serializable {

    /** A job of {@code mode} that changes no property ({@link CommitPlan#of}). */
    public JobDescriptor(String table, String jobId, WriteMode mode, int baseVersion, int schemaVersion,
            WriterOptions options, Retention retention) {
        this(table, jobId, baseVersion, schemaVersion, options, retention, CommitPlan.of(mode));
    }

    /** What the commit does to the table's rows. */
    public WriteMode mode() {
        return plan.mode();
    }
}
