package io.albis.read;

import io.albis.schema.Schema;
import io.albis.storage.Storage;
import java.io.IOException;
import java.util.List;

/**
 * A table as a reader needs it: its schema, its storage and its row groups. {@code AlbisTable}
 * provides one ({@code table.newReader(options)}); the interface keeps the reader independent of
 * how a table finds its row groups.
 */
public interface TableSource {
    /** The table's path, for messages. */
    String path();

    Schema schema();

    Storage storage();

    /**
     * The row groups with these indexes, in this order, or every row group in order when
     * {@code indexes} is null. An index the table does not have is an
     * {@link io.albis.error.InvalidOptionException}.
     */
    List<RowGroupSource> rowGroups(int[] indexes) throws IOException;
}
