package io.albis.write;

import io.albis.layout.RowGroupLayout;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.storage.Storage;
import io.albis.storage.WritableFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Writes one row group: one {@link ColumnGroupWriter} per column group, each a data and a metadata
 * file directly in the table directory ({@link RowGroupLayout#FLAT}, the layout writers write).
 * Readers cannot see it until a commit lists it in a table state, so it is written in place; a
 * writer that dies leaves files no state names, which repair removes. A table change writes only
 * some groups of a row group that exists ({@code writes}): readers cannot see them until a state
 * names the schema that lists them.
 */
final class RowGroupWriter {
    private static final RowGroupLayout LAYOUT = RowGroupLayout.current();

    private final Storage storage;
    private final String name;
    /** {@code table/<name>}: the start of every file name of the row group. */
    private final String path;
    private final Schema schema;
    private final ColumnGroupWriter[] groups;
    /** The groups whose metadata file this writer created: the files an abort may delete. */
    private final boolean[] metadataCreated;

    /** {@code writes}: the positions of the groups to write, or null for all of them. */
    RowGroupWriter(Storage storage, String table, String name, Schema schema, int segmentSize, boolean[] writes)
            throws IOException {
        this.storage = storage;
        this.name = name;
        this.path = storage.resolve(table, name);
        this.schema = schema;
        List<ColumnGroup> gs = schema.groups();
        this.groups = new ColumnGroupWriter[gs.size()];
        this.metadataCreated = new boolean[gs.size()];
        try {
            for (int g = 0; g < gs.size(); g++) {
                if (writes != null && !writes[g]) {
                    continue;
                }
                groups[g] = new ColumnGroupWriter(schema, gs.get(g), segmentSize, storage, dataPath(g));
            }
        } catch (IOException | RuntimeException e) {
            abort();
            throw e;
        }
    }

    ColumnGroupWriter group(int position) {
        return groups[position];
    }

    /** The writer of each group position; null where this row group does not write the group. */
    ColumnGroupWriter[] groups() {
        return groups;
    }

    long rows() {
        for (ColumnGroupWriter g : groups) {
            if (g != null) {
                return g.rowsWritten();
            }
        }
        return 0;
    }

    long bytes() {
        long b = 0;
        for (ColumnGroupWriter g : groups) {
            if (g != null) {
                b += g.bytes();
            }
        }
        return b;
    }

    /** The row group's name, as a table state lists it. */
    String name() {
        return name;
    }

    /** Completes every data and metadata file (durably when {@code sync}). */
    void finish(boolean sync) throws IOException {
        try {
            for (int g = 0; g < groups.length; g++) {
                if (groups[g] == null) {
                    continue;
                }
                ColumnGroupMetadata meta = groups[g].finish(sync);
                WritableFile created = storage.create(metadataPath(g));
                metadataCreated[g] = true;
                try (WritableFile out = created) {
                    out.write(ByteBuffer.wrap(meta.encode()));
                    if (sync) {
                        out.sync();
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            abort();
            throw e;
        }
    }

    private String dataPath(int position) {
        return dataPath(storage, path, schema, position);
    }

    private String metadataPath(int position) {
        return metadataPath(storage, path, schema, position);
    }

    private static String dataPath(Storage storage, String path, Schema schema, int position) {
        return LAYOUT.dataPath(storage, path, schema.groups().get(position).id());
    }

    private static String metadataPath(Storage storage, String path, Schema schema, int position) {
        return LAYOUT.metadataPath(storage, path, schema.groups().get(position).id());
    }

    /**
     * Closes and deletes every file this writer created, and only those: a file it could not
     * create because it exists is another writer's (a second attempt of a table change's task
     * for the same row group finds the first attempt's files under the same names).
     */
    void abort() {
        for (int g = 0; g < groups.length; g++) {
            if (groups[g] == null) {
                continue;
            }
            groups[g].closeQuietly();
            deleteQuietly(storage, dataPath(g));
            if (metadataCreated[g]) {
                deleteQuietly(storage, metadataPath(g));
            }
        }
    }

    private static void deleteQuietly(Storage storage, String file) {
        try {
            storage.delete(file);
        } catch (IOException ignored) {
            // best effort: no state lists this file, so readers never see it; repair removes it
        }
    }

    /**
     * Deletes the files of the groups {@code writes} marks (null: all) of the row group at
     * {@code path} ({@code table/<name>}), best effort.
     */
    static void deleteFiles(Storage storage, String path, Schema schema, boolean[] writes) {
        for (int g = 0; g < schema.groups().size(); g++) {
            if (writes != null && !writes[g]) {
                continue;
            }
            deleteQuietly(storage, dataPath(storage, path, schema, g));
            deleteQuietly(storage, metadataPath(storage, path, schema, g));
        }
    }
}
