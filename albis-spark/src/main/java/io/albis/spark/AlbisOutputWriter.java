package io.albis.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.execution.datasources.OutputWriter;
import org.apache.spark.sql.types.StructType;

/**
 * What Spark calls an output file: here the rows one task attempt writes into one table (the
 * parent directory of the path Spark names; the file name itself is not used, Albis names its row
 * groups, docs/FORMAT.md §1). Closing it ends its last row group, so every output file Spark cuts
 * ({@code maxRecordsPerFile}) is whole row groups; the rows become part of the table when the
 * task commits and visible when the job commits ({@link AlbisOutputCommitter}).
 */
final class AlbisOutputWriter extends OutputWriter {
    private final String path;
    private final TaskWriters.TableWriter writer;
    private final StructType dataSchema;
    /** Made on the first row that is not an UnsafeRow (generated code: most writers never need it). */
    private UnsafeProjection toUnsafe;

    AlbisOutputWriter(String path, StructType dataSchema, TaskAttemptContext context) {
        this.path = path;
        SparkWriteJob job = SparkWriteJob.of(context.getConfiguration());
        String table = RowGroupFile.storagePath(new Path(path).getParent());
        try {
            this.writer = TaskWriters.forTable(context, job, table);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.dataSchema = dataSchema;
    }

    @Override
    public void write(InternalRow row) {
        // Lists, maps and short decimals are read from the UnsafeRow layout, which Spark's write
        // path usually hands over already; other rows are projected into it first.
        InternalRow r = row;
        if (!(row instanceof UnsafeRow)) {
            if (toUnsafe == null) {
                toUnsafe = UnsafeProjection.create(dataSchema);
            }
            r = toUnsafe.apply(row);
        }
        try {
            writer.rows().write(r, writer.writer());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            writer.writer().endRowGroup();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String path() {
        return path;
    }
}
