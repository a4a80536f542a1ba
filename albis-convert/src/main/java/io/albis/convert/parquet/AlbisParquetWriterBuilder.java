package io.albis.convert.parquet;

import io.albis.read.AlbisReader;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.OutputFile;

/** A parquet-java writer builder that writes rows of an {@link AlbisReader} through {@link AlbisWriteSupport}. */
final class AlbisParquetWriterBuilder extends ParquetWriter.Builder<AlbisReader, AlbisParquetWriterBuilder> {
    private final AlbisWriteSupport support;

    AlbisParquetWriterBuilder(OutputFile file, AlbisWriteSupport support) {
        super(file);
        this.support = support;
    }

    @Override
    protected AlbisParquetWriterBuilder self() {
        return this;
    }

    /** Deprecated but still abstract in parquet-java, so it must be implemented. */
    @Override
    @SuppressWarnings("deprecation")
    protected WriteSupport<AlbisReader> getWriteSupport(Configuration conf) {
        return support;
    }

    @Override
    protected WriteSupport<AlbisReader> getWriteSupport(ParquetConfiguration conf) {
        return support;
    }
}
