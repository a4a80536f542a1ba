package io.albis.write;

import io.albis.memory.BufferAllocator;
import io.albis.error.InvalidOptionException;
import io.albis.error.SchemaMismatchException;
import io.albis.internal.DirectMemory;
import io.albis.layout.TableLayout;
import io.albis.nested.ArrayValue;
import io.albis.nested.NestedCheck;
import io.albis.schema.Column;
import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.schema.TypeId;
import io.albis.storage.LocalStorage;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.RowGroupFiles;
import io.albis.table.SchemaStore;
import io.albis.table.TableState;
import io.albis.table.WriteMode;
import io.albis.util.Int128;
import java.io.Closeable;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Writes rows into a table, as in the paper: set the values of a row with {@code setValue} or the
 * typed setters (which do not box), then {@link #nextRow()}. Column indexes are those of
 * {@link Schema#columns()}. A value not set before {@code nextRow} is null.
 *
 * <p>A writer is one task of a write job ({@link WriteJob}): its row groups stay invisible until the
 * job commits. A writer from {@link #create}, {@link #append} or {@link #overwrite} owns a job of
 * its own, so {@link #close()} publishes all its rows in one atomic step and {@link #abort()} leaves
 * nothing visible. A writer from {@link #forTask} is one task of a job a driver owns: {@code close()}
 * commits the task, and the driver commits the job. Not thread-safe: one writer per thread.
 */
public final class AlbisWriter implements Closeable {
    private final Storage storage;
    private final String table;
    private final Schema schema;
    private final WriterOptions options;
    private final int[] groupOf;
    private final int[] slotOf;
    private final TypeId[] typeOf;
    /** Nullable struct markers, in schema order, and the columns below each of them. */
    private final int[] structMarkers;
    private final int[][] belowMarker;
    private final JobDescriptor job;
    private final int task;
    private final int attempt;
    /** The job this writer commits on close, when it owns one. */
    private final WriteJob ownedJob;
    private final List<TableState.Entry> written = new ArrayList<>();
    /** Set for a writer of new column groups of one existing row group ({@link #forNewGroups}). */
    private final Fill fill;
    /** A finished writer of new column groups: its row group, whose files an abort removes. */
    private RowGroupWriter filled;
    private TaskCommit taskCommit;
    private CommitResult jobCommit;
    private RowGroupWriter current;
    private final int[] rowLengths;
    /** Largest unscaled value of each decimal column of at most 18 digits (10^p - 1). */
    private final long[] decimalLimit;
    /** Encodes list and map values given as Java objects; reused row after row. */
    private final NestedValueEncoder nested = new NestedValueEncoder();
    /** Lends each column group's segment buffer; see {@link #withAllocator}. */
    private BufferAllocator allocator = BufferAllocator.shared();
    /** Set when a row failed half-way; the writer then refuses further rows. */
    private Throwable failure;
    private long rows;
    private int rowGroupsWritten;
    private boolean closed;

    /**
     * What a writer of new column groups writes: the groups (by position in the schema) of one row
     * group the table has, which must get exactly its row count.
     */
    private record Fill(String rowGroup, long rows, boolean[] groups) {}

    private AlbisWriter(Storage storage, Schema schema, JobDescriptor job, int task, int attempt, WriteJob ownedJob) {
        this(storage, job.table(), job.options(), schema, job, task, attempt, ownedJob, null);
    }

    private AlbisWriter(Storage storage, String table, WriterOptions options, Schema schema, JobDescriptor job,
            int task, int attempt, WriteJob ownedJob, Fill fill) {
        if (task < 0 || attempt < 0) {
            throw new InvalidOptionException("task and attempt numbers must be zero or positive, got task " + task
                    + " attempt " + attempt);
        }
        this.storage = storage;
        this.table = table;
        this.schema = schema;
        this.options = options;
        this.job = job;
        this.fill = fill;
        this.task = task;
        this.attempt = attempt;
        this.ownedJob = ownedJob;
        int n = schema.columnCount();
        groupOf = new int[n];
        slotOf = new int[n];
        typeOf = new TypeId[n];
        for (int c = 0; c < n; c++) {
            groupOf[c] = schema.groupOf(c);
            slotOf[c] = schema.slotOf(c);
            typeOf[c] = schema.column(c).type().id();
        }
        structMarkers = schema.columns().stream().filter(Column::isStructMarker).mapToInt(Column::index).toArray();
        belowMarker = new int[structMarkers.length][];
        for (int k = 0; k < structMarkers.length; k++) {
            List<String> path = schema.column(structMarkers[k]).path();
            belowMarker[k] = schema.columns().stream().filter(c -> c.path().size() > path.size()
                    && c.path().subList(0, path.size()).equals(path)).mapToInt(Column::index).toArray();
        }
        rowLengths = new int[schema.groups().size()];
        decimalLimit = new long[n];
        for (int c = 0; c < n; c++) {
            DataType t = schema.column(c).type();
            if (t.id() == TypeId.DECIMAL && t.precision() < 19) {
                decimalLimit[c] = BigInteger.TEN.pow(t.precision()).longValueExact() - 1;
            }
        }
    }

    /**
     * Creates a new table (the directory may exist but must not hold a table) and opens it for
     * writing. The table exists once {@link #close()} commits (with or without rows); {@link #abort()}
     * leaves nothing, not even the schema, or the directory if this call made it.
     */
    public static AlbisWriter create(Storage storage, String table, Schema schema, WriterOptions options)
            throws IOException {
        boolean made = !storage.exists(table);
        storage.mkdirs(table);
        for (String name : storage.list(table)) {
            if (TableLayout.schemaVersion(name) >= 0 || TableLayout.rowGroupIndex(name) >= 0) {
                throw new InvalidOptionException(table + " already holds an Albis table; append to it or delete it first");
            }
        }
        Schema v1 = schema.withVersion(1);
        SchemaStore.publish(storage, table, v1);
        WriteJob job = WriteJob.beginCreate(storage, table, v1.version(), options, made);
        return new AlbisWriter(storage, v1, job.descriptor(), 0, 0, job);
    }

    /** Creates a table at a local path or a URI whose scheme a storage backend serves ({@link Storages}). */
    public static AlbisWriter create(String table, Schema schema) throws IOException {
        return create(Storages.forPath(table), table, schema, WriterOptions.defaults());
    }

    /**
     * Opens an existing table to add rows, published in one step on {@link #close()}. When
     * {@code expected} is not null it must have the table's columns and column groups, so rows are
     * never appended under a different layout.
     */
    public static AlbisWriter append(Storage storage, String table, Schema expected, WriterOptions options)
            throws IOException {
        return owningJob(storage, table, WriteMode.APPEND, expected, options);
    }

    /**
     * Opens an existing table to replace all its rows with the ones written, in one step on
     * {@link #close()}; readers see the old rows until then. Fails on close with a
     * {@link io.albis.error.CommitConflictException} if another commit landed meanwhile.
     */
    public static AlbisWriter overwrite(Storage storage, String table, Schema expected, WriterOptions options)
            throws IOException {
        return owningJob(storage, table, WriteMode.OVERWRITE, expected, options);
    }

    private static AlbisWriter owningJob(Storage storage, String table, WriteMode mode, Schema expected,
            WriterOptions options) throws IOException {
        WriteJob job = WriteJob.begin(storage, table, mode, options);
        Schema current = SchemaStore.read(storage, table, job.descriptor().schemaVersion());
        if (expected != null && !(expected.columns().equals(current.columns())
                && expected.groups().equals(current.groups()))) {
            job.abort();
            throw new SchemaMismatchException("cannot " + mode.name().toLowerCase(java.util.Locale.ROOT) + " " + table
                    + ": its schema is\n" + current + "but the rows have\n" + expected);
        }
        return new AlbisWriter(storage, current, job.descriptor(), 0, 0, job);
    }

    /** A writer for one attempt of one task of a job a driver owns; {@link #close()} commits the task. */
    public static AlbisWriter forTask(Storage storage, JobDescriptor job, int task, int attempt) throws IOException {
        return new AlbisWriter(storage, SchemaStore.read(storage, job.table(), job.schemaVersion()), job, task, attempt,
                null);
    }

    /**
     * A writer of the files of {@code groups} (groups of {@code schema}, a schema version being
     * published by a table change) for the existing row group {@code rowGroup} of {@code rows}
     * rows: row {@code i} written here is row {@code i} of the row group. Only columns of those
     * groups may be set; {@link #close()} finishes the files and fails unless exactly {@code rows}
     * rows were written. Nothing is committed: the change publishes the files with its schema.
     */
    public static AlbisWriter forNewGroups(Storage storage, String table, Schema schema,
            Collection<ColumnGroup> groups, String rowGroup, long rows, WriterOptions options) {
        boolean[] writes = new boolean[schema.groups().size()];
        for (ColumnGroup g : groups) {
            int position = schema.groups().indexOf(g);
            if (position < 0) {
                throw new InvalidOptionException("column group " + g + " is not a group of schema version "
                        + schema.version() + " of " + table);
            }
            writes[position] = true;
        }
        if (rows < 1) {
            throw new InvalidOptionException("row group " + rowGroup + " of " + table + " must have rows, not " + rows);
        }
        return new AlbisWriter(storage, table, options, schema, null, 0, 0, null, new Fill(rowGroup, rows, writes));
    }

    /** {@link #forTask(Storage, JobDescriptor, int, int)} on the storage that serves the table's path. */
    public static AlbisWriter forTask(JobDescriptor job, int task, int attempt) throws IOException {
        return forTask(Storages.forPath(job.table()), job, task, attempt);
    }

    public Schema schema() {
        return schema;
    }

    /** Rows finished with {@link #nextRow()} so far. */
    public long rowCount() {
        return rows;
    }

    public int rowGroupsWritten() {
        return rowGroupsWritten;
    }

    private void checkNotFailed() {
        if (failure != null) {
            throw new IllegalStateException("writer for " + table + " failed while writing a row and dropped its"
                    + " unfinished row group; open a new writer to go on", failure);
        }
    }

    private ColumnGroupWriter group(int column, TypeId expected, String what) throws IOException {
        checkNotFailed();
        if (column < 0 || column >= typeOf.length) {
            throw new SchemaMismatchException("column index " + column + " is outside 0.." + (typeOf.length - 1));
        }
        if (expected != null && typeOf[column] != expected) {
            throw mismatch(column, what);
        }
        if (current == null) {
            openRowGroup();
        }
        ColumnGroupWriter g = current.group(groupOf[column]);
        if (g == null) {
            throw new SchemaMismatchException("column '" + schema.column(column).name() + "' is not in the column groups"
                    + " this writer adds to row group " + fill.rowGroup() + " of " + table);
        }
        return g;
    }

    private SchemaMismatchException mismatch(int column, String what) {
        Column c = schema.column(column);
        return new SchemaMismatchException("column '" + c.name() + "' is " + c.type() + " and cannot take " + what);
    }

    private void openRowGroup() throws IOException {
        if (closed) {
            throw new IllegalStateException("writer for " + table + " is closed");
        }
        checkNotFailed();
        if (fill != null) {
            current = new RowGroupWriter(storage, table, fill.rowGroup(), schema, options.segmentSize(), fill.groups(),
                    allocator);
            return;
        }
        String name = TableLayout.rowGroupName(job.jobId(), task, attempt, rowGroupsWritten);
        current = new RowGroupWriter(storage, table, name, schema, options.segmentSize(), null, allocator);
    }

    /**
     * Takes segment buffers (one per column group being written, of the segment size, or of a
     * row when a row is larger) from {@code allocator} instead of the shared one, so the writer's
     * memory is bounded by its limit: a segment size times column groups beyond it fails with a
     * {@link io.albis.memory.MemoryLimitException} naming the limit and the file. Call before the
     * first row.
     */
    public AlbisWriter withAllocator(BufferAllocator allocator) {
        if (current != null) {
            throw new IllegalStateException("the allocator of writer for " + table + " is set before its first row");
        }
        this.allocator = java.util.Objects.requireNonNull(allocator, "allocator");
        return this;
    }

    public void setBoolean(int column, boolean v) throws IOException {
        group(column, TypeId.BOOLEAN, "a boolean").putBoolean(slotOf[column], v);
    }

    public void setByte(int column, byte v) throws IOException {
        group(column, TypeId.BYTE, "a byte").putByte(slotOf[column], v);
    }

    public void setShort(int column, short v) throws IOException {
        group(column, TypeId.SHORT, "a short").putShort(slotOf[column], v);
    }

    public void setInt(int column, int v) throws IOException {
        group(column, TypeId.INT, "an int").putInt(slotOf[column], v);
    }

    public void setLong(int column, long v) throws IOException {
        group(column, TypeId.LONG, "a long").putLong(slotOf[column], v);
    }

    public void setFloat(int column, float v) throws IOException {
        group(column, TypeId.FLOAT, "a float").putFloat(slotOf[column], v);
    }

    public void setDouble(int column, double v) throws IOException {
        group(column, TypeId.DOUBLE, "a double").putDouble(slotOf[column], v);
    }

    /** A date as days since 1970-01-01. */
    public void setDate(int column, int daysSinceEpoch) throws IOException {
        group(column, TypeId.DATE, "a date").putInt(slotOf[column], daysSinceEpoch);
    }

    /**
     * A timestamp as microseconds since 1970-01-01T00:00:00Z, or a timestamp without time zone as
     * microseconds since 1970-01-01T00:00:00 of its wall clock.
     */
    public void setTimestampMicros(int column, long micros) throws IOException {
        ColumnGroupWriter g = group(column, null, "a timestamp");
        if (typeOf[column] != TypeId.TIMESTAMP && typeOf[column] != TypeId.TIMESTAMP_NTZ) {
            throw mismatch(column, "a timestamp");
        }
        g.putLong(slotOf[column], micros);
    }

    /** A decimal's unscaled value (the column's scale applies); it must fit the column's precision. */
    public void setDecimalUnscaled(int column, long unscaled) throws IOException {
        ColumnGroupWriter g = group(column, TypeId.DECIMAL, "a decimal");
        DataType t = schema.column(column).type();
        if (t.precision() < 19 && (unscaled > decimalLimit[column] || unscaled < -decimalLimit[column])) {
            throw new SchemaMismatchException("unscaled value " + unscaled + " has more than " + t.precision()
                    + " digits for column '" + schema.column(column).name() + "'");
        }
        if (t.isWideDecimal()) {
            g.putWide(slotOf[column], unscaled < 0 ? -1L : 0L, unscaled);
        } else {
            g.putLong(slotOf[column], unscaled);
        }
    }

    /**
     * A decimal of more than 18 digits as the high and low words of its 128-bit unscaled value;
     * it must fit the column's precision.
     */
    public void setDecimalWide(int column, long high, long low) throws IOException {
        ColumnGroupWriter g = group(column, TypeId.DECIMAL, "a decimal");
        DataType t = schema.column(column).type();
        if (!t.isWideDecimal()) {
            throw mismatch(column, "a 128-bit decimal (use setDecimalUnscaled for " + t + ")");
        }
        BigInteger v = Int128.toBigInteger(high, low);
        if (v.abs().compareTo(BigInteger.TEN.pow(t.precision())) >= 0) {
            throw new SchemaMismatchException("unscaled value " + v + " has more than " + t.precision()
                    + " digits for column '" + schema.column(column).name() + "'");
        }
        g.putWide(slotOf[column], high, low);
    }

    /** A decimal; it must fit the column's precision and scale without rounding. */
    public void setDecimal(int column, BigDecimal v) throws IOException {
        ColumnGroupWriter g = group(column, TypeId.DECIMAL, "a decimal");
        DataType t = schema.column(column).type();
        putUnscaled(g, slotOf[column], t, JavaValues.toUnscaled(v, t, "column '" + schema.column(column).name() + "'"));
    }

    private static void putUnscaled(ColumnGroupWriter g, int slot, DataType t, BigInteger unscaled) {
        if (t.isWideDecimal()) {
            g.putWide(slot, unscaled.shiftRight(64).longValue(), unscaled.longValue());
        } else {
            g.putLong(slot, unscaled.longValue());
        }
    }

    public void setString(int column, String v) throws IOException {
        byte[] b = v.getBytes(StandardCharsets.UTF_8);
        group(column, TypeId.STRING, "a string").putBytes(slotOf[column], b, 0, b.length);
    }

    /** A string given as UTF-8 bytes (not validated: the bytes are stored as given). */
    public void setUtf8(int column, byte[] utf8, int offset, int length) throws IOException {
        group(column, TypeId.STRING, "a string").putBytes(slotOf[column], utf8, offset, length);
    }

    public void setBinary(int column, byte[] v) throws IOException {
        setBinary(column, v, 0, v.length);
    }

    public void setBinary(int column, byte[] v, int offset, int length) throws IOException {
        group(column, TypeId.BINARY, "binary").putBytes(slotOf[column], v, offset, length);
    }

    /**
     * Sets null. On a nullable struct's marker column this makes the struct null: every column
     * below it is then stored as null, whatever was set for it (non-nullable fields included).
     * A non-nullable column refuses it.
     */
    public void setNull(int column) throws IOException {
        ColumnGroupWriter g = group(column, null, "null");
        if (!schema.column(column).nullable()) {
            throw new SchemaMismatchException("column '" + schema.column(column).name() + "' is not nullable");
        }
        g.putNull(slotOf[column]);
    }

    /**
     * Sets a value from a Java object: Boolean, Byte, Short, Integer, Long, Float, Double,
     * BigDecimal, LocalDate (or Integer days) for dates, Instant/LocalDateTime (UTC) or Long
     * microseconds for timestamps, LocalDateTime or Long microseconds for timestamps without time
     * zone, String, byte[] or ByteBuffer, a List for a list and a Map for a map (a struct inside
     * them as a Map from field name), or null. Conversions are {@link JavaValues}'.
     */
    public void setValue(int column, Object v) throws IOException {
        if (v == null) {
            setNull(column);
            return;
        }
        ColumnGroupWriter g = group(column, null, "a value");
        DataType t = schema.column(column).type();
        String where = "column '" + schema.column(column).name() + "'";
        int slot = slotOf[column];
        switch (t.id()) {
            case BOOLEAN -> g.putBoolean(slot, JavaValues.toBoolean(v, t, where));
            case BYTE -> g.putByte(slot, (byte) JavaValues.toIntegral(v, t, where));
            case SHORT -> g.putShort(slot, (short) JavaValues.toIntegral(v, t, where));
            case INT -> g.putInt(slot, (int) JavaValues.toIntegral(v, t, where));
            case LONG -> g.putLong(slot, JavaValues.toIntegral(v, t, where));
            case FLOAT -> g.putFloat(slot, JavaValues.toFloat(v, t, where));
            case DOUBLE -> g.putDouble(slot, JavaValues.toDouble(v, t, where));
            case DECIMAL -> putUnscaled(g, slot, t, JavaValues.toUnscaled(v, t, where));
            case DATE -> g.putInt(slot, JavaValues.toDays(v, t, where));
            case TIMESTAMP, TIMESTAMP_NTZ -> g.putLong(slot, JavaValues.toMicros(v, t, where));
            case STRING -> {
                byte[] b = JavaValues.toUtf8(v, t, where);
                g.putBytes(slot, b, 0, b.length);
            }
            case BINARY -> {
                byte[] b = JavaValues.toBytes(v, t, where);
                g.putBytes(slot, b, 0, b.length);
            }
            case LIST, MAP -> {
                nested.encode(t, v, where);
                g.putBytes(slot, nested.bytes(), 0, nested.length());
            }
            case STRUCT -> g.putPresent(slot);
        }
    }

    /** A list from Java objects (see {@link #setValue}); null sets null. */
    public void setList(int column, List<?> v) throws IOException {
        group(column, TypeId.LIST, "a list");
        setValue(column, v);
    }

    /** A map from Java objects, entries in its iteration order (see {@link #setValue}); null sets null. */
    public void setMap(int column, Map<?, ?> v) throws IOException {
        group(column, TypeId.MAP, "a map");
        setValue(column, v);
    }

    /**
     * A list or map given as its stored bytes (docs/FORMAT.md §6, "Nested values"), e.g. read
     * from another table with {@link ArrayValue#toByteArray()}: checked against the column's type
     * first, then copied as they are.
     */
    public void setNestedBytes(int column, byte[] b, int offset, int length) throws IOException {
        ColumnGroupWriter g = group(column, null, "stored list or map bytes");
        DataType t = schema.column(column).type();
        if (!t.isNested()) {
            throw mismatch(column, "stored list or map bytes");
        }
        if (offset < 0 || length < 0 || offset > b.length - length) {
            throw new IndexOutOfBoundsException(length + " bytes at " + offset + " of an array of " + b.length);
        }
        String problem = NestedCheck.problem(b, DirectMemory.BYTE_ARRAY_OFFSET + offset, length, t);
        if (problem != null) {
            throw new SchemaMismatchException("bytes given for column '" + schema.column(column).name() + "' are not a "
                    + t + ": " + problem);
        }
        g.putBytes(slotOf[column], b, offset, length);
    }

    /** Finishes the current row: unset values become null, then the row is encoded. */
    public void nextRow() throws IOException {
        if (current == null) {
            openRowGroup();
        }
        if (fill != null && rows >= fill.rows()) {
            throw new InvalidOptionException("row group " + fill.rowGroup() + " of " + table + " has " + fill.rows()
                    + " rows; a writer of its new column groups takes no more");
        }
        ColumnGroupWriter[] gs = current.groups();
        int[] lengths = rowLengths;
        try {
            // Everything that can refuse the row happens before any group writes it.
            nullColumnsBelowNullStructs();
            for (ColumnGroupWriter g : gs) {
                if (g != null) {
                    g.finishUnsetOrPresent(rows);
                }
            }
            for (int g = 0; g < gs.length; g++) {
                lengths[g] = gs[g] == null ? 0 : gs[g].stagedRowLength();
            }
        } catch (RuntimeException e) {
            // A refused row must not leave half its values behind for the next row.
            for (ColumnGroupWriter g : gs) {
                if (g != null) {
                    g.clearStage();
                }
            }
            throw e;
        }
        try {
            for (int g = 0; g < gs.length; g++) {
                if (gs[g] != null) {
                    gs[g].writeRow(lengths[g]);
                }
            }
        } catch (Throwable t) {
            // Some column groups may hold the row and others not, and the files are in an unknown
            // state: drop the row group so nothing half-written is ever published, and refuse
            // further use (rows already set for it are gone; earlier row groups stay published).
            failure = t;
            current.abort();
            current = null;
            throw t;
        }
        rows++;
        if (fill == null && (current.rows() >= options.rowGroupRows() || current.bytes() >= options.rowGroupBytes())) {
            try {
                commitRowGroup();
            } catch (IOException | RuntimeException e) {
                failure = e; // the row group's rows are lost: the task must not commit without them
                throw e;
            }
        }
    }

    /**
     * Ends the current row group now, if it has rows, so the next row starts a new one: an engine
     * that cuts its output by row count (Spark's {@code maxRecordsPerFile}) gets whole row groups.
     */
    public void endRowGroup() throws IOException {
        if (fill != null) {
            throw new IllegalStateException("a writer of new column groups writes one row group, " + fill.rowGroup());
        }
        if (failure != null || closed) {
            throw new IllegalStateException("writer for " + table + " is " + (closed ? "closed" : "failed"));
        }
        if (current == null || current.rows() == 0) {
            return;
        }
        try {
            commitRowGroup();
        } catch (IOException | RuntimeException e) {
            failure = e;
            throw e;
        }
    }

    /**
     * A null struct has no fields: the columns below it (in any column group) become null, so
     * readers and filters see null there, as SQL does for a field of a null struct.
     */
    private void nullColumnsBelowNullStructs() {
        for (int k = 0; k < structMarkers.length; k++) {
            int m = structMarkers[k];
            ColumnGroupWriter g = current.group(groupOf[m]);
            if (g != null && g.isSet(slotOf[m]) && g.isNullStaged(slotOf[m])) {
                for (int c : belowMarker[k]) {
                    ColumnGroupWriter below = current.group(groupOf[c]);
                    if (below != null) {
                        below.putNull(slotOf[c]);
                    }
                }
            }
        }
    }

    private void commitRowGroup() throws IOException {
        RowGroupWriter rg = current;
        current = null;
        rg.finish(options.sync());
        written.add(new TableState.Entry(rg.name(), rg.rows()));
        rowGroupsWritten++;
    }

    /**
     * Completes the last row group and commits the task: its row groups become part of the job
     * (once, however many attempts of the task commit). Values set after the last {@link #nextRow()}
     * are discarded. Further rows are refused. Repeated calls return the same outcome.
     */
    public TaskCommit commitTask() throws IOException {
        if (taskCommit != null) {
            return taskCommit;
        }
        if (failure != null) {
            abort();
            throw new IOException("writer for " + table + " failed while writing a row; it committed nothing", failure);
        }
        closed = true;
        try {
            if (current != null) {
                if (current.rows() > 0) {
                    commitRowGroup();
                } else {
                    current.abort();
                    current = null;
                }
            }
        } catch (IOException | RuntimeException e) {
            abortQuietly(e);
            throw e;
        }
        try {
            taskCommit = TaskCommitter.commit(storage, job, task, attempt, written);
            return taskCommit;
        } catch (IOException | RuntimeException e) {
            // The manifest may have been published before the failure surfaced, so this attempt's
            // row groups stay; when the job ends, the ones no state lists are removed with it.
            written.clear();
            abortQuietly(e);
            throw e;
        }
    }

    /**
     * Commits the task and, for a writer that owns its job, the job: every row written becomes
     * visible in one atomic step. On failure nothing becomes visible and the exception is thrown.
     */
    @Override
    public void close() throws IOException {
        if (fill != null) {
            finishFill();
            return;
        }
        if (taskCommit != null && (ownedJob == null || jobCommit != null)) {
            return;
        }
        commitTask();
        if (ownedJob != null) {
            try {
                jobCommit = ownedJob.commit();
            } catch (IOException | RuntimeException e) {
                abortQuietly(e);
                throw e;
            }
        }
    }

    /** Finishes the new groups' files of the row group, which must have got all its rows. */
    private void finishFill() throws IOException {
        if (closed) {
            return;
        }
        if (failure != null) {
            abort();
            throw new IOException("writer of new column groups for row group " + fill.rowGroup() + " of " + table
                    + " failed while writing a row", failure);
        }
        if (rows != fill.rows()) {
            abort();
            throw new InvalidOptionException("row group " + fill.rowGroup() + " of " + table + " has " + fill.rows()
                    + " rows but " + rows + " were written for its new column groups; nothing of them was kept");
        }
        RowGroupWriter rg = current;
        try {
            commitRowGroup();
        } catch (IOException | RuntimeException e) {
            abortQuietly(e);
            throw e;
        }
        filled = rg;
        closed = true;
    }

    /** The commit of the job this writer owned, after {@link #close()}; null for a task writer. */
    public CommitResult jobCommit() {
        return jobCommit;
    }

    /**
     * Drops everything this writer wrote; nothing of it becomes visible. A writer that owns its job
     * aborts the job. Whatever cannot be removed now is invisible, and repair or the next commit
     * removes it.
     */
    public void abort() {
        abortQuietly(null);
    }

    private void abortQuietly(Throwable cause) {
        closed = true;
        if (current != null) {
            current.abort();
            current = null;
        }
        try {
            if (fill != null) {
                if (filled != null) {
                    // Finished: remove the files it put in place, never another attempt's or the row group's others.
                    filled.abort();
                }
            } else if (ownedJob != null) {
                ownedJob.abort();
            } else if (taskCommit == null) {
                RowGroupFiles.delete(storage, table, written.stream().map(TableState.Entry::name).toList());
            }
        } catch (IOException | RuntimeException e) {
            if (cause != null) {
                cause.addSuppressed(e);
            }
        }
    }
}
