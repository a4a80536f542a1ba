package io.albis.bench.format.parquet;

import io.albis.bench.format.Codecs;
import io.albis.bench.format.WriteResult;
import io.albis.bench.format.peer.PartitionedWrite;
import io.albis.convert.ConvertOptions;
import io.albis.convert.parquet.AlbisToParquet;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The Parquet copy both Parquet readers read: one file per source row group, written by
 * parquet-java through {@link AlbisToParquet} with parquet-java's defaults (128 MiB row groups,
 * 1 MiB pages, dictionary encoding on, v1 pages), lists and maps included.
 */
final class ParquetParts {
    static final String EXT = "parquet";
    static final List<String> CODECS = List.of(Codecs.NONE, Codecs.SNAPPY, Codecs.ZSTD);

    private ParquetParts() {
    }

    static WriteResult write(AlbisTable source, Path dir, String codec, String format) throws IOException {
        CompressionCodecName c = codec(codec, format);
        return PartitionedWrite.run(source, dir, EXT, format,
                (table, rg, file) -> AlbisToParquet.convert(table, rg, file.toString(), ConvertOptions.defaults(), c));
    }

    private static CompressionCodecName codec(String codec, String format) {
        return switch (codec) {
            case Codecs.NONE -> CompressionCodecName.UNCOMPRESSED;
            case Codecs.SNAPPY -> CompressionCodecName.SNAPPY;
            case Codecs.ZSTD -> CompressionCodecName.ZSTD;
            default -> throw new IllegalArgumentException(format + ": unknown codec '" + codec + "'; use one of " + CODECS);
        };
    }
}
