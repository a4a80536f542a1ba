package io.albis.spark.write;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.spark.sql.execution.datasources.OutputWriter;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.types.StructType;

/**
 * Makes an {@link AlbisOutputWriter} for every output file Spark opens; when the write has a sort
 * order, one that sorts the file's rows first ({@link SortedOutputWriter}), so a write without one
 * hands each row straight to the table as before.
 */
final class AlbisOutputWriterFactory extends OutputWriterFactory {
    private static final long serialVersionUID = 1L;

    @Override
    public String getFileExtension(TaskAttemptContext context) {
        return ".albis";
    }

    @Override
    public OutputWriter newInstance(String path, StructType dataSchema, TaskAttemptContext context) {
        AlbisOutputWriter out = new AlbisOutputWriter(path, context);
        try {
            WriteOrder order = TaskWriters.of(context).order(); // the attempt's writer, which out opened
            return order.sorts() ? new SortedOutputWriter(out, new RowSorter(dataSchema, order.columns())) : out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
