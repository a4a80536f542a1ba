package io.albis.spark.read;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.PriorityQueue;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The top {@code n} rows of one row group by an order: a top-N (ORDER BY … LIMIT n) Spark pushes
 * into the scan and finishes itself over the tasks' rows. The task reads every row the filters
 * keep and holds the best {@code n} seen so far in a heap whose head is the worst of them; a row
 * is compared with that head where it lies (in the batch, or the row path's reused row) and
 * copied only when it enters. Of rows the order ties, any may be kept, as in Spark's own top-N.
 */
final class TopRows {
    private final PriorityQueue<UnsafeRow> best;
    private final Comparator<InternalRow> order;
    private final int n;
    private final UnsafeProjection copy;

    private TopRows(Comparator<InternalRow> order, int n, UnsafeProjection copy) {
        this.best = new PriorityQueue<>(Math.max(1, Math.min(n, 1024)), order.reversed());
        this.order = order;
        this.n = n;
        this.copy = copy;
    }

    /** The top {@code n} of the rows of {@code batches} by {@code order}, in that order; {@code copy} makes rows Spark may keep. */
    static List<InternalRow> ofBatches(Iterator<ColumnarBatch> batches, Comparator<InternalRow> order, int n,
            UnsafeProjection copy) {
        TopRows top = new TopRows(order, n, copy);
        while (batches.hasNext()) {
            ColumnarBatch b = batches.next();
            for (int r = 0, rows = b.numRows(); r < rows; r++) {
                top.offer(b.getRow(r));
            }
        }
        return top.sorted();
    }

    /** The top {@code n} of {@code rows} by {@code order}, in that order. */
    static List<InternalRow> ofRows(Iterator<InternalRow> rows, Comparator<InternalRow> order, int n,
            UnsafeProjection copy) {
        TopRows top = new TopRows(order, n, copy);
        while (rows.hasNext()) {
            top.offer(rows.next());
        }
        return top.sorted();
    }

    private void offer(InternalRow r) {
        if (best.size() < n) {
            best.add(copy.apply(r).copy());
        } else if (n > 0 && order.compare(r, best.peek()) < 0) {
            best.poll();
            best.add(copy.apply(r).copy());
        }
    }

    private List<InternalRow> sorted() {
        List<InternalRow> rows = new ArrayList<>(best);
        rows.sort(order);
        return rows;
    }
}
