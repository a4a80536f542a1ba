package io.albis.write;

import java.io.Serializable;

/**
 * What a task in another thread, process or machine needs to write the new column groups of a
 * table change for one row group ({@link TableChange#writer}). Serializable, so an engine can ship
 * it to its executors.
 *
 * @param table             the table's path or URI
 * @param jobId             the change's id (20 hex digits), as a write job's
 * @param baseVersion       the table state the change started from; its row groups get the new groups
 * @param baseSchemaVersion the schema that state names
 * @param schemaVersion     the schema the change publishes
 */
public record ChangeDescriptor(String table, String jobId, int baseVersion, int baseSchemaVersion, int schemaVersion,
        WriterOptions options) implements Serializable {}
