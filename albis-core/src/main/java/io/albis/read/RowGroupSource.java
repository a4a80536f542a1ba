package io.albis.read;

import io.albis.schema.ColumnGroup;
import io.albis.segment.ColumnGroupMetadata;
import java.io.IOException;

/** One row group of a {@link TableSource}: where its column groups' files are, and their metadata. */
public interface RowGroupSource {
    /** The row group's index: its position in the table. */
    int index();

    /** Rows in the row group, as its column groups' metadata say (they must agree). */
    long rowCount() throws IOException;

    /** A column group's metadata, checked against the schema; a missing column group is damage. */
    ColumnGroupMetadata metadata(ColumnGroup group) throws IOException;

    String metadataPath(ColumnGroup group);

    String dataPath(ColumnGroup group);
}
