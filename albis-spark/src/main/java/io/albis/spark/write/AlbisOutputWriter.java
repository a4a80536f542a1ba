package io.albis.spark.write;

import io.albis.spark.table.HadoopPaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.OutputWriter;

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

    AlbisOutputWriter(String path, TaskAttemptContext context) {
        this.path = path;
        SparkWriteJob job = SparkWriteJob.of(context.getConfiguration());
        String table = HadoopPaths.storagePath(new Path(path).getParent());
        try {
            this.writer = TaskWriters.forTable(context, job, table);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void write(InternalRow row) {
        try {
            writer.rows().write(row, writer.writer());
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
