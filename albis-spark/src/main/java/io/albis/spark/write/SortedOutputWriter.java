package io.albis.spark.write;

import java.util.Iterator;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.OutputWriter;

/**
 * An output file of a V1 write with a sort order ({@link WriteOrder}): Spark does not sort the
 * rows it hands a {@code FileFormat} by anything but their partition, so this writer gathers the
 * file's rows in a {@link RowSorter} and, when Spark closes the file, hands them in order to the
 * {@link AlbisOutputWriter} underneath, which cuts them into row groups as usual. A V2 write gets
 * the same order from Spark's own sort ({@link AlbisWriteBuilder}).
 */
final class SortedOutputWriter extends OutputWriter {
    private final AlbisOutputWriter out;
    private final RowSorter rows;

    SortedOutputWriter(AlbisOutputWriter out, RowSorter rows) {
        this.out = out;
        this.rows = rows;
    }

    @Override
    public void write(InternalRow row) {
        rows.insert(row);
    }

    /**
     * Writes the rows in order and ends the file. Spark also closes the files of a task that
     * failed, before it aborts the task: those rows are dropped unsorted, since the abort removes
     * whatever the task wrote.
     */
    @Override
    public void close() {
        try {
            TaskContext task = TaskContext.get();
            if (task == null || !task.isFailed()) {
                Iterator<InternalRow> sorted = rows.sorted();
                while (sorted.hasNext()) {
                    out.write(sorted.next());
                }
            }
        } finally {
            rows.release();
        }
        out.close();
    }

    @Override
    public String path() {
        return out.path();
    }
}
