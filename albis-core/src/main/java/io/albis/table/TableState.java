package io.albis.table;

import java.util.List;

/**
 * One version of a table's contents (docs/FORMAT.md, "Table state"): the row groups a reader sees,
 * in order, the schema version they were written with, and which job's commit produced it.
 *
 * @param version       the number in the file name {@code _state.NNNNNNNN}
 * @param schemaVersion the schema a reader of this state uses
 * @param mode          what the committing job did
 * @param jobId         the committing job, so a repeated commit of the same job is recognised
 * @param commitMillis  wall-clock time of the commit; superseded states are kept for a while after it
 * @param rowGroups     the visible row groups, in table order
 */
public record TableState(int version, int schemaVersion, WriteMode mode, String jobId, long commitMillis,
        List<Entry> rowGroups) {

    /** A visible row group: its directory name and its row count (equal to its metadata's). */
    public record Entry(String name, long rows) {}

    public TableState {
        rowGroups = List.copyOf(rowGroups);
    }

    public long rowCount() {
        long n = 0;
        for (Entry e : rowGroups) {
            n += e.rows();
        }
        return n;
    }
}
