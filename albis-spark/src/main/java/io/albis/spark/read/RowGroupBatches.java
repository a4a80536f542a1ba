package io.albis.spark.read;

import io.albis.read.RunReader;
import io.albis.read.RowRun;
import io.albis.row.RowLayout;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.vectorized.ColumnVectorUtils;
import org.apache.spark.sql.execution.vectorized.ConstantColumnVector;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The rows of one row group as Spark column batches (the columnar path): one
 * {@link AlbisColumnVector} per required column, reading values where the reader's segment
 * buffers hold them, then one {@link ConstantColumnVector} per partition column. A batch is the
 * rows of one run, then of further runs in the same segments ({@link RunReader#nextRunInSegments}):
 * it ends where a segment of any column group read ends, so its rows stay in place until the next
 * batch. With a filter, a run is consecutive matching rows and a batch lists each row it holds.
 *
 * <p>Lifetime: the batch (one object, reused) and its vectors are valid until the next
 * {@link #hasNext()}; Spark consumes a batch before it asks for the next. Reading a batch after
 * that reads the reader's next rows, or bytes back in its allocator's pool.
 */
final class RowGroupBatches implements Iterator<ColumnarBatch>, Closeable {
    /** Most rows in a batch (Spark's own batch size for Parquet and ORC). */
    static final int MAX_ROWS = 4096;

    /** Null when the query reads no column ({@link #rowsLeft} counts the rows then) or nothing at all. */
    private final RunReader reader;
    private long rowsLeft;
    private final RowRun[] runs;
    /** By group position: where the batch's rows are, for the groups a vector reads; else null. */
    private final BatchRows[] rowsOfGroup;
    private final int[] groups;
    /** Every vector that reads rows (a struct's field vectors included). */
    private final AlbisColumnVector[] vectors;
    private final ColumnarBatch batch;
    /** The rows' indexes in the row group ({@link MetadataColumns#ROW_INDEX}), when the query reads them; else null. */
    private final OnHeapColumnVector rowIndexes;
    /** Without a reader: rows handed out so far. */
    private long emptyRowsDone;
    /** With a filter: the offsets of a selection's matching rows ({@link RunReader#nextSelection}); else null. */
    private final int[] selected;
    private boolean fetched;
    private boolean hasBatch;
    private boolean done;

    private RowGroupBatches(RunReader reader, boolean filtered, long rows, StructType required,
            StructType partitionSchema, InternalRow partitionValues, boolean rowIndex) {
        this.reader = reader;
        this.selected = filtered ? new int[MAX_ROWS] : null;
        this.rowsLeft = rows;
        List<AlbisColumnVector> readers = new ArrayList<>();
        int constants = required.fields().length + partitionSchema.fields().length;
        ColumnVector[] columns = new ColumnVector[constants + (rowIndex ? 1 : 0)];
        if (rowIndex) {
            this.rowIndexes = new OnHeapColumnVector(MAX_ROWS, DataTypes.LongType);
            columns[constants] = rowIndexes;
        } else {
            this.rowIndexes = null;
        }
        if (reader != null) {
            Map<String, Integer> byName = RowConverter.columnsByName(reader.columnCount(), i -> reader.column(i));
            RowLayout[] layouts = new RowLayout[reader.schema().groups().size()];
            for (int f = 0; f < required.fields().length; f++) {
                columns[f] = vector(required.fields()[f], "", byName, reader, layouts, readers);
            }
        }
        for (int p = 0; p < partitionSchema.fields().length; p++) {
            ConstantColumnVector c = new ConstantColumnVector(MAX_ROWS, partitionSchema.fields()[p].dataType());
            ColumnVectorUtils.populate(c, partitionValues, p);
            columns[required.fields().length + p] = c;
        }
        this.vectors = readers.toArray(new AlbisColumnVector[0]);
        this.runs = reader == null ? null : reader.newRuns();
        this.rowsOfGroup = new BatchRows[runs == null ? 0 : runs.length];
        List<Integer> used = new ArrayList<>();
        for (AlbisColumnVector v : vectors) {
            if (v.group >= 0 && rowsOfGroup[v.group] == null) {
                rowsOfGroup[v.group] = new BatchRows(MAX_ROWS);
                used.add(v.group);
            }
        }
        this.groups = used.stream().mapToInt(Integer::intValue).toArray();
        this.batch = new ColumnarBatch(columns);
    }

    /**
     * The batches of {@code file}'s row group when {@code file} is the one file of it that reads
     * it, else none; the arguments are {@link RowGroupRows#open}'s.
     */
    static RowGroupBatches open(RowGroupFile file, TableAsOf asOf, StructType required, StructType partitionSchema,
            InternalRow partitionValues, Filter[] filters, MetadataColumns.Request metadata) throws IOException {
        RowGroupRows.Read read = RowGroupRows.openRead(file, asOf, required, filters);
        StructType constants = metadata.constants(partitionSchema);
        if (read == null) {
            return new RowGroupBatches(null, false, 0, required, constants,
                    metadata.constants(partitionValues, partitionSchema, ""), metadata.rowIndex());
        }
        InternalRow values = metadata.constants(partitionValues, partitionSchema, file.rowGroup());
        RunReader reader = read.readsColumns() ? read.table().newRunReader(read.options()) : null;
        try {
            return new RowGroupBatches(reader, reader != null && read.options().filter() != null, read.rowCount(), required, constants,
                    values, metadata.rowIndex());
        } catch (RuntimeException e) {
            if (reader != null) {
                reader.close();
            }
            throw e;
        }
    }

    /** The vector of field {@code f} (named {@code prefix + name}); adds it, and a struct's field vectors, to {@code out}. */
    private static AlbisColumnVector vector(StructField f, String prefix, Map<String, Integer> byName,
            RunReader reader, RowLayout[] layouts, List<AlbisColumnVector> out) {
        String name = prefix + f.name();
        Integer column = byName.get(name);
        AlbisColumnVector v;
        if (f.dataType() instanceof StructType st) {
            AlbisColumnVector[] fields = new AlbisColumnVector[st.fields().length];
            for (int k = 0; k < fields.length; k++) {
                fields[k] = vector(st.fields()[k], name + ".", byName, reader, layouts, out);
            }
            if (column == null) {
                v = AlbisColumnVector.struct(st, -1, null, 0, fields); // not nullable: no marker column
            } else {
                int g = groupOf(reader, column);
                v = AlbisColumnVector.struct(st, g, layout(reader, layouts, g), slotOf(reader, column), fields);
            }
        } else {
            if (column == null) {
                throw new IllegalStateException("the reader has no column '" + name + "'; it reads " + byName.keySet());
            }
            int g = groupOf(reader, column);
            v = AlbisColumnVector.leaf(f.dataType(), g, layout(reader, layouts, g), slotOf(reader, column));
        }
        out.add(v);
        return v;
    }

    /** The column group (position in the schema's group list) of reader column {@code column}. */
    private static int groupOf(RunReader reader, int column) {
        return reader.schema().groupOf(reader.column(column).index());
    }

    /** The slot of reader column {@code column} in its group's rows. */
    private static int slotOf(RunReader reader, int column) {
        return reader.schema().slotOf(reader.column(column).index());
    }

    private static RowLayout layout(RunReader reader, RowLayout[] layouts, int g) {
        if (layouts[g] == null) {
            layouts[g] = new RowLayout(reader.schema(), reader.schema().groups().get(g));
        }
        return layouts[g];
    }

    /** What the reader has read, skipped and dropped so far ({@link ScanMetrics}); null when no reader reads the row group. */
    io.albis.read.ReadStats stats() {
        return reader == null ? null : reader.stats();
    }

    @Override
    public boolean hasNext() {
        if (!fetched) {
            try {
                hasBatch = fetch();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            fetched = true;
        }
        return hasBatch;
    }

    @Override
    public ColumnarBatch next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        fetched = false;
        return batch;
    }

    /** Points the batch at the next rows; false at the end. */
    private boolean fetch() throws IOException {
        if (done) {
            return false;
        }
        if (reader == null) {
            int n = (int) Math.min(rowsLeft, MAX_ROWS);
            rowsLeft -= n;
            indexes(0, emptyRowsDone, n);
            emptyRowsDone += n;
            batch.setNumRows(n);
            return n > 0;
        }
        int n = selected == null ? reader.nextRun(runs, MAX_ROWS) : reader.nextSelection(runs, selected);
        if (n == 0) {
            close();
            return false;
        }
        if (selected != null && selected[n - 1] != n - 1) {
            // The matching rows of a stretch, by offset in one run, not all of its rows (the offsets
            // ascend from 0, so the last tells): a batch of them alone. The row indexes follow the
            // offsets even when no data column is read (a filter's groups are read all the same).
            for (int g : groups) {
                rowsOfGroup[g].select(runs[g], selected, n);
            }
            if (rowIndexes != null) {
                long first = reader.runFirstRowIndex();
                for (int i = 0; i < n; i++) {
                    rowIndexes.putLong(i, first + selected[i]);
                }
            }
            return pointVectors(n);
        }
        for (int g : groups) {
            rowsOfGroup[g].start(runs[g], n);
        }
        indexes(0, reader.runFirstRowIndex(), n);
        int filled = n;
        while (filled < MAX_ROWS && (n = reader.nextRunInSegments(runs, MAX_ROWS - filled)) > 0) {
            for (int g : groups) {
                rowsOfGroup[g].add(runs[g], n, filled);
            }
            indexes(filled, reader.runFirstRowIndex(), n);
            filled += n;
        }
        return pointVectors(filled);
    }

    /** Points the vectors at the batch's {@code n} rows. */
    private boolean pointVectors(int n) {
        for (AlbisColumnVector v : vectors) {
            if (v.group >= 0) {
                v.pointTo(rowsOfGroup[v.group], n);
            }
        }
        batch.setNumRows(n);
        return true;
    }

    /** Writes the row indexes {@code first}, {@code first + 1}, … of {@code n} rows from batch row {@code at}, if read. */
    private void indexes(int at, long first, int n) {
        if (rowIndexes != null) {
            for (int i = 0; i < n; i++) {
                rowIndexes.putLong(at + i, first + i);
            }
        }
    }

    @Override
    public void close() {
        if (done) {
            return;
        }
        done = true;
        RowGroupRows.closeReader(reader);
    }
}
