package io.albis.spark.write;

import io.albis.error.InvalidOptionException;
import io.albis.spark.table.HadoopPaths;
import io.albis.write.AlbisWriter;
import io.albis.write.PartitionedTaskWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.execution.datasources.OutputWriter;

/**
 * What Spark calls an output file: here the rows one task attempt writes into one partition of
 * the table, the directory of the path Spark names relative to the table (none for an
 * unpartitioned write; the file name itself is not used, Albis names its row groups,
 * docs/FORMAT.md §1). Closing it ends its last row group, so every output file Spark cuts
 * ({@code maxRecordsPerFile}) is whole row groups; the rows become part of the table when the
 * task commits and visible when the job commits ({@link AlbisOutputCommitter}).
 */
final class AlbisOutputWriter extends OutputWriter {
    private final String path;
    private final PartitionedTaskWriter task;
    private final String partition;
    private final AlbisWriter writer;
    private final InternalRowWriter rows;

    AlbisOutputWriter(String path, TaskAttemptContext context) {
        this.path = path;
        try {
            TaskWriters.TaskWriter attempt = TaskWriters.of(context);
            this.task = attempt.task();
            this.partition = partitionOf(attempt.table(), path);
            this.writer = task.writer(partition);
            this.rows = attempt.rows();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The partition directory of {@code file} relative to {@code table}. Spark names the files of a
     * partitioned write {@code <table>/<k=v…>/<file>}, also in a dynamic partition overwrite (with
     * a committer that is not a file output committer, nothing is staged).
     */
    private static String partitionOf(String table, String file) {
        String dir = HadoopPaths.storagePath(new Path(file).getParent());
        if (dir.equals(table)) {
            return "";
        }
        if (!dir.startsWith(table + "/")) {
            throw new InvalidOptionException("Spark asked to write " + file + ", outside the table " + table
                    + ": a partition of an Albis table is a key=value directory in it, not a location of its own");
        }
        return dir.substring(table.length() + 1);
    }

    @Override
    public void write(InternalRow row) {
        try {
            rows.write(row, writer);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            task.endPartition(partition);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String path() {
        return path;
    }
}
