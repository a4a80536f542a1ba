package io.albis.write;

import io.albis.error.InvalidOptionException;
import io.albis.layout.PartitionPath;
import io.albis.row.RowEncoder;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.table.TableState;
import java.io.IOException;
import java.util.Collection;

/**
 * Writes the files of new column groups for one row group a table already has: the part of a
 * table change ({@link TableChange}) that gives existing rows the values of added, re-grouped or
 * rewritten columns. Row {@code i} written here is row {@code i} of the row group, which must get
 * exactly its row count; only columns of the new groups may be set (see {@link RowWriter} for the
 * setters). {@link #close()} finishes the files and renames them into place; nothing is
 * committed: the change publishes them with its schema. Not thread-safe: one writer per thread.
 */
public final class NewColumnGroupsWriter extends RowWriter {
    private final String rowGroup;
    private final long rowGroupRows;
    /** The row group's directory: the table's, or its partition's. */
    private final String directory;
    /** The finished row group, whose files an abort removes (never another attempt's or the row group's others). */
    private RowGroupWriter finished;

    private NewColumnGroupsWriter(Storage storage, String table, Schema schema, boolean[] writes,
            TableState.Entry rowGroup, WriterOptions options) {
        super(storage, table, schema, options, writes);
        this.rowGroup = rowGroup.name();
        this.rowGroupRows = rowGroup.rows();
        this.directory = PartitionPath.directory(storage, table, PartitionPath.require(table, rowGroup.partition()));
    }

    /**
     * A writer of the files of {@code groups} (groups of {@code schema}, a schema version being
     * published by a table change) for the existing row group {@code rowGroup} (its name, rows and
     * partition directory, where the new files go).
     */
    public static NewColumnGroupsWriter open(Storage storage, String table, Schema schema,
            Collection<ColumnGroup> groups, TableState.Entry rowGroup, WriterOptions options) {
        boolean[] writes = new boolean[schema.groups().size()];
        for (ColumnGroup g : groups) {
            int position = schema.groups().indexOf(g);
            if (position < 0) {
                throw new InvalidOptionException("column group " + g + " is not a group of schema version "
                        + schema.version() + " of " + table);
            }
            writes[position] = true;
        }
        if (rowGroup.rows() < 1) {
            throw new InvalidOptionException("row group " + rowGroup.name() + " of " + table + " must have rows, not "
                    + rowGroup.rows());
        }
        return new NewColumnGroupsWriter(storage, table, schema, writes, rowGroup, options);
    }

    @Override
    RowGroupWriter newRowGroup(RowEncoder[] encoders) throws IOException {
        return new RowGroupWriter(storage, directory, rowGroup, schema, options.segmentSize(), bloomFilters, encoders,
                true, allocator);
    }

    @Override
    void checkRoomForRow() {
        if (rows >= rowGroupRows) {
            throw new InvalidOptionException("row group " + rowGroup + " of " + table + " has " + rowGroupRows
                    + " rows; a writer of its new column groups takes no more");
        }
    }

    @Override
    void rowWritten() {
        // the one row group ends on close, with exactly its rows
    }

    /** Finishes the new groups' files of the row group, which must have got all its rows, and puts them in place. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        if (failure != null) {
            abort();
            throw new IOException("writer of new column groups for row group " + rowGroup + " of " + table
                    + " failed while writing a row", failure);
        }
        if (rows != rowGroupRows) {
            abort();
            throw new InvalidOptionException("row group " + rowGroup + " of " + table + " has " + rowGroupRows
                    + " rows but " + rows + " were written for its new column groups; nothing of them was kept");
        }
        try {
            finished = finishRowGroup();
        } catch (IOException | RuntimeException e) {
            abortQuietly(e);
            throw e;
        }
        closed = true;
    }

    /** Removes the files a finished writer put in place. */
    @Override
    void removeWritten() {
        if (finished != null) {
            finished.abort();
        }
    }
}
