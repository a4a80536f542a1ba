package io.albis.write;

import io.albis.memory.BufferAllocator;
import io.albis.row.RowEncoder;
import io.albis.layout.RowGroupLayout;
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
 * Writes one row group: one {@link ColumnGroupWriter} per column group, each a data and a metadata
 * file directly in the row group's directory, the table's or its partition's
 * ({@link RowGroupLayout#FLAT}, the layout writers write).
 * Readers cannot see it until a commit lists it in a table state, so it is written in place; a
 * writer that dies leaves files no state names, which repair removes. A table change writes only
 * some groups of a row group that exists ({@code change}): readers cannot see them until a state
 * names the schema that lists them. Every attempt at those files (an engine may retry a row group's
 * task, or run it twice at once) writes under {@code _tmp.} names and renames them into place when
 * done, data file first: the attempt whose data file lands publishes both files, the others drop
 * theirs, so an attempt never removes or overwrites another's work (docs/FORMAT.md §1).
 */
final class RowGroupWriter {
    private static final RowGroupLayout LAYOUT = RowGroupLayout.current();

    private final Storage storage;
    private final String name;
    /** {@code directory/<name>}: the start of every file name of the row group. */
    private final String path;
    private final Schema schema;
    private final ColumnGroupWriter[] groups;
    /** The positions of the groups this row group writes. */
    private final boolean[] writes;
    /** True for the new groups of a row group a table change adds: written under temporary names, then renamed. */
    private final boolean change;
    /** Where each group's data and metadata files are written (temporary names for a table change's groups). */
    private final String[] dataFiles;
    private final String[] metadataFiles;
    /** The groups whose files this table change's writer renamed into place, which its abort removes. */
    private final boolean[] published;

    /**
     * {@code encoders}: by group position, the encoder each written group's rows come from, null
     * where this row group does not write the group. {@code change}: the groups are new groups of
     * an existing row group, which a table change publishes. {@code directory}: the table's or the
     * row group's partition directory, which exists.
     */
    RowGroupWriter(Storage storage, String directory, String name, Schema schema, int segmentSize,
            BloomFilterColumns bloomFilters, RowEncoder[] encoders, boolean change, BufferAllocator allocator)
            throws IOException {
        this.storage = storage;
        this.name = name;
        this.path = storage.resolve(directory, name);
        this.schema = schema;
        List<ColumnGroup> gs = schema.groups();
        this.groups = new ColumnGroupWriter[gs.size()];
        this.change = change;
        this.writes = new boolean[gs.size()];
        this.dataFiles = new String[gs.size()];
        this.metadataFiles = new String[gs.size()];
        this.published = new boolean[gs.size()];
        for (int g = 0; g < gs.size(); g++) {
            writes[g] = encoders[g] != null;
            dataFiles[g] = change ? temporary(directory, name, gs.get(g).id(), TableLayout.DATA_FILE) : dataPath(g);
            metadataFiles[g] = change ? temporary(directory, name, gs.get(g).id(), TableLayout.META_FILE)
                    : metadataPath(g);
        }
        try {
            for (int g = 0; g < gs.size(); g++) {
                if (writes[g]) {
                    groups[g] = new ColumnGroupWriter(schema, gs.get(g), encoders[g], segmentSize, bloomFilters, storage,
                            dataFiles[g], allocator);
                }
            }
        } catch (IOException | RuntimeException e) {
            abort();
            throw e;
        }
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
                try (WritableFile out = storage.create(metadataFiles[g])) {
                    out.write(ByteBuffer.wrap(meta.encode()));
                    if (sync) {
                        out.sync();
                    }
                }
            }
            if (change) {
                publish();
            }
        } catch (IOException | RuntimeException e) {
            abort();
            throw e;
        }
    }

    /**
     * Renames a table change's files into place, group by group, data file first. Where the data
     * file exists already, another attempt published that group: this one's files go.
     */
    private void publish() throws IOException {
        for (int g = 0; g < groups.length; g++) {
            if (groups[g] == null) {
                continue;
            }
            try {
                storage.rename(dataFiles[g], dataPath(g));
            } catch (FileAlreadyExistsException another) {
                storage.delete(dataFiles[g]);
                storage.delete(metadataFiles[g]);
                continue;
            }
            published[g] = true;
            try {
                storage.rename(metadataFiles[g], metadataPath(g));
            } catch (FileAlreadyExistsException e) {
                throw new IOException(metadataPath(g) + " exists although its data file did not: left over from"
                        + " another change; abort this change and run it again", e);
            }
        }
    }

    private String temporary(String directory, String rowGroup, int groupId, String kind) {
        return storage.resolve(directory, TableLayout.tempName(TableLayout.columnGroupFileName(rowGroup, groupId,
                kind)));
    }

    private String dataPath(int position) {
        return LAYOUT.dataPath(storage, path, schema.groups().get(position).id());
    }

    private String metadataPath(int position) {
        return LAYOUT.metadataPath(storage, path, schema.groups().get(position).id());
    }

    /**
     * Closes and deletes every file this writer wrote (those not begun yet are not there to
     * delete), also after {@link #finish}: a table change's writer removes what it renamed into
     * place, never another attempt's files; files of groups it does not write stay. Best effort:
     * no state lists these files, so readers never see them, and repair removes what is left.
     */
    void abort() {
        for (int g = 0; g < groups.length; g++) {
            if (!writes[g]) {
                continue;
            }
            if (groups[g] != null) {
                groups[g].closeQuietly();
            }
            deleteQuietly(dataFiles[g]);
            deleteQuietly(metadataFiles[g]);
            if (published[g]) {
                deleteQuietly(dataPath(g));
                deleteQuietly(metadataPath(g));
            }
        }
    }

    private void deleteQuietly(String file) {
        try {
            storage.delete(file);
        } catch (IOException ignored) {
            // see abort()
        }
    }
}
