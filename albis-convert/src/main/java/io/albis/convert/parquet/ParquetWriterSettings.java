package io.albis.convert.parquet;

import org.apache.parquet.hadoop.ParquetWriter;

/**
 * Settings of parquet-java's writer beyond the codec, such as bloom filters, applied to its
 * builder before {@link AlbisToParquet} opens the file.
 */
@FunctionalInterface
public interface ParquetWriterSettings {
    /** parquet-java's defaults. */
    ParquetWriterSettings DEFAULTS = builder -> {};

    void apply(ParquetWriter.Builder<?, ?> builder);
}
