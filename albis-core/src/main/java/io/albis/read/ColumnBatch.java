package io.albis.read;

import io.albis.schema.DataType;
import java.util.List;

/** Up to {@link #capacity()} rows of a reader's projected columns, one {@link BatchColumn} each. */
public final class ColumnBatch {
    private final BatchColumn[] columns;
    private final int capacity;
    private int size;

    public ColumnBatch(List<DataType> types, int capacity) {
        if (capacity < 1) {
            throw new io.albis.error.InvalidOptionException("batch capacity must be at least 1, got " + capacity);
        }
        this.capacity = capacity;
        this.columns = new BatchColumn[types.size()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = new BatchColumn(types.get(i), capacity);
        }
    }

    /** A batch shaped for a reader's projection. */
    public static ColumnBatch forReader(RunReader reader, int capacity) {
        return new ColumnBatch(reader.projectedTypes(), capacity);
    }

    public int capacity() {
        return capacity;
    }

    /** Rows filled by the last {@link AlbisReader#nextBatch}. */
    public int size() {
        return size;
    }

    void setSize(int n) {
        size = n;
    }

    void reset() {
        size = 0;
        for (BatchColumn c : columns) {
            c.reset();
        }
    }

    public int columnCount() {
        return columns.length;
    }

    public BatchColumn column(int i) {
        return columns[i];
    }
}
