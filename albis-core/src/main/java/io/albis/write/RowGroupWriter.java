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
 * writer that dies leaves files no state names, which repair removes.
 */
final class RowGroupWriter {
    private static final RowGroupLayout LAYOUT = RowGroupLayout.current();

    private final Storage storage;
    private final String name;
    /** {@code table/<name>}: the start of every file name of the row group. */
    private final String path;
    private final Schema schema;
    private final ColumnGroupWriter[] groups;

    RowGroupWriter(Storage storage, String table, String name, Schema schema, int segmentSize) throws IOException {
        this.storage = storage;
        this.name = name;
        this.path = storage.resolve(table, name);
        this.schema = schema;
        List<ColumnGroup> gs = schema.groups();
        this.groups = new ColumnGroupWriter[gs.size()];
        try {
            for (int g = 0; g < gs.size(); g++) {
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

    ColumnGroupWriter[] groups() {
        return groups;
    }

    long rows() {
        return groups[0].rowsWritten();
    }

    long bytes() {
        long b = 0;
        for (ColumnGroupWriter g : groups) {
            b += g.bytes();
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
                ColumnGroupMetadata meta = groups[g].finish(sync);
                try (WritableFile out = storage.create(metadataPath(g))) {
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
        return LAYOUT.dataPath(storage, path, schema.groups().get(position).id());
    }

    private String metadataPath(int position) {
        return LAYOUT.metadataPath(storage, path, schema.groups().get(position).id());
    }

    /** Closes and deletes every file of the row group (those not begun yet are not there to delete). */
    void abort() {
        for (int g = 0; g < groups.length; g++) {
            if (groups[g] != null) {
                groups[g].closeQuietly();
            }
            try {
                storage.delete(dataPath(g));
                storage.delete(metadataPath(g));
            } catch (IOException ignored) {
                // best effort: no state lists these files, so readers never see them; repair removes them
            }
        }
    }
}
