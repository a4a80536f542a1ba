package io.albis.bench.format.orc;

import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.Codecs;
import io.albis.bench.format.PartFiles;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.WriteResult;
import io.albis.bench.format.peer.PartitionedRead;
import io.albis.bench.format.peer.PartitionedWrite;
import io.albis.convert.ConvertOptions;
import io.albis.convert.orc.AlbisToOrc;
import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.CompressionKind;

/**
 * ORC: written by orc-core's writer through {@link AlbisToOrc}, one file per source row group with
 * orc-core's default stripe size and row index stride (lists and maps included); read batch by batch ({@link OrcPartReader}).
 */
public final class OrcFormat implements BenchFormat {
    static final String EXT = "orc";
    private static final List<String> CODECS = List.of(Codecs.NONE, Codecs.ZLIB, Codecs.ZSTD);

    @Override
    public String name() {
        return "orc";
    }

    @Override
    public String dataFormat() {
        return EXT;
    }

    @Override
    public List<String> codecs() {
        return CODECS;
    }

    @Override
    public WriteResult write(AlbisTable source, Path dir, String codec) throws IOException {
        CompressionKind kind = switch (codec) {
            case Codecs.NONE -> CompressionKind.NONE;
            case Codecs.ZLIB -> CompressionKind.ZLIB;
            case Codecs.ZSTD -> CompressionKind.ZSTD;
            default -> throw new IllegalArgumentException(name() + ": unknown codec '" + codec + "'; use one of " + CODECS);
        };
        return PartitionedWrite.run(source, dir, EXT, name(),
                (table, rg, file) -> AlbisToOrc.convert(table, rg, file.toString(), ConvertOptions.defaults(), kind));
    }

    @Override
    public boolean readsListsAndMaps() {
        return true;
    }

    @Override
    public ScanResult read(Path dir, ReadSpec spec, int threads) throws IOException {
        // One Hadoop configuration for the whole read; its threads only read it.
        return PartitionedRead.run(PartFiles.list(dir, EXT), threads, new OrcPartReader(spec, new Configuration()));
    }
}
