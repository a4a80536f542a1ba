package io.albis.spark.read;

import java.io.Closeable;
import java.io.IOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A LIMIT Spark pushes into the scan (and applies again over the tasks' rows): a task hands out
 * at most {@code limit} rows, as rows or as batches (the last one cut to the rows left), then
 * stops reading and closes its reader, so the segments after them are never loaded. Rows are
 * counted after the filters, which the reader applies.
 *
 * @param <T> {@code InternalRow} or {@code ColumnarBatch}
 */
final class LimitedReads<T> implements Iterator<T>, Closeable {
    private final Iterator<T> values;
    private final Closeable source;
    private long left;

    /** The first {@code limit} rows of {@code values}, which {@code source} reads. */
    LimitedReads(Iterator<T> values, Closeable source, int limit) {
        this.values = values;
        this.source = source;
        this.left = limit;
    }

    @Override
    public boolean hasNext() {
        if (left > 0 && values.hasNext()) {
            return true;
        }
        RowGroupRows.closeReader(source);
        return false;
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        T v = values.next();
        if (v instanceof ColumnarBatch b) {
            if (b.numRows() > left) {
                b.setNumRows((int) left);
            }
            left -= b.numRows();
        } else {
            left--;
        }
        return v;
    }

    @Override
    public void close() throws IOException {
        source.close();
    }
}
