package io.albis.write;

import io.albis.table.Retention;
import io.albis.table.WriteMode;
import java.io.Serializable;

/**
 * What a task writer in another thread, process or machine needs to write for a job: where,
 * which job, with which schema version and options. Serializable, so an engine can ship it to its
 * executors ({@link AlbisWriter#forTask}).
 *
 * @param table         the table's path or URI
 * @param jobId         20 hex digits: the start time and 32 random bits
 * @param mode          what the commit does
 * @param baseVersion   the table state the job started from (0: none)
 * @param schemaVersion the schema every task writes with
 */
public record JobDescriptor(String table, String jobId, WriteMode mode, int baseVersion, int schemaVersion,
        WriterOptions options, Retention retention) implements Serializable {}
