package io.albis.table;

import io.albis.error.CorruptFileException;
import io.albis.error.NotAnAlbisTableException;
import io.albis.layout.PartitionPath;
import io.albis.layout.RowGroupLayout;
import io.albis.layout.TableLayout;
import io.albis.read.AlbisReader;
import io.albis.read.RunReader;
import io.albis.read.ReadOptions;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.storage.LocalStorage;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An Albis table as a reader finds it: a snapshot of its latest table state (the row groups, in
 * order, and the schema version they were written with). Row groups of jobs that have not
 * committed, temporary names and column groups the schema does not name are never seen. A table
 * of format 1.0 has no state file: its row groups are the {@code rg-NNNNNNNN} directories.
 *
 * <p>Where a row group's files are ({@link RowGroupLayout}) is decided once, at open, by the format
 * of the table state the snapshot reads: directories up to 3.x, files directly in the table
 * directory from 4.0, or in the row group's partition directory from 5.0
 * ({@link RowGroupRef#partition()}). Every path of a row group's files comes from {@link #dataPath},
 * {@link #metadataPath} and {@link #presentGroups}.
 *
 * <p>The snapshot does not move: commits published after {@link #open} are seen by opening the
 * table again, and the files of this snapshot stay for the table's snapshot retention after a
 * commit supersedes it (docs/FORMAT.md, "Table state and commits").
 */
public final class AlbisTable {
    /** Metadata files larger than this are refused before anything is allocated for them. */
    public static final int MAX_METADATA_BYTES = 64 << 20;

    private final Storage storage;
    private final String path;
    private final Schema schema;
    private final List<RowGroupRef> rowGroups;
    private final TableState state;
    private final RowGroupLayout layout;
    /**
     * Of a flat table opened from a listing of its directory: by partition, the ids of the column
     * groups whose metadata file the partition directory holds, by row group name; null otherwise.
     * The table directory's comes from the open's listing, a partition directory's from a listing
     * made when one of its row groups is first asked about.
     */
    private final Map<String, Map<String, Set<Integer>>> listedGroups;

    private AlbisTable(Storage storage, String path, Schema schema, List<RowGroupRef> rowGroups, TableState state,
            Map<String, Map<String, Set<Integer>>> listedGroups) {
        this.storage = storage;
        this.path = path;
        this.schema = schema;
        this.rowGroups = List.copyOf(rowGroups);
        this.state = state;
        this.layout = state == null ? RowGroupLayout.DIRECTORIES : state.layout();
        this.listedGroups = listedGroups;
    }

    public static AlbisTable open(Storage storage, String path) throws IOException {
        if (!storage.exists(path)) {
            throw new NotAnAlbisTableException(path, -1, "no such table directory");
        }
        if (!storage.isDirectory(path)) {
            throw new NotAnAlbisTableException(path, -1, "not an Albis table: a file, not a directory");
        }
        List<String> names = storage.list(path);
        int version = TableStates.latestVersion(names);
        if (version > 0) {
            return atState(storage, path, version, names);
        }
        // No state: a format 1.0 table, or a 2.0 table whose creating job has not committed (its
        // schema file is of format 2.0 then), which is not a table yet.
        int schemaVersion = SchemaStore.latestVersion(names);
        if (schemaVersion < 0) {
            throw new NotAnAlbisTableException(path, -1, "not an Albis table: no " + TableLayout.SCHEMA_PREFIX
                    + "NNNNNNNN schema file in the directory");
        }
        Schema schema = SchemaStore.readWithoutState(storage, path, schemaVersion);
        List<RowGroupRef> rgs = new ArrayList<>();
        for (String name : names) {
            int index = TableLayout.rowGroupIndex(name);
            if (index >= 0) {
                rgs.add(new RowGroupRef(index, name, PartitionPath.ROOT, storage.resolve(path, name)));
            }
        }
        rgs.sort((a, b) -> Integer.compare(a.index(), b.index()));
        return new AlbisTable(storage, path, schema, rgs, null, null);
    }

    /**
     * The snapshot of state {@code version}, which need not be the latest: a distributed reader
     * pins the state its planner saw, so every task reads the same one. Old states are kept for the
     * snapshot retention (docs/FORMAT.md §11); past it, a {@link NotAnAlbisTableException} says
     * the state is gone. The table directory is not listed (a task reading one row group of a large
     * table would list every row group's files), so {@link #presentGroups} asks for files by name.
     */
    public static AlbisTable open(Storage storage, String path, int version) throws IOException {
        if (version < 1) {
            throw new IllegalArgumentException("table state versions start at 1, got " + version);
        }
        if (!storage.exists(storage.resolve(path, TableLayout.stateName(version)))) {
            throw new NotAnAlbisTableException(path, -1, "table state " + version + " is gone (a newer commit replaced"
                    + " it and the snapshot retention has passed); read the table again");
        }
        return atState(storage, path, version, null);
    }

    /** {@code names}: the table directory's listing, or null when it was not listed. */
    private static AlbisTable atState(Storage storage, String path, int version, List<String> names)
            throws IOException {
        TableState state = TableStates.read(storage, path, version);
        Schema schema = SchemaStore.read(storage, path, state.schemaVersion());
        List<RowGroupRef> rgs = new ArrayList<>();
        for (TableState.Entry e : state.rowGroups()) {
            rgs.add(new RowGroupRef(rgs.size(), e.name(), e.partition(), storage.resolve(path, e.relativePath())));
        }
        Map<String, Map<String, Set<Integer>>> listed = null;
        if (names != null && state.layout() == RowGroupLayout.FLAT) {
            listed = new ConcurrentHashMap<>();
            listed.put(PartitionPath.ROOT, metadataFiles(names));
        }
        return new AlbisTable(storage, path, schema, rgs, state, listed);
    }

    /** The ids of the column groups whose metadata file a directory listing holds, by row group name. */
    private static Map<String, Set<Integer>> metadataFiles(List<String> names) {
        Map<String, Set<Integer>> out = new HashMap<>();
        for (String name : names) {
            TableLayout.ColumnGroupFile f = TableLayout.columnGroupFile(name);
            if (f != null && f.kind().equals(TableLayout.META_FILE)) {
                out.computeIfAbsent(f.rowGroup(), k -> new HashSet<>()).add(f.groupId());
            }
        }
        return out;
    }

    /** {@link #metadataFiles} of a partition directory, listed once; a missing directory holds none. */
    private Map<String, Set<Integer>> listedIn(String partition) throws IOException {
        Map<String, Set<Integer>> known = listedGroups.get(partition);
        if (known != null) {
            return known;
        }
        List<String> names;
        try {
            names = storage.list(PartitionPath.directory(storage, path, partition));
        } catch (NoSuchFileException | FileNotFoundException e) {
            names = List.of();
        }
        Map<String, Set<Integer>> found = metadataFiles(names);
        listedGroups.putIfAbsent(partition, found);
        return found;
    }

    /** The table state this snapshot reads, or null for a table without one (format 1.0, or not yet committed). */
    public TableState state() {
        return state;
    }

    /** Opens the table at a local path or a URI whose scheme a storage backend serves ({@link Storages}). */
    public static AlbisTable open(String path) throws IOException {
        return open(Storages.forPath(path), path);
    }

    public Storage storage() {
        return storage;
    }

    public String path() {
        return path;
    }

    public Schema schema() {
        return schema;
    }

    public List<RowGroupRef> rowGroups() {
        return rowGroups;
    }

    public RowGroupRef rowGroup(int index) {
        for (RowGroupRef rg : rowGroups) {
            if (rg.index() == index) {
                return rg;
            }
        }
        throw new io.albis.error.InvalidOptionException("table " + path + " has no row group " + index + "; it has "
                + rowGroups.stream().map(RowGroupRef::index).toList());
    }

    /** Where this snapshot's row groups keep their files. */
    public RowGroupLayout layout() {
        return layout;
    }

    /**
     * Ids of the column groups a row group holds. Up to format 3.x: the column group directories
     * in the row group's directory (one listing). From 4.0: the groups whose metadata file is in
     * the row group's directory (the table's or its partition's), as the listing made at
     * {@link #open(Storage, String)} shows (a partition directory is listed when one of its row
     * groups is first asked about); a snapshot opened at a given state, which lists nothing, asks
     * whether each of the schema's groups has one.
     */
    public Set<Integer> presentGroups(RowGroupRef rg) throws IOException {
        Set<Integer> ids = new HashSet<>();
        if (layout == RowGroupLayout.DIRECTORIES) {
            for (String name : storage.list(rg.path())) {
                int id = TableLayout.columnGroupId(name);
                if (id >= 0) {
                    ids.add(id);
                }
            }
        } else if (listedGroups != null) {
            ids.addAll(listedIn(rg.partition()).getOrDefault(rg.name(), Set.of()));
        } else {
            for (ColumnGroup g : schema.groups()) {
                if (storage.exists(layout.presencePath(storage, rg.path(), g.id()))) {
                    ids.add(g.id());
                }
            }
        }
        return ids;
    }

    public String dataPath(RowGroupRef rg, ColumnGroup g) {
        return layout.dataPath(storage, rg.path(), g.id());
    }

    public String metadataPath(RowGroupRef rg, ColumnGroup g) {
        return layout.metadataPath(storage, rg.path(), g.id());
    }

    /**
     * A column group's metadata in a row group, checked against the schema. Every row group holds
     * every column group of the schema (a schema change that adds a group writes it into every
     * row group before it is published), so a missing one is damage.
     */
    public ColumnGroupMetadata metadata(RowGroupRef rg, ColumnGroup g, Set<Integer> present) throws IOException {
        if (!present.contains(g.id())) {
            throw new CorruptFileException(layout.presencePath(storage, rg.path(), g.id()), -1,
                    "column group '" + g.name() + "' of the schema is missing from this row group");
        }
        String p = metadataPath(rg, g);
        try {
            return SmallFiles.read(storage, p, MAX_METADATA_BYTES, (bytes, path) -> decodeMetadata(bytes, g, path));
        } catch (NoSuchFileException | FileNotFoundException e) {
            throw new CorruptFileException(p, -1, "metadata file is missing from a published row group");
        }
    }

    private ColumnGroupMetadata decodeMetadata(ByteBuffer bytes, ColumnGroup g, String p) throws IOException {
        // Refuse a file written for another layout before decoding (and allocating for) its segments.
        if (bytes.limit() >= ColumnGroupMetadata.COLUMN_COUNT_AT + 4) {
            int columns = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt(ColumnGroupMetadata.COLUMN_COUNT_AT);
            if (columns != g.size()) {
                throw new CorruptFileException(p, ColumnGroupMetadata.COLUMN_COUNT_AT, "metadata lists " + columns
                        + " columns, but column group '" + g.name() + "' of the schema has " + g.size());
            }
        }
        ColumnGroupMetadata meta;
        try {
            meta = ColumnGroupMetadata.decode(bytes, p);
        } catch (NotAnAlbisTableException e) {
            // A listed file of the table that does not start with the magic is damage, not a foreign file.
            throw new CorruptFileException(p, e.offset(), "damaged metadata file: " + e.reason());
        }
        meta.checkMatches(schema, g, p);
        return meta;
    }

    /** Rows in a row group, as its column groups' metadata say (they must agree). */
    public long rowCount(RowGroupRef rg) throws IOException {
        Set<Integer> present = presentGroups(rg);
        long rows = -1;
        for (ColumnGroup g : schema.groups()) {
            ColumnGroupMetadata m = metadata(rg, g, present);
            if (rows >= 0 && m.rowCount() != rows) {
                throw new CorruptFileException(metadataPath(rg, g), ColumnGroupMetadata.ROW_COUNT_AT, "holds "
                        + m.rowCount()
                        + " rows but other column groups of the row group hold " + rows);
            }
            rows = m.rowCount();
        }
        return rows;
    }

    public long rowCount() throws IOException {
        long n = 0;
        for (RowGroupRef rg : rowGroups) {
            n += rowCount(rg);
        }
        return n;
    }

    public AlbisReader newReader(ReadOptions options) throws IOException {
        return new AlbisReader(new TableReadSource(this), options);
    }

    public AlbisReader newReader() throws IOException {
        return newReader(ReadOptions.all());
    }

    /** A reader of runs of rows and of column batches, as {@link #newReader(ReadOptions)} reads rows. */
    public RunReader newRunReader(ReadOptions options) throws IOException {
        return new RunReader(new TableReadSource(this), options);
    }

    public RunReader newRunReader() throws IOException {
        return newRunReader(ReadOptions.all());
    }
}
