package io.albis.read;

import io.albis.error.CorruptFileException;
import io.albis.error.SchemaMismatchException;
import io.albis.filter.BoundPredicate;
import io.albis.filter.PredicateBinder;
import io.albis.filter.Predicates;
import io.albis.filter.RowValues;
import io.albis.filter.StatsSource;
import io.albis.layout.FileHeader;
import io.albis.row.FixedValues;
import io.albis.row.RowLayout;
import io.albis.schema.Column;
import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.schema.TypeId;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.segment.ColumnStats;
import io.albis.segment.SegmentMetadata;
import io.albis.storage.ReadableFile;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.TreeSet;

/**
 * Reads rows of a table: its row groups in order, only the column groups holding projected or
 * filtered columns, and only the segments whose statistics do not rule the filter out. Rows that
 * remain are checked against the filter one by one, so only matching rows come out.
 *
 * <p>Use as an iterator ({@code hasNext}/{@code next}, the returned row is this reader) or call
 * {@link #advance()}, which throws checked exceptions. Not thread-safe.
 */
public final class AlbisReader implements Closeable, Iterator<AlbisRow>, AlbisRow, RowValues {
    private final AlbisTable table;
    private final Schema schema;
    private final ReadOptions options;
    private final ReadStats stats = new ReadStats();

    /** Table column of each reader column: the projection first, then filter-only columns. */
    private final int[] tableColumn;
    private final int projected;
    private final int[] groupPos;
    private final int[] slot;
    private final int[] fixedOff;
    private final int[] nullByte;
    private final int[] nullMask;
    private final TypeId[] typeId;
    private final DataType[] type;
    private final int[] neededGroups;
    private final RowLayout[] layouts;
    private final BoundPredicate filter;

    private final List<RowGroupRef> queue;
    private int queuePos;

    // Per row group state.
    private final ColumnGroupCursor[] cursorOfGroup;
    private final ColumnGroupCursor[] cur;
    private ColumnGroupCursor[] moving = new ColumnGroupCursor[0];
    private boolean rgOpen;
    private long[] rangeStart;
    private long[] rangeEnd;
    private int range;
    private long pos;
    private long end;
    private boolean positioned;
    private RowGroupRef currentRowGroup;

    /** The first exception that left the cursors in an unknown state; the reader refuses to go on after it. */
    private Throwable failure;
    private boolean fetched;
    private boolean hasRow;
    private byte[] scratch = new byte[64];
    private final BinaryRow binaryRow = new BinaryRow();

