package io.albis.table;

import io.albis.layout.FormatVersion;
import io.albis.layout.RowGroupLayout;
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
 * @param format        the format version of the state's file; it says where the row groups keep
 *                      their files ({@link #layout()})
 */
public record TableState(int version, int schemaVersion, WriteMode mode, String jobId, long commitMillis,
        List<Entry> rowGroups, FormatVersion format) {

    /** A visible row group: its name and its row count (equal to its metadata's). */
    public record Entry(String name, long rows) {}

    public TableState {
        rowGroups = List.copyOf(rowGroups);
    }

    /** A state being written: of the format writers write. */
    public TableState(int version, int schemaVersion, WriteMode mode, String jobId, long commitMillis,
            List<Entry> rowGroups) {
        this(version, schemaVersion, mode, jobId, commitMillis, rowGroups, FormatVersion.CURRENT);
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
}
