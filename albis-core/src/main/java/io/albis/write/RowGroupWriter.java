package io.albis.write;

import io.albis.layout.TableLayout;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.storage.Storage;
import io.albis.storage.WritableFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.FileAlreadyExistsException;
import java.util.List;

/**
 * Writes one row group: one {@link ColumnGroupWriter} per column group, all under a temporary
 * directory that is renamed to {@code rg-NNNNNNNN} only when every file is complete. A crash
 * before the rename leaves only a temporary directory, which readers ignore.
 */
final class RowGroupWriter {
    private final Storage storage;
    private final String table;
    private final String tempDir;
    private final ColumnGroupWriter[] groups;

    RowGroupWriter(Storage storage, String table, Schema schema, int segmentSize) throws IOException {
        this.storage = storage;
        this.table = table;
        this.tempDir = storage.resolve(table, TableLayout.tempName("rg"));
        List<ColumnGroup> gs = schema.groups();
        this.groups = new ColumnGroupWriter[gs.size()];
        try {
            for (int g = 0; g < gs.size(); g++) {
                String dir = storage.resolve(tempDir, TableLayout.columnGroupName(gs.get(g).id()));
                storage.mkdirs(dir);
                groups[g] = new ColumnGroupWriter(schema, gs.get(g), segmentSize, storage,
                        storage.resolve(dir, TableLayout.DATA_FILE));
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

    /**
     * Completes every file, then renames the directory to the first free row group index at or
     * after {@code firstIndex}. Returns the index used.
     */
    int commit(int firstIndex, boolean sync) throws IOException {
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
            int index = firstIndex;
            while (true) {
                try {
                    storage.rename(tempDir, storage.resolve(table, TableLayout.rowGroupName(index)));
                    return index;
                } catch (FileAlreadyExistsException e) {
                    index++; // another writer appended a row group meanwhile; take the next number
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
            storage.delete(tempDir);
        } catch (IOException ignored) {
            // best effort: a leftover temporary directory is invisible to readers
        }
    }
}