    public AlbisReader(AlbisTable table, ReadOptions options) throws IOException {
        this.table = table;
        this.schema = table.schema();
        this.options = options;
        List<Integer> cols = new ArrayList<>();
        if (options.columns() == null) {
            for (Column c : schema.columns()) {
                if (!c.deleted()) {
                    cols.add(c.index());
                }
            }
        } else {
            for (String name : options.columns()) {
                expand(name, cols);
            }
        }
        projected = cols.size();
        // Markers of the nullable structs above projected fields are read too (not returned as
        // columns), so a field of a null struct is seen as such.
        for (int i = 0; i < projected; i++) {
            List<String> path = schema.column(cols.get(i)).path();
            for (int d = 1; d < path.size(); d++) {
                String parent = String.join(".", path.subList(0, d));
                if (schema.hasColumn(parent) && schema.column(schema.columnIndex(parent)).isStructMarker()
                        && !cols.contains(schema.columnIndex(parent))) {
                    cols.add(schema.columnIndex(parent));
                }
            }
        }
        if (options.filter() != null) {
            for (String name : Predicates.columns(options.filter())) {
                int c = liveColumn(name);
                if (!cols.contains(c)) {
                    cols.add(c);
                }
            }
        }
        int n = cols.size();
        tableColumn = cols.stream().mapToInt(Integer::intValue).toArray();
        groupPos = new int[n];
        slot = new int[n];
        fixedOff = new int[n];
        nullByte = new int[n];
        nullMask = new int[n];
        typeId = new TypeId[n];
        type = new DataType[n];
        layouts = new RowLayout[schema.groups().size()];
        TreeSet<Integer> needed = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            int c = tableColumn[i];
            int g = schema.groupOf(c);
            if (layouts[g] == null) {
                layouts[g] = new RowLayout(schema, schema.groups().get(g));
            }
            groupPos[i] = g;
            slot[i] = schema.slotOf(c);
            fixedOff[i] = layouts[g].fixedOffset(slot[i]);
            nullByte[i] = layouts[g].nullByte(slot[i]);
            nullMask[i] = RowLayout.nullMask(slot[i]);
            type[i] = schema.column(c).type();
            typeId[i] = type[i].id();
            needed.add(g);
        }
        neededGroups = needed.stream().mapToInt(Integer::intValue).toArray();
        cursorOfGroup = new ColumnGroupCursor[schema.groups().size()];
        cur = new ColumnGroupCursor[n];
        filter = options.filter() == null ? null : PredicateBinder.bind(options.filter(), new PredicateBinder.Columns() {
            @Override
            public int resolve(String name) {
                int c = liveColumn(name);
                for (int i = 0; i < tableColumn.length; i++) {
                    if (tableColumn[i] == c) {
                        return i;
                    }
                }
                throw new IllegalStateException("filter column " + name + " not read");
            }

            @Override
            public DataType type(int column) {
                return type[column];
            }
        });
        if (options.rowGroups() == null) {
            queue = table.rowGroups();
        } else {
            queue = new ArrayList<>();
            for (int index : options.rowGroups()) {
                queue.add(table.rowGroup(index));
            }
        }
    }

    private int liveColumn(String name) {
        int c = schema.columnIndex(name);
        if (schema.column(c).isStructMarker()) {
            throw new SchemaMismatchException("'" + name + "' is a struct; filter on its fields");
        }
        return c;
    }

    /** A leaf name adds itself; a struct name adds its marker (if any) and all its leaves. */
    private void expand(String name, List<Integer> out) {
        boolean found = false;
        for (Column c : schema.columns()) {
            if (!c.deleted() && (c.name().equals(name) || c.name().startsWith(name + "."))) {
                if (!out.contains(c.index())) {
                    out.add(c.index());
                }
                found = true;
            }
        }
        if (!found) {
            throw new SchemaMismatchException("no column named '" + name + "'; columns are " + schema.liveColumnNames());
        }
    }

    public Schema schema() {
        return schema;
    }

    public ReadStats stats() {
        return stats;
    }

    /** The table column behind reader column {@code i}. */
    public Column column(int i) {
        return schema.column(tableColumn[i]);
    }

    @Override
    public int columnCount() {
        return projected;
    }

    /** The row group of the current row. */
    public RowGroupRef currentRowGroup() {
        return currentRowGroup;
    }

    // ------------------------------------------------------------------ iteration

    @Override
    public boolean hasNext() {
        if (!fetched) {
            try {
                hasRow = advance();
            } catch (CorruptFileException e) {
                throw new CorruptDataException(e);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            fetched = true;
        }
        return hasRow;
    }

    @Override
    public AlbisRow next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        fetched = false;
        return this;
    }

    /** Moves to the next matching row; false at the end. */
    public boolean advance() throws IOException {
        try {
            // Hot path kept small so the JIT inlines it: the next row of the current range.
            if (positioned && pos < end) {
                ColumnGroupCursor[] m = moving;
                for (int i = 0; i < m.length; i++) {
                    m[i].advance();
                }
                pos++;
                if (filter == null || filter.test(this)) {
                    return true;
                }
            }
            return advanceSlow();
        } catch (Throwable t) {
            // Cursors may have moved unevenly: going on could pair rows of different column groups.
            fail(t);
            throw t;
        }
    }

    private void fail(Throwable t) {
        if (failure == null) {
            failure = t;
        }
        positioned = false;
        end = pos;
    }

    private void checkNotFailed() {
        if (failure != null) {
            throw new IllegalStateException("this reader failed earlier and cannot go on; open a new one", failure);
        }
    }

    /**
     * Moves past the next run of consecutive matching rows and describes it per column group in
     * {@code runs} (indexed by group position; entries for groups not read are left alone).
     * Returns the number of rows in the run, 0 at the end. A run never crosses a segment, so it
     * is a slice of each group's segment buffer. Do not mix with {@link #advance()} on one reader.
     */
    public int nextRun(RowRun[] runs) throws IOException {
        return nextRun(runs, Integer.MAX_VALUE);
    }

    /** As {@link #nextRun(RowRun[])}, with at most {@code maxRows} rows. */
    public int nextRun(RowRun[] runs, int maxRows) throws IOException {
        if (maxRows < 1) {
            throw new IllegalArgumentException("maxRows must be positive");
        }
        if (!advance()) {
            return 0;
        }
        if (filter != null) {
            return nextFilteredRun(runs, maxRows);
        }
        // From the current row (pos - 1) to the end of the range or of any group's segment.
        long n = Math.min(end - pos + 1, maxRows);
        for (ColumnGroupCursor c : moving) {
            n = Math.min(n, c.rowsLeftInSegment());
        }
        int count = (int) n;
        try {
            for (int g : neededGroups) {
                cursorOfGroup[g].fillRun(runs[g], count);
            }
        } catch (Throwable t) {
            fail(t);
            throw t;
        }
        pos += count - 1;
        return count;
    }

    /**
     * From the current (matching) row, extends the run while the following rows of the same
     * segments match. The first row that does not match ends the run; it is consumed, which is
     * right, since it would never be returned.
     */
    private int nextFilteredRun(RowRun[] runs, int maxRows) throws IOException {
        int count = 1;
        try {
            for (int g : neededGroups) {
                cursorOfGroup[g].startRun(runs[g]);
            }
            ColumnGroupCursor[] m = moving;
            while (count < maxRows && pos < end && allHaveNextInSegment(m)) {
                for (ColumnGroupCursor c : m) {
                    c.advance();
                }
                pos++;
                if (!filter.test(this)) {
                    break;
                }
                for (int g : neededGroups) {
                    cursorOfGroup[g].extendRun(runs[g]);
                }
                count++;
            }
        } catch (Throwable t) {
            fail(t);
            throw t;
        }
        return count;
    }

    private static boolean allHaveNextInSegment(ColumnGroupCursor[] cursors) {
        for (ColumnGroupCursor c : cursors) {
            if (c.rowsLeftInSegment() <= 1) {
                return false;
            }
        }
        return true;
    }

    private boolean advanceSlow() throws IOException {
        checkNotFailed();
        for (;;) {
            if (!rgOpen) {
                if (!openNextRowGroup()) {
                    return false;
                }
                continue;
            }
            if (pos < end) {
                if (positioned) {
                    for (ColumnGroupCursor c : moving) {
                        c.advance();
                    }
                } else {
                    for (ColumnGroupCursor c : moving) {
                        c.seek(pos);
                    }
                    positioned = true;
                }
                pos++;
                if (filter == null || filter.test(this)) {
                    return true;
                }
                continue;
            }
            if (++range < rangeStart.length) {
                pos = rangeStart[range];
                end = rangeEnd[range];
                positioned = false;
            } else {
                closeRowGroup();
            }
        }
    }

    private boolean openNextRowGroup() throws IOException {
        if (queuePos >= queue.size()) {
            return false;
        }
        RowGroupRef rg = queue.get(queuePos++);
        currentRowGroup = rg;
        Set<Integer> present = table.presentGroups(rg);
        ColumnGroupMetadata[] metas = new ColumnGroupMetadata[cursorOfGroup.length];
        long rows = -1;
        for (int g : neededGroups) {
            ColumnGroup group = schema.groups().get(g);
            metas[g] = table.metadata(rg, group, present);
            if (rows >= 0 && metas[g].rowCount() != rows) {
                throw new CorruptFileException(table.metadataPath(rg, group), -1, "holds " + metas[g].rowCount()
                        + " rows but other column groups of the row group hold " + rows);
            }
            rows = metas[g].rowCount();
        }
        if (neededGroups.length == 0) {
            rows = table.rowCount(rg); // nothing projected (e.g. count(*)): rows still count
        }
        computeRanges(metas, rows);
        List<ColumnGroupCursor> mv = new ArrayList<>();
        try {
            for (int g : neededGroups) {
                ColumnGroup group = schema.groups().get(g);
                if (rangeStart.length == 0) {
                    // Nothing to read in this row group: no file is opened.
                    cursorOfGroup[g] = ColumnGroupCursor.idle(layouts[g]);
                    continue;
                }
                String dataPath = table.dataPath(rg, group);
                ReadableFile f = table.storage().open(dataPath);
                try {
                    long len = f.length();
                    if (len != metas[g].dataLength()) {
                        throw new CorruptFileException(dataPath, len, "data file is " + len
                                + " bytes but its metadata says " + metas[g].dataLength()
                                + (len < metas[g].dataLength() ? " (truncated)" : ""));
                    }
                    ByteBuffer header = ByteBuffer.allocate(FileHeader.LENGTH);
                    f.readFully(0, header);
                    FileHeader.checkDataFile(header, metas[g].version(), dataPath);
                    cursorOfGroup[g] = new ColumnGroupCursor(layouts[g], metas[g], f, options.allocator(),
                            options.verifyChecksums(), stats);
                } catch (Throwable e) {
                    f.close();
                    throw e;
                }
                mv.add(cursorOfGroup[g]);
            }
        } catch (Throwable e) {
            closeCursorsQuietly(e);
            throw e;
        }
        moving = mv.toArray(new ColumnGroupCursor[0]);
        for (int i = 0; i < cur.length; i++) {
            cur[i] = cursorOfGroup[groupPos[i]];
        }
        rgOpen = true;
        stats.rowGroupsRead++;
        range = 0;
        positioned = false;
        if (rangeStart.length == 0) {
            pos = end = 0;
        } else {
            pos = rangeStart[0];
            end = rangeEnd[0];
        }
        return true;
    }

    /**
     * Splits the row group at every segment boundary of the filtered column groups and keeps the
     * stretches whose statistics allow a match, merged into row ranges.
     */
    private void computeRanges(ColumnGroupMetadata[] metas, long rows) {
        if (filter == null || rows == 0) {
            rangeStart = rows == 0 ? new long[0] : new long[] {0};
            rangeEnd = rows == 0 ? new long[0] : new long[] {rows};
            return;
        }
        Set<Integer> fcols = new HashSet<>();
        filter.columns(fcols);
        TreeSet<Long> cuts = new TreeSet<>();
        cuts.add(0L);
        cuts.add(rows);
        for (int rc : fcols) {
            for (SegmentMetadata s : metas[groupPos[rc]].segments()) {
                cuts.add(s.firstRow());
            }
        }
        List<long[]> kept = new ArrayList<>();
        Long prev = null;
        for (long cut : cuts) {
            if (prev != null) {
                long a = prev;
                StatsSource src = new StatsSource() {
                    @Override
                    public ColumnStats stats(int column) {
                        ColumnGroupMetadata m = metas[groupPos[column]];
                        return m.segments().get(m.segmentOfRow(a)).stats(slot[column]);
                    }

                    @Override
                    public long rows(int column) {
                        ColumnGroupMetadata m = metas[groupPos[column]];
                        return m.segments().get(m.segmentOfRow(a)).rowCount();
                    }
                };
                if (filter.mayMatch(src)) {
                    if (!kept.isEmpty() && kept.get(kept.size() - 1)[1] == a) {
                        kept.get(kept.size() - 1)[1] = cut;
                    } else {
                        kept.add(new long[] {a, cut});
                    }
                }
            }
            prev = cut;
        }
        rangeStart = kept.stream().mapToLong(r -> r[0]).toArray();
        rangeEnd = kept.stream().mapToLong(r -> r[1]).toArray();
        for (int g : neededGroups) {
            for (SegmentMetadata s : metas[g].segments()) {
                if (!overlaps(s.firstRow(), s.endRow())) {
                    stats.segmentsSkipped++;
                }
            }
        }
    }

    private boolean overlaps(long a, long b) {
        for (int i = 0; i < rangeStart.length; i++) {
            if (rangeStart[i] < b && a < rangeEnd[i]) {
                return true;
            }
        }
        return false;
    }

    /** Closing the cursors returns their buffers, which the next row group's cursors take back from the pool. */
    private void closeRowGroup() throws IOException {
        rgOpen = false;
        closeCursors();
    }

    private void closeCursorsQuietly(Throwable cause) {
        try {
            closeCursors();
        } catch (IOException e) {
            cause.addSuppressed(e);
        }
    }

    private void closeCursors() throws IOException {
        IOException first = null;
        for (int g = 0; g < cursorOfGroup.length; g++) {
            if (cursorOfGroup[g] != null) {
                try {
                    cursorOfGroup[g].close();
                } catch (IOException e) {
                    first = first == null ? e : first;
                }
                cursorOfGroup[g] = null;
            }
        }
        moving = new ColumnGroupCursor[0];
        if (first != null) {
            throw first;
        }
    }

    @Override
    public void close() throws IOException {
        rgOpen = false;
        queuePos = queue.size();
        closeCursors();
    }

    // ------------------------------------------------------------------ values

    @Override
    public boolean isNull(int i) {
        ColumnGroupCursor c = cur[i];
        return (c.buf.get(c.base + nullByte[i]) & nullMask[i]) != 0;
    }

    @Override
    public boolean getBoolean(int i) {
        ColumnGroupCursor c = cur[i];
        return c.buf.get(c.base + fixedOff[i]) != 0;
    }

    @Override
    public byte getByte(int i) {
        ColumnGroupCursor c = cur[i];
        return c.buf.get(c.base + fixedOff[i]);
    }

    @Override
    public short getShort(int i) {
        ColumnGroupCursor c = cur[i];
        return c.buf.getShort(c.base + fixedOff[i]);
    }

    @Override
    public int getInt(int i) {
        ColumnGroupCursor c = cur[i];
        return c.buf.getInt(c.base + fixedOff[i]);
    }

    @Override
    public long getLong(int i) {
        ColumnGroupCursor c = cur[i];
        return c.buf.getLong(c.base + fixedOff[i]);
    }

    @Override
    public float getFloat(int i) {
        ColumnGroupCursor c = cur[i];
        return c.buf.getFloat(c.base + fixedOff[i]);
    }

    @Override
    public double getDouble(int i) {
        ColumnGroupCursor c = cur[i];
        return c.buf.getDouble(c.base + fixedOff[i]);
    }

    @Override
    public int getDate(int i) {
        return getInt(i);
    }

    @Override
    public long getTimestampMicros(int i) {
        return getLong(i);
    }

    @Override
    public long getDecimalUnscaled(int i) {
        if (type[i].isWideDecimal()) {
            long high = wideHigh(i);
            long low = wideLow(i);
            if (high != (low >> 63)) {
                throw new ArithmeticException("decimal value of column " + column(i).name() + " does not fit a long");
            }
            return low;
        }
        return getLong(i);
    }

    @Override
    public BigDecimal getDecimal(int i) {
        if (isNull(i)) {
            return null;
        }
        BigInteger unscaled = type[i].isWideDecimal()
                ? BigInteger.valueOf(wideHigh(i)).shiftLeft(64).or(new BigInteger(Long.toUnsignedString(wideLow(i))))
                : BigInteger.valueOf(getLong(i));
        return new BigDecimal(unscaled, type[i].scale());
    }

    @Override
    public long wideHigh(int i) {
        ColumnGroupCursor c = cur[i];
        return c.buf.getLong(c.base + fixedOff[i] + 8);
    }

    @Override
    public long wideLow(int i) {
        ColumnGroupCursor c = cur[i];
        return c.buf.getLong(c.base + fixedOff[i]);
    }

    /** Offset (in the cursor's buffer) of a variable value, checked against its row. */
    private int variableStart(int i, ColumnGroupCursor c) {
        long packed = c.buf.getLong(c.base + fixedOff[i]);
        int off = RowLayout.offsetOf(packed);
        int size = RowLayout.sizeOf(packed);
        c.checkVariable(off, size, slot[i]);
        return c.base + off;
    }

    @Override
    public int getBytesLength(int i) {
        if (isNull(i)) {
            return 0;
        }
        ColumnGroupCursor c = cur[i];
        variableStart(i, c);
        return RowLayout.sizeOf(c.buf.getLong(c.base + fixedOff[i]));
    }

    @Override
    public int copyBytes(int i, byte[] dst, int offset) {
        if (isNull(i)) {
            return 0;
        }
        ColumnGroupCursor c = cur[i];
        int start = variableStart(i, c);
        int size = RowLayout.sizeOf(c.buf.getLong(c.base + fixedOff[i]));
        c.buf.get(start, dst, offset, size);
        return size;
    }

    @Override
    public String getString(int i) {
        if (isNull(i)) {
            return null;
        }
        int size = getBytesLength(i);
        if (scratch.length < size) {
            scratch = new byte[Math.max(size, scratch.length * 2)];
        }
        copyBytes(i, scratch, 0);
        return new String(scratch, 0, size, StandardCharsets.UTF_8);
    }

    @Override
    public byte[] getBinary(int i) {
        if (isNull(i)) {
            return null;
        }
        byte[] b = new byte[getBytesLength(i)];
        copyBytes(i, b, 0);
        return b;
    }

    @Override
    public Object getValue(int i) {
        if (isNull(i)) {
            return null;
        }
        return switch (typeId[i]) {
            case BOOLEAN -> getBoolean(i);
            case BYTE -> getByte(i);
            case SHORT -> getShort(i);
            case INT -> getInt(i);
            case LONG -> getLong(i);
            case FLOAT -> getFloat(i);
            case DOUBLE -> getDouble(i);
            case DECIMAL -> getDecimal(i);
            case DATE -> LocalDate.ofEpochDay(getDate(i));
            case TIMESTAMP -> Instant.EPOCH.plus(getTimestampMicros(i), ChronoUnit.MICROS);
            case STRING -> getString(i);
            case BINARY -> getBinary(i);
            case STRUCT -> Boolean.TRUE;
        };
    }

    /**
     * The projected values as nested maps, structs rebuilt from the flattened columns: keys are
     * field names in schema order; a null struct is null.
     */
    public Map<String, Object> toNestedMap() {
        Set<List<String>> nullStructs = new HashSet<>();
        for (int i = 0; i < tableColumn.length; i++) {
            if (column(i).isStructMarker() && isNull(i)) {
                nullStructs.add(column(i).path());
            }
        }
        Map<String, Object> root = new LinkedHashMap<>();
        for (int i = 0; i < projected; i++) {
            Column c = column(i);
            List<String> path = c.path();
            int nullDepth = 0;
            for (int d = 1; d <= path.size() && nullDepth == 0; d++) {
                if (nullStructs.contains(path.subList(0, d))) {
                    nullDepth = d;
                }
            }
            int depth = nullDepth > 0 ? nullDepth : path.size();
            Map<String, Object> parent = root;
            for (int d = 0; d < depth - 1; d++) {
                @SuppressWarnings("unchecked")
                Map<String, Object> child = (Map<String, Object>) parent.computeIfAbsent(path.get(d),
                        k -> new LinkedHashMap<>());
                parent = child;
            }
            String key = path.get(depth - 1);
            if (nullDepth > 0) {
                parent.put(key, null);
            } else if (c.isStructMarker()) {
                parent.computeIfAbsent(key, k -> new LinkedHashMap<>());
            } else {
                parent.put(key, getValue(i));
            }
        }
        return root;
    }

    // ------------------------------------------------------------------ binary API

    /** The column groups this reader reads, by position in the schema's group list. */
    public int[] readGroups() {
        return neededGroups.clone();
    }

    /**
     * The encoded row of the only column group being read (a view, valid until the reader moves).
     * When several groups are read use {@link #getBinaryRow(int)}.
     */
    public BinaryRow getBinaryRow() {
        if (neededGroups.length != 1) {
            throw new IllegalStateException("this reader reads " + neededGroups.length
                    + " column groups; ask for one with getBinaryRow(group)");
        }
        return getBinaryRow(neededGroups[0]);
    }

    /** The encoded row of the column group at {@code groupPosition} in the schema's group list. */
    public BinaryRow getBinaryRow(int groupPosition) {
        ColumnGroupCursor c = cursorOfGroup[groupPosition];
        if (c == null) {
            throw new IllegalArgumentException("column group " + groupPosition + " is not being read");
        }
        binaryRow.set(c.view, c.base, c.rowLen, c.layout);
        return binaryRow;
    }

    /** A copy of the encoded row of the only column group being read, as in the paper's API. */
    public byte[] copyBinaryRow() {
        return getBinaryRow().toByteArray();
    }

    /** One {@link RowRun} per column group position, for {@link #nextRun}. */
    public RowRun[] newRuns() {
        RowRun[] runs = new RowRun[cursorOfGroup.length];
        for (int g : neededGroups) {
            runs[g] = new RowRun();
        }
        return runs;
    }

    /**
     * Fills {@code batch} with up to its capacity of the next matching rows, column by column
     * into primitive arrays (the vector interface for engines). Returns the rows filled, 0 at the end.
     */
    public int nextBatch(ColumnBatch batch) throws IOException {
        if (batchRuns == null) {
            batchRuns = newRuns();
        }
        batch.reset();
        int filled = 0;
        while (filled < batch.capacity()) {
            int n = nextRun(batchRuns, batch.capacity() - filled);
            if (n == 0) {
                break;
            }
            for (int i = 0; i < projected; i++) {
                batch.column(i).fill(batchRuns[groupPos[i]], n, filled, fixedOff[i], nullByte[i], nullMask[i], slot[i],
                        cur[i].path());
            }
            filled += n;
        }
        batch.setSize(filled);
        return filled;
    }

    private RowRun[] batchRuns;

    /** The types of the projected columns, to size a {@link ColumnBatch}. */
    public List<DataType> projectedTypes() {
        List<DataType> types = new ArrayList<>(projected);
        for (int i = 0; i < projected; i++) {
            types.add(type[i]);
        }
        return types;
    }

    // ------------------------------------------------------------------ filter support

    @Override
    public long longValue(int i) {
        ColumnGroupCursor c = cur[i];
        return FixedValues.asLong(c.buf, c.base + fixedOff[i], typeId[i]);
    }

    @Override
    public double doubleValue(int i) {
        ColumnGroupCursor c = cur[i];
        return FixedValues.asDouble(c.buf, c.base + fixedOff[i], typeId[i]);
    }

    @Override
    public int compareBytes(int i, byte[] literal) {
        ColumnGroupCursor c = cur[i];
        int start = variableStart(i, c);
        int size = RowLayout.sizeOf(c.buf.getLong(c.base + fixedOff[i]));
        int n = Math.min(size, literal.length);
        for (int k = 0; k < n; k++) {
            int d = Integer.compare(c.buf.get(start + k) & 0xff, literal[k] & 0xff);
            if (d != 0) {
                return d;
            }
        }
        return Integer.compare(size, literal.length);
    }

    @Override
    public String toString() {
        return "AlbisReader[" + table.path() + ", columns=" + Arrays.toString(tableColumn) + "]";
    }
}
