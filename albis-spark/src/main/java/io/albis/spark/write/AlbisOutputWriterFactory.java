package io.albis.spark.write;

import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.spark.sql.execution.datasources.OutputWriter;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.types.StructType;

/** Makes an {@link AlbisOutputWriter} for every output file Spark opens. */
final class AlbisOutputWriterFactory extends OutputWriterFactory {
    private static final long serialVersionUID = 1L;

    @Override
    public String getFileExtension(TaskAttemptContext context) {
        return ".albis";
    }

    @Override
    public OutputWriter newInstance(String path, StructType dataSchema, TaskAttemptContext context) {
        return new AlbisOutputWriter(path, context);
    }
}
