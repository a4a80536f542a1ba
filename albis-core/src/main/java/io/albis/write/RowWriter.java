package io.albis.write;

import io.albis.error.SchemaMismatchException;
import io.albis.internal.DirectMemory;
import io.albis.memory.BufferAllocator;
import io.albis.nested.ArrayValue;
import io.albis.nested.NestedCheck;
import io.albis.row.JavaValues;
import io.albis.row.NestedValueEncoder;
import io.albis.row.RowEncoder;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.schema.TypeId;
import io.albis.storage.Storage;
import io.albis.util.Int128;
import java.io.Closeable;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A writer of rows, as in the paper: set the values of a row with {@code setValue} or the typed
 * setters (which do not box), then {@link #nextRow()}. Column indexes are those of
 * {@link Schema#columns()}. A value not set before {@code nextRow} is null.
 *
 * <p>Each value is checked against the schema as it is set and staged in its column group's
 * {@link RowEncoder}; {@code nextRow} checks the whole row before any group takes it, then each
 * group's {@link ColumnGroupWriter} lays it into its segment. Two writers share this and differ
 * only in where their row groups go: an {@link AlbisWriter} writes new row groups of a write job,
 * a {@link NewColumnGroupsWriter} the new column groups of one row group a table has. Not
 * thread-safe: one writer per thread.
 */
public abstract sealed class RowWriter implements Closeable permits AlbisWriter, NewColumnGroupsWriter {
    final Storage storage;
    final String table;
    final Schema schema;
    final WriterOptions options;
    /** The columns whose segments get bloom filters, resolved when the writer opens. */
    final BloomFilterColumns bloomFilters;
    private final int[] groupOf;
    private final int[] slotOf;
    private final TypeId[] typeOf;
    /** Nullable struct markers, in schema order, and the columns below each of them. */
    private final int[] structMarkers;
    private final int[][] belowMarker;
    /** Largest unscaled value of each decimal column of at most 18 digits (10^p - 1). */
    /** Per decimal column: the largest unscaled value a long may hold in it, and whether it is stored in 128 bits. */
    private final long[] decimalLimit;
    private final boolean[] wideDecimal;
    /** Encodes list and map values given as Java objects; reused row after row. */
    private final NestedValueEncoder nested = new NestedValueEncoder();
    /** The row being set, one encoder per group position (null where the writer does not write the group). */
    private final RowEncoder[] encoders;
    private final int[] rowLengths;
    /** Lends each column group's segment buffer. */
    BufferAllocator allocator = BufferAllocator.shared();
    /** The row group the rows go into; opened by the first value or row after the last one ended. */
    RowGroupWriter current;
    /** Set when a row failed half-way; the writer then refuses further rows. */
    Throwable failure;
    long rows;
    boolean closed;

    /** {@code writes}: the positions of the groups to write, or null for all of them. */
    RowWriter(Storage storage, String table, Schema schema, WriterOptions options, boolean[] writes) {
        this.storage = storage;
        this.table = table;
        this.schema = schema;
        this.options = options;
        this.bloomFilters = BloomFilterColumns.of(schema, options, table);
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
        decimalLimit = new long[n];
        wideDecimal = new boolean[n];
        for (int c = 0; c < n; c++) {
            DataType t = schema.column(c).type();
            if (t.id() == TypeId.DECIMAL) {
                wideDecimal[c] = t.isWideDecimal();
                // Every long fits a decimal of 19 digits or more: those have no limit to check.
                decimalLimit[c] = wideDecimal[c] ? 0 : BigInteger.TEN.pow(t.precision()).longValueExact() - 1;
            }
        }
        int groups = schema.groups().size();
        encoders = new RowEncoder[groups];
        for (int g = 0; g < groups; g++) {
            if (writes == null || writes[g]) {
                encoders[g] = new RowEncoder(schema, schema.groups().get(g));
            }
        }
        rowLengths = new int[groups];
    }

    /** The row group the next rows go into, writing the groups that have an encoder in {@code encoders}. */
    abstract RowGroupWriter newRowGroup(RowEncoder[] encoders) throws IOException;

    /** Refuses the row {@link #nextRow()} is about to write when the writer takes no more rows. */
    abstract void checkRoomForRow();

    /** After each row written: a writer that cuts its row groups by size ends a full one here. */
    abstract void rowWritten() throws IOException;

    /**
     * Removes what the writer put in place (called by {@link #abort()}, after the unfinished row
     * group's files are gone). Best effort: whatever cannot be removed now is invisible to readers.
     */
    abstract void removeWritten() throws IOException;

    public Schema schema() {
        return schema;
    }

    /** Rows finished with {@link #nextRow()} so far. */
    public long rowCount() {
        return rows;
    }

    private void checkNotFailed() {
        if (failure != null) {
            throw new IllegalStateException("writer for " + table + " failed while writing a row and dropped its"
                    + " unfinished row group; open a new writer to go on", failure);
        }
    }

    private RowEncoder encoder(int column, TypeId expected, String what) throws IOException {
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
        RowEncoder e = encoders[groupOf[column]];
        if (e == null) {
            throw new SchemaMismatchException("column '" + schema.column(column).name() + "' is not in the column groups"
                    + " this writer adds to row group " + current.name() + " of " + table);
        }
        return e;
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
        current = newRowGroup(encoders);
    }

    public final void setBoolean(int column, boolean v) throws IOException {
        encoder(column, TypeId.BOOLEAN, "a boolean").putBoolean(slotOf[column], v);
    }

    public final void setByte(int column, byte v) throws IOException {
        encoder(column, TypeId.BYTE, "a byte").putByte(slotOf[column], v);
    }

    public final void setShort(int column, short v) throws IOException {
        encoder(column, TypeId.SHORT, "a short").putShort(slotOf[column], v);
    }

    public final void setInt(int column, int v) throws IOException {
        encoder(column, TypeId.INT, "an int").putInt(slotOf[column], v);
    }

    public final void setLong(int column, long v) throws IOException {
        encoder(column, TypeId.LONG, "a long").putLong(slotOf[column], v);
    }

    public final void setFloat(int column, float v) throws IOException {
        encoder(column, TypeId.FLOAT, "a float").putFloat(slotOf[column], v);
    }

    public final void setDouble(int column, double v) throws IOException {
        encoder(column, TypeId.DOUBLE, "a double").putDouble(slotOf[column], v);
    }

    /** A date as days since 1970-01-01. */
    public final void setDate(int column, int daysSinceEpoch) throws IOException {
        encoder(column, TypeId.DATE, "a date").putInt(slotOf[column], daysSinceEpoch);
    }

    /**
     * A timestamp as microseconds since 1970-01-01T00:00:00Z, or a timestamp without time zone as
     * microseconds since 1970-01-01T00:00:00 of its wall clock.
     */
    public final void setTimestampMicros(int column, long micros) throws IOException {
        RowEncoder e = encoder(column, null, "a timestamp");
        if (typeOf[column] != TypeId.TIMESTAMP && typeOf[column] != TypeId.TIMESTAMP_NTZ) {
            throw mismatch(column, "a timestamp");
        }
        e.putLong(slotOf[column], micros);
    }

    /** A decimal's unscaled value (the column's scale applies); it must fit the column's precision. */
    public final void setDecimalUnscaled(int column, long unscaled) throws IOException {
        RowEncoder e = encoder(column, TypeId.DECIMAL, "a decimal");
        long limit = decimalLimit[column];
        if (!wideDecimal[column] && (unscaled > limit || unscaled < -limit)) {
            throw new SchemaMismatchException("unscaled value " + unscaled + " has more than "
                    + schema.column(column).type().precision() + " digits for column '" + schema.column(column).name()
                    + "'");
        }
        if (wideDecimal[column]) {
            e.putWide(slotOf[column], unscaled < 0 ? -1L : 0L, unscaled);
        } else {
            e.putLong(slotOf[column], unscaled);
        }
    }

    /**
     * A decimal of more than 18 digits as the high and low words of its 128-bit unscaled value;
     * it must fit the column's precision.
     */
    public final void setDecimalWide(int column, long high, long low) throws IOException {
        RowEncoder e = encoder(column, TypeId.DECIMAL, "a decimal");
        DataType t = schema.column(column).type();
        if (!t.isWideDecimal()) {
            throw mismatch(column, "a 128-bit decimal (use setDecimalUnscaled for " + t + ")");
        }
        BigInteger v = Int128.toBigInteger(high, low);
        if (v.abs().compareTo(BigInteger.TEN.pow(t.precision())) >= 0) {
            throw new SchemaMismatchException("unscaled value " + v + " has more than " + t.precision()
                    + " digits for column '" + schema.column(column).name() + "'");
        }
        e.putWide(slotOf[column], high, low);
    }

    /** A decimal; it must fit the column's precision and scale without rounding. */
    public final void setDecimal(int column, BigDecimal v) throws IOException {
        RowEncoder e = encoder(column, TypeId.DECIMAL, "a decimal");
        DataType t = schema.column(column).type();
        putUnscaled(e, slotOf[column], t, JavaValues.toUnscaled(v, t, "column '" + schema.column(column).name() + "'"));
    }

    private static void putUnscaled(RowEncoder e, int slot, DataType t, BigInteger unscaled) {
        if (t.isWideDecimal()) {
            e.putWide(slot, unscaled.shiftRight(64).longValue(), unscaled.longValue());
        } else {
            e.putLong(slot, unscaled.longValue());
        }
    }

    public final void setString(int column, String v) throws IOException {
        byte[] b = v.getBytes(StandardCharsets.UTF_8);
        encoder(column, TypeId.STRING, "a string").putBytes(slotOf[column], b, 0, b.length);
    }

    /** A string given as UTF-8 bytes (not validated: the bytes are stored as given). */
    public final void setUtf8(int column, byte[] utf8, int offset, int length) throws IOException {
        encoder(column, TypeId.STRING, "a string").putBytes(slotOf[column], utf8, offset, length);
    }

    public final void setBinary(int column, byte[] v) throws IOException {
        setBinary(column, v, 0, v.length);
    }

    public final void setBinary(int column, byte[] v, int offset, int length) throws IOException {
        encoder(column, TypeId.BINARY, "binary").putBytes(slotOf[column], v, offset, length);
    }

    /**
     * Sets null. On a nullable struct's marker column this makes the struct null: every column
     * below it is then stored as null, whatever was set for it (non-nullable fields included).
     * A non-nullable column refuses it.
     */
    public final void setNull(int column) throws IOException {
        RowEncoder e = encoder(column, null, "null");
        if (!schema.column(column).nullable()) {
            throw new SchemaMismatchException("column '" + schema.column(column).name() + "' is not nullable");
        }
        e.putNull(slotOf[column]);
    }

    /**
     * Sets a value from a Java object: Boolean, Byte, Short, Integer, Long, Float, Double,
     * BigDecimal, LocalDate (or Integer days) for dates, Instant/LocalDateTime (UTC) or Long
     * microseconds for timestamps, LocalDateTime or Long microseconds for timestamps without time
     * zone, String, byte[] or ByteBuffer, a List for a list and a Map for a map (a struct inside
     * them as a Map from field name), or null. Conversions are {@link JavaValues}'.
     */
    public final void setValue(int column, Object v) throws IOException {
        if (v == null) {
            setNull(column);
            return;
        }
        RowEncoder e = encoder(column, null, "a value");
        DataType t = schema.column(column).type();
        String where = "column '" + schema.column(column).name() + "'";
        int slot = slotOf[column];
        switch (t.id()) {
            case BOOLEAN -> e.putBoolean(slot, JavaValues.toBoolean(v, t, where));
            case BYTE -> e.putByte(slot, (byte) JavaValues.toIntegral(v, t, where));
            case SHORT -> e.putShort(slot, (short) JavaValues.toIntegral(v, t, where));
            case INT -> e.putInt(slot, (int) JavaValues.toIntegral(v, t, where));
            case LONG -> e.putLong(slot, JavaValues.toIntegral(v, t, where));
            case FLOAT -> e.putFloat(slot, JavaValues.toFloat(v, t, where));
            case DOUBLE -> e.putDouble(slot, JavaValues.toDouble(v, t, where));
            case DECIMAL -> putUnscaled(e, slot, t, JavaValues.toUnscaled(v, t, where));
            case DATE -> e.putInt(slot, JavaValues.toDays(v, t, where));
            case TIMESTAMP, TIMESTAMP_NTZ -> e.putLong(slot, JavaValues.toMicros(v, t, where));
            case STRING -> {
                byte[] b = JavaValues.toUtf8(v, t, where);
                e.putBytes(slot, b, 0, b.length);
            }
            case BINARY -> {
                byte[] b = JavaValues.toBytes(v, t, where);
                e.putBytes(slot, b, 0, b.length);
            }
            case LIST, MAP -> {
                nested.encode(t, v, where);
                e.putBytes(slot, nested.bytes(), 0, nested.length());
            }
            case STRUCT -> e.putPresent(slot);
        }
    }

    /** A list from Java objects (see {@link #setValue}); null sets null. */
    public final void setList(int column, List<?> v) throws IOException {
        encoder(column, TypeId.LIST, "a list");
        setValue(column, v);
    }

    /** A map from Java objects, entries in its iteration order (see {@link #setValue}); null sets null. */
    public final void setMap(int column, Map<?, ?> v) throws IOException {
        encoder(column, TypeId.MAP, "a map");
        setValue(column, v);
    }

    /**
     * A list or map given as its stored bytes (docs/FORMAT.md §6, "Nested values"), e.g. read
     * from another table with {@link ArrayValue#toByteArray()}: checked against the column's type
     * first, then copied as they are.
     */
    public final void setNestedBytes(int column, byte[] b, int offset, int length) throws IOException {
        RowEncoder e = encoder(column, null, "stored list or map bytes");
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
        e.putBytes(slotOf[column], b, offset, length);
    }

    /** Finishes the current row: unset values become null, then the row is encoded. */
    public final void nextRow() throws IOException {
        if (current == null) {
            openRowGroup();
        }
        checkRoomForRow();
        RowEncoder[] es = encoders;
        ColumnGroupWriter[] gs = current.groups();
        int[] lengths = rowLengths;
        try {
            // Everything that can refuse the row happens before any group writes it.
            nullColumnsBelowNullStructs();
            for (RowEncoder e : es) {
                if (e != null) {
                    e.fillUnset(rows);
                }
            }
            for (int g = 0; g < es.length; g++) {
                lengths[g] = es[g] == null ? 0 : es[g].encodedLength(gs[g].rowsWritten());
            }
        } catch (RuntimeException e) {
            // A refused row must not leave half its values behind for the next row.
            clearStaged();
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
            clearStaged();
            dropRowGroup();
            throw t;
        }
        rows++;
        rowWritten();
    }

    /**
     * A null struct has no fields: the columns below it (in any column group) become null, so
     * readers and filters see null there, as SQL does for a field of a null struct.
     */
    private void nullColumnsBelowNullStructs() {
        for (int k = 0; k < structMarkers.length; k++) {
            int m = structMarkers[k];
            RowEncoder e = encoders[groupOf[m]];
            if (e != null && e.isSet(slotOf[m]) && e.isNull(slotOf[m])) {
                for (int c : belowMarker[k]) {
                    RowEncoder below = encoders[groupOf[c]];
                    if (below != null) {
                        below.putNull(slotOf[c]);
                    }
                }
            }
        }
    }

    /** Forgets the values set since the last row. */
    private void clearStaged() {
        for (RowEncoder e : encoders) {
            if (e != null) {
                e.clear();
            }
        }
    }

    /**
     * Completes the current row group's files and returns it; values set since the last row are
     * discarded, as they go with the row group they were set in.
     */
    final RowGroupWriter finishRowGroup() throws IOException {
        RowGroupWriter rg = current;
        current = null;
        clearStaged();
        rg.finish(options.sync());
        return rg;
    }

    /** Closes and deletes the files of the current row group, if one is open. */
    final void dropRowGroup() {
        if (current != null) {
            current.abort();
            current = null;
        }
    }

    /**
     * Drops everything this writer wrote; nothing of it becomes visible. Whatever cannot be
     * removed now is invisible, and repair or the next commit removes it.
     */
    public final void abort() {
        abortQuietly(null);
    }

    /** {@link #abort()}, adding a failure to remove files to {@code cause} (when given) instead of throwing it. */
    final void abortQuietly(Throwable cause) {
        closed = true;
        dropRowGroup();
        try {
            removeWritten();
        } catch (IOException | RuntimeException e) {
            if (cause != null) {
                cause.addSuppressed(e);
            }
        }
    }
}
