package io.albis.bench.format.parquet;

import io.albis.bench.format.Codecs;
import io.albis.bench.format.NamedFormat;
import io.albis.bench.format.PartFiles;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.WriteResult;
import io.albis.bench.format.peer.PartReader;
import io.albis.bench.format.peer.PartitionedRead;
import io.albis.bench.format.peer.PartitionedWrite;
import io.albis.convert.ConvertOptions;
import io.albis.convert.parquet.AlbisToParquet;
import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * What both Parquet readers share: the copy they read, one file per source row group, written by
 * parquet-java through {@link AlbisToParquet} with parquet-java's defaults (128 MiB row groups,
 * 1 MiB pages, dictionary encoding on, v1 pages, column index written), lists and maps included,
 * with the bloom filters its {@link ParquetLayout} names; its files are read with {@code threads}
 * threads, by the reader of the subclass.
 */
abstract class ParquetFormat extends NamedFormat {
    static final String EXT = "parquet";
    private static final List<String> CODECS = List.of(Codecs.NONE, Codecs.SNAPPY, Codecs.ZSTD);

    ParquetFormat(String name) {
        super(name, EXT);
    }

    /** The reader of one file of a copy in {@code layout}. */
    abstract PartReader partReader(ReadSpec spec, ParquetLayout layout);

    @Override
    public final List<String> codecs() {
        return CODECS;
    }

    @Override
    public final WriteResult write(AlbisTable source, Path dir, String codec) throws IOException {
        CompressionCodecName c = switch (codec) {
            case Codecs.NONE -> CompressionCodecName.UNCOMPRESSED;
            case Codecs.SNAPPY -> CompressionCodecName.SNAPPY;
            case Codecs.ZSTD -> CompressionCodecName.ZSTD;
            default -> throw new IllegalArgumentException(name() + ": unknown codec '" + codec + "'; use one of " + CODECS);
        };
        ParquetLayout layout = ParquetLayout.ofDirectory(dir);
        return PartitionedWrite.run(source, dir, EXT, name(), (table, rg, file) -> AlbisToParquet.convert(table, rg,
                file.toString(), ConvertOptions.defaults(), c,
                layout.writerSettings(table.rowCount(table.rowGroups().get(rg)))));
    }

    @Override
    public final ScanResult read(Path dir, ReadSpec spec, int threads) throws IOException {
        List<Path> files = PartFiles.list(dir, EXT);
        return PartitionedRead.run(files, threads, partReader(spec, ParquetLayout.ofDirectory(dir)));
    }
}
