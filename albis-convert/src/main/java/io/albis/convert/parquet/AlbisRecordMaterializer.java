package io.albis.convert.parquet;

import io.albis.write.AlbisWriter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.RecordMaterializer;

/**
 * Parquet's record assembly pointed straight at an {@link AlbisWriter}: the converters set each
 * value on the writer as Parquet decodes it, so no record object is built. After each record
 * the caller finishes the Albis row with {@link AlbisWriter#nextRow()}.
 */
final class AlbisRecordMaterializer extends RecordMaterializer<Void> {
    private final StructConverter root;

    AlbisRecordMaterializer(ParquetSchemaMapping mapping, AlbisWriter writer) {
        this.root = new StructConverter(mapping.root(), writer);
    }

    @Override
    public Void getCurrentRecord() {
        return null;
    }

    @Override
    public GroupConverter getRootConverter() {
        return root;
    }
}
