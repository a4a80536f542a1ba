package io.albis.table;

import io.albis.error.InvalidOptionException;
import io.albis.layout.FormatVersion;
import io.albis.layout.PartitionPath;
import io.albis.layout.RowGroupLayout;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One version of a table's contents (docs/FORMAT.md, "Table state"): the row groups a reader sees,
 * in order, each in its partition directory, the schema version they were written with, the
 * table's properties, and which job's commit produced it, doing what.
 *
 * @param version       the number in the file name {@code _state.NNNNNNNN}
 * @param schemaVersion the schema a reader of this state uses
 * @param mode          what the committing job did
 * @param jobId         the committing job, so a repeated commit of the same job is recognised
 * @param commitMillis  wall-clock time of the commit; superseded states are kept for a while after it
 * @param rowGroups     the visible row groups, in table order
 * @param operation     what the commit did, in the committer's words (the table's history shows it);
 *                      of a state before 5.0, its mode's {@link WriteMode#operation}
 * @param properties    the table's properties, in key order ({@link TableProperties#ordered}); none
 *                      before 5.0
 * @param format        the format version of the state's file; it says where the row groups keep
 *                      their files ({@link #layout()})
 */
public record TableState(int version, int schemaVersion, WriteMode mode, String jobId, long commitMillis,
        List<Entry> rowGroups, String operation, Map<String, String> properties, FormatVersion format) {

    /** An operation is written as a {@code str} of at most this many UTF-8 bytes. */
    public static final int MAX_OPERATION_BYTES = 255;

    /**
     * A visible row group: its name, its row count (equal to its metadata's) and its partition
     * directory ({@link PartitionPath}; {@link PartitionPath#ROOT} in states before 5.0).
     * Serializable, as part of a task's {@code TaskCommit}.
     */
    public record Entry(String name, long rows, String partition) implements Serializable {
        public Entry {
            Objects.requireNonNull(partition, "partition");
        }

        /** A row group in the table directory itself. */
        public Entry(String name, long rows) {
            this(name, rows, PartitionPath.ROOT);
        }

        /** Its path relative to the table directory, the common start of its files' names. */
        public String relativePath() {
            return PartitionPath.relative(partition, name);
        }
    }

    public TableState {
        rowGroups = List.copyOf(rowGroups);
        properties = TableProperties.ordered(properties);
    }

    /** A state being written: of the format writers write. */
    public TableState(int version, int schemaVersion, WriteMode mode, String jobId, long commitMillis,
            List<Entry> rowGroups, String operation, Map<String, String> properties) {
        this(version, schemaVersion, mode, jobId, commitMillis, rowGroups, operation, properties, FormatVersion.CURRENT);
    }

    /** Why {@code operation} cannot be recorded, or null when it can: 1 to {@value #MAX_OPERATION_BYTES} UTF-8 bytes. */
    public static String operationProblem(String operation) {
        if (operation == null || operation.isEmpty()) {
            return "a commit's operation must not be empty";
        }
        if (!StandardCharsets.UTF_8.newEncoder().canEncode(operation)) {
            return "operation '" + operation + "' is not valid Unicode (an unpaired surrogate)";
        }
        int n = operation.getBytes(StandardCharsets.UTF_8).length;
        return n > MAX_OPERATION_BYTES ? "operation '" + operation + "' is " + n + " UTF-8 bytes, more than "
                + MAX_OPERATION_BYTES : null;
    }

    /** Refuses an operation {@link #operationProblem} finds wrong with an {@link InvalidOptionException}. */
    public static String requireOperation(String operation) {
        String why = operationProblem(operation);
        if (why != null) {
            throw new InvalidOptionException(why);
        }
        return operation;
    }

    /** Where the row groups this state lists keep their files: every one of them as the state's format says. */
    public RowGroupLayout layout() {
        return RowGroupLayout.of(format);
    }

    public long rowCount() {
        long n = 0;
        for (Entry e : rowGroups) {
            n += e.rows();
        }
        return n;
    }

    /** The partitions the row groups lie in, in the order they first appear. */
    public Set<String> partitions() {
        Set<String> out = new LinkedHashSet<>();
        for (Entry e : rowGroups) {
            out.add(e.partition());
        }
        return out;
    }
}
