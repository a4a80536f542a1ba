package io.albis.layout;

import io.albis.storage.Storage;

/**
 * Where a row group keeps its column groups' files (docs/FORMAT.md, "Directory layout"). A table's
 * format version decides it, once, when the table is opened ({@link #of}); every path of a row
 * group's files comes from here, for readers and writers alike.
 *
 * <p>Paths are built from a row group's path, {@code table/<row group name>} (from 5.0
 * {@code table/<partition>/<row group name>}): a directory in the older layout, the common start of
 * its files' names in the flat one.
 */
public enum RowGroupLayout {
    /**
     * Formats 1.0 to 3.x: a row group is a directory, holding a directory per column group named
     * {@code cg-NNNNNNNN}, which holds {@code data} and {@code meta}.
     */
    DIRECTORIES {
        @Override
        String file(Storage storage, String rowGroupPath, int groupId, String kind) {
            return storage.resolve(presencePath(storage, rowGroupPath, groupId), kind);
        }

        @Override
        public String presencePath(Storage storage, String rowGroupPath, int groupId) {
            return storage.resolve(rowGroupPath, TableLayout.columnGroupName(groupId));
        }
    },
    /**
     * Format 4.0 on: a row group's files are directly in the table directory (from 5.0: in the row
     * group's partition directory, {@link PartitionPath}), named {@code <row group>.cg-NNNNNNNN.data}
     * and {@code <row group>.cg-NNNNNNNN.meta}, so a listing of that directory shows every file (as
     * engines that list only a table's or a partition's top level need).
     */
    FLAT {
        @Override
        String file(Storage storage, String rowGroupPath, int groupId, String kind) {
            return TableLayout.columnGroupFileName(rowGroupPath, groupId, kind);
        }

        @Override
        public String presencePath(Storage storage, String rowGroupPath, int groupId) {
            return metadataPath(storage, rowGroupPath, groupId);
        }
    };

    /**
     * The layout of the row groups a table state of format {@code version} lists (a 1.0 table,
     * which has no state, keeps its row groups in {@link #DIRECTORIES}).
     */
    public static RowGroupLayout of(FormatVersion version) {
        return version.major() >= 4 ? FLAT : DIRECTORIES;
    }

    /** The layout writers write: that of {@link FormatVersion#CURRENT}. */
    public static RowGroupLayout current() {
        return of(FormatVersion.CURRENT);
    }

    abstract String file(Storage storage, String rowGroupPath, int groupId, String kind);

    /**
     * The entry whose presence says that a row group holds a column group: the column group's
     * directory, or in the flat layout its metadata file.
     */
    public abstract String presencePath(Storage storage, String rowGroupPath, int groupId);

    public String dataPath(Storage storage, String rowGroupPath, int groupId) {
        return file(storage, rowGroupPath, groupId, TableLayout.DATA_FILE);
    }

    public String metadataPath(Storage storage, String rowGroupPath, int groupId) {
        return file(storage, rowGroupPath, groupId, TableLayout.META_FILE);
    }
}
