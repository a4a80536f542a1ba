package io.albis.write;

import io.albis.layout.TableLayout;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.storage.Storage;
import io.albis.storage.WritableFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Writes one row group: one {@link ColumnGroupWriter} per column group, in the row group's own
 * directory. Readers cannot see it until a commit lists it in a table state, so it is written in
 * place; a writer that dies leaves a directory no state names, which repair removes.
 */
final class RowGroupWriter {
    private final Storage storage;
    private final String dir;
    private final ColumnGroupWriter[] groups;

    RowGroupWriter(Storage storage, String dir, Schema schema, int segmentSize) throws IOException {
        this.storage = storage;
        this.dir = dir;
        List<ColumnGroup> gs = schema.groups();
        this.groups = new ColumnGroupWriter[gs.size()];
        try {
            for (int g = 0; g < gs.size(); g++) {
                String cg = storage.resolve(dir, TableLayout.columnGroupName(gs.get(g).id()));
                storage.mkdirs(cg);
                groups[g] = new ColumnGroupWriter(schema, gs.get(g), segmentSize, storage,
                        storage.resolve(cg, TableLayout.DATA_FILE));
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

    /** The row group's directory. */
    String dir() {
        return dir;
    }

    /** Completes every data and metadata file (durably when {@code sync}). */
    void finish(boolean sync) throws IOException {
        try {
            for (ColumnGroupWriter g : groups) {
                ColumnGroupMetadata meta = g.finish(sync);
                String metaPath = g.dataPath().substring(0, g.dataPath().length() - TableLayout.DATA_FILE.length())
                        + TableLayout.META_FILE;
                try (WritableFile out = storage.create(metaPath)) {
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

    void abort() {
        for (ColumnGroupWriter g : groups) {
            if (g != null) {
                g.closeQuietly();
            }
        }
        try {
            storage.delete(dir);
        } catch (IOException ignored) {
            // best effort: no state lists this directory, so readers never see it; repair removes it
        }
    }
}
