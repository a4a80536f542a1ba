package io.albis.bench.format.parquet;

import io.albis.bench.format.peer.Tally;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.RecordMaterializer;
import org.apache.parquet.schema.MessageType;

/**
 * parquet-java's record path without records: the converters add values into a {@link PendingRow},
 * and {@link #getCurrentRecord()}, which parquet-java calls once per record it keeps, counts the
 * row when its filter value matches. The "record" returned is this object, never a row copy.
 */
final class ChecksumMaterializer extends RecordMaterializer<Object> {
    private final PendingRow row = new PendingRow();
    private final Root root;
    private final int projectedColumns;
    private final boolean filtered;
    private final long filterMax;
    /** Ascending, for a key filter; null for {@code <= filterMax}. */
    private final long[] filterKeys;
    private long rows;
    private long sum;
    private long bytes;
    private long nulls;

    /**
     * @param requested  the requested schema (flat), projected columns and the filter column
     * @param projected  the requested columns whose values count
     * @param filter     the filter column, or null
     * @param filterKeys the keys of a key filter, ascending, or null for {@code filter <= filterMax}
     */
    ChecksumMaterializer(MessageType requested, List<String> projected, String filter, long filterMax,
            long[] filterKeys, Path file) throws IOException {
        Converter[] children = new Converter[requested.getFieldCount()];
        for (int i = 0; i < children.length; i++) {
            String name = requested.getFieldName(i);
            children[i] = ChecksumConverters.of(requested.getType(i).asPrimitiveType(), projected.contains(name),
                    name.equals(filter), row, file);
        }
        this.root = new Root(children, row);
        this.projectedColumns = projected.size();
        this.filtered = filter != null;
        this.filterMax = filterMax;
        this.filterKeys = filterKeys;
    }

    @Override
    public Object getCurrentRecord() {
        if (!filtered || row.filterSeen && matches(row.filterValue)) {
            rows++;
            sum += row.sum;
            bytes += row.bytes;
            nulls += projectedColumns - row.values;
        }
        // Counted once: parquet-java calls this once per record, and the next record resets the row.
        row.reset();
        return this;
    }

    /** The strict check of a record parquet-java's filter kept: only records that match are counted. */
    private boolean matches(long value) {
        return filterKeys == null ? value <= filterMax : Arrays.binarySearch(filterKeys, value) >= 0;
    }

    @Override
    public GroupConverter getRootConverter() {
        return root;
    }

    /** Adds what was counted to the thread's totals. */
    void addTo(Tally t) {
        t.addRows(rows);
        t.add(sum, bytes, nulls);
        rows = 0;
        sum = 0;
        bytes = 0;
        nulls = 0;
    }

    private static final class Root extends GroupConverter {
        private final Converter[] children;
        private final PendingRow row;

        Root(Converter[] children, PendingRow row) {
            this.children = children;
            this.row = row;
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return children[fieldIndex];
        }

        @Override
        public void start() {
            row.reset();
        }

        @Override
        public void end() {
            // The row is counted in getCurrentRecord, after parquet-java's filter has decided.
        }
    }
}
