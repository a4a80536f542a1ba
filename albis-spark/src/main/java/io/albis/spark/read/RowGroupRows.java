package io.albis.spark.read;

import io.albis.filter.Predicate;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;

/**
 * The rows of one row group as Spark rows (the row path): an {@link AlbisReader} over the row
 * group's column groups that the query needs, each row converted by {@link RowConverter}. A row
 * group the table state does not list (an attempt that lost, a job that has not committed) has no
 * rows. Tables are opened once per executor and query ({@link #table}).
 */
final class RowGroupRows implements Iterator<InternalRow>, Closeable {
    /** Open tables by path and snapshot: a state never changes, so a snapshot can be shared by the tasks of a query. */
    private static final int CACHED_TABLES = 64;
    private static final Map<String, Snapshot> TABLES = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Snapshot> eldest) {
            return size() > CACHED_TABLES;
        }
    });

    private final AlbisReader reader;
    /** Converts the reader's rows; without a reader, makes the rows of the constants alone. */
    private final RowConverter converter;
    /** Without a reader: the rows to hand out and how many were. */
    private final long emptyRows;
    private long emptyRowsDone;
    private boolean done;

    private RowGroupRows(AlbisReader reader, RowConverter converter, long emptyRows) {
        this.reader = reader;
        this.converter = converter;
        this.emptyRows = emptyRows;
    }

    /**
     * The rows of {@code file}'s row group when {@code file} is the one file of it that reads it,
     * else none.
     *
     * @param asOf      the snapshot the query reads
     * @param filters   Spark's data filters: those {@link SparkFilters} translates skip segments and rows
     */
    static RowGroupRows open(RowGroupFile file, TableAsOf asOf, StructType required, StructType partitionSchema,
            InternalRow partitionValues, Filter[] filters, MetadataColumns.Request metadata) throws IOException {
        Read read = openRead(file, asOf, required, filters);
        if (read == null) {
            return empty();
        }
        StructType constants = metadata.constants(partitionSchema);
        InternalRow values = metadata.constants(partitionValues, partitionSchema, file.rowGroup());
        if (!read.readsColumns()) {
            return new RowGroupRows(null, new RowConverter(null, required, constants, values, metadata.rowIndex()),
                    read.rowCount());
        }
        AlbisReader reader = read.table().newReader(read.options());
        try {
            return new RowGroupRows(reader, new RowConverter(reader, required, constants, values, metadata.rowIndex()), 0);
        } catch (RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    /**
     * What a task reads of its row group, for the row path and the columnar path alike: the
     * options of a reader of the required columns and the filters Albis evaluates (each path opens
     * the reader it needs), or, when the query needs no column and no filter applies
     * ({@code count(*)} and the like), only the row group's row count.
     */
    record Read(AlbisTable table, ReadOptions options, long rowCount) {
        /** Whether a reader reads the row group; if not, only {@link #rowCount} is known. */
        boolean readsColumns() {
            return options != null;
        }
    }

    /**
     * Opens what {@code file}'s task reads (see {@link #open}); null when {@code file} is not the
     * file that reads its row group, or the row group is not in the table state.
     */
    static Read openRead(RowGroupFile file, TableAsOf asOf, StructType required, Filter[] filters) throws IOException {
        if (!readsRowGroup(file, asOf)) {
            return null; // another file of the row group reads it, or it is not in the table state
        }
        Snapshot s = table(file.table(), asOf);
        RowGroupRef rg = s.rowGroups.get(file.rowGroup());
        Predicate filter = SparkFilters.conjunction(filters, s.table.schema());
        if (required.fields().length == 0 && filter == null) {
            return new Read(null, null, s.rows(rg));
        }
        ReadOptions options = ReadOptions.all().withColumns(Arrays.asList(required.fieldNames())).withRowGroups(rg.index());
        if (filter != null) {
            options = options.withFilter(filter);
        }
        return new Read(s.table, options, -1);
    }

    /**
     * Whether {@code file} is the file that reads its row group in the snapshot {@code asOf}: the data file of the first column group of a row group the table state
     * lists. The V2 scan plans one task for each such file and none for the others.
     */
    static boolean readsRowGroup(RowGroupFile file, TableAsOf asOf) throws IOException {
        if (file == null || !file.isData()) {
            return false;
        }
        Snapshot s = table(file.table(), asOf);
        return file.groupId() == s.table.schema().groups().get(0).id() && s.rowGroups.containsKey(file.rowGroup());
    }

    /**
     * The aggregates of {@code file}'s row group from its metadata ({@link MetadataAggregates}),
     * or null when another file reads that row group or it is not in the snapshot.
     */
    static org.apache.spark.sql.catalyst.expressions.GenericInternalRow aggregates(RowGroupFile file, TableAsOf asOf,
            org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc[] aggregates) throws IOException {
        Listed rg = listed(file, asOf);
        return rg == null ? null : MetadataAggregates.of(rg.table(), rg.rowGroup(), rg.rows(), aggregates);
    }

    /** A row group of a snapshot with the table that lists it and its row count (from the table state). */
    record Listed(AlbisTable table, RowGroupRef rowGroup, long rows) {}

    /**
     * {@code file}'s row group in the snapshot {@code asOf}, or null when another file reads that
     * row group or it is not in the snapshot.
     */
    static Listed listed(RowGroupFile file, TableAsOf asOf) throws IOException {
        if (!readsRowGroup(file, asOf)) {
            return null;
        }
        Snapshot s = table(file.table(), asOf);
        RowGroupRef rg = s.rowGroups.get(file.rowGroup());
        return new Listed(s.table, rg, s.rows(rg));
    }

    /** The index of {@code file}'s row group in the snapshot: its place in table order; -1 when it is not there. */
    static int rowGroupIndex(RowGroupFile file, TableAsOf asOf) throws IOException {
        RowGroupRef rg = table(file.table(), asOf).rowGroups.get(file.rowGroup());
        return rg == null ? -1 : rg.index();
    }

    /** The rows of {@code file}'s row group in the snapshot (from the table state), 0 when it is not there. */
    static long rowCount(RowGroupFile file, TableAsOf asOf) throws IOException {
        Snapshot s = table(file.table(), asOf);
        RowGroupRef rg = s.rowGroups.get(file.rowGroup());
        return rg == null ? 0 : s.rows(rg);
    }

    private static RowGroupRows empty() {
        return new RowGroupRows(null, null, 0);
    }

    /** A table at one state, its row groups by name and their row counts as the state lists them. */
    private record Snapshot(AlbisTable table, Map<String, RowGroupRef> rowGroups, Map<String, Long> rowCounts) {
        /** A row group's rows: from the state, no file read; a format 1.0 table (no state) reads its metadata. */
        long rows(RowGroupRef rg) throws IOException {
            Long n = rowCounts.get(rg.name());
            return n != null ? n : table.rowCount(rg);
        }
    }

    /**
     * The snapshot {@code asOf} of the table at {@code path}: the state the query names, or its
     * newest state committed when the query was planned (or, for a table created later, its
     * first). Every task of a query resolves it to the same state, so the query reads one snapshot
     * even when a commit lands while it runs; superseded states are kept for the snapshot retention
     * (docs/FORMAT.md §11), which is how long a query may run.
     */
    private static Snapshot table(String path, TableAsOf asOf) throws IOException {
        String key = path + "@" + asOf;
        Snapshot s = TABLES.get(key);
        if (s == null) {
            Storage storage = Storages.forPath(path);
            int version = asOf.resolve(storage, path);
            // A format 1.0 table has no states: its row groups are its rg-NNNNNNNN directories.
            AlbisTable t = version == 0 ? AlbisTable.open(storage, path) : AlbisTable.open(storage, path, version);
            Map<String, RowGroupRef> byName = new java.util.HashMap<>();
            for (RowGroupRef rg : t.rowGroups()) {
                byName.put(rg.name(), rg);
            }
            Map<String, Long> rowCounts = new java.util.HashMap<>();
            if (t.state() != null) {
                for (io.albis.table.TableState.Entry e : t.state().rowGroups()) {
                    rowCounts.put(e.name(), e.rows());
                }
            }
            s = new Snapshot(t, byName, rowCounts);
            TABLES.put(key, s);
        }
        return s;
    }

    /** What the reader has read, skipped and dropped so far ({@link ScanMetrics}); null when no reader reads the row group. */
    io.albis.read.ReadStats stats() {
        return reader == null ? null : reader.stats();
    }

    @Override
    public boolean hasNext() {
        if (done) {
            return false;
        }
        if (reader == null) {
            return emptyRowsDone < emptyRows;
        }
        boolean more = reader.hasNext();
        if (!more) {
            close();
        }
        return more;
    }

    @Override
    public InternalRow next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        if (reader == null) {
            return converter.constantsOnly(emptyRowsDone++);
        }
        reader.next();
        return converter.convert(reader);
    }

    @Override
    public void close() {
        if (done) {
            return;
        }
        done = true;
        closeReader(reader);
    }

    /** Closes {@code reader}, if there is one; a failure as an {@link UncheckedIOException}. */
    static void closeReader(Closeable reader) {
        if (reader != null) {
            try {
                reader.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
