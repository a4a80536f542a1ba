package io.albis.bench.format.parquet;

import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.WriteResult;
import io.albis.bench.format.PartFiles;
import io.albis.bench.format.peer.PartitionedRead;
import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Parquet through parquet-java's own record path, for reference ({@link ParquetJavaPartReader}). */
public final class ParquetJavaFormat implements BenchFormat {

    @Override
    public String name() {
        return "parquet-java";
    }

    @Override
    public String dataFormat() {
        return ParquetParts.EXT;
    }

    @Override
    public List<String> codecs() {
        return ParquetParts.CODECS;
    }

    @Override
    public WriteResult write(AlbisTable source, Path dir, String codec) throws IOException {
        return ParquetParts.write(source, dir, codec, name());
    }

    @Override
    public ScanResult read(Path dir, ReadSpec spec, int threads) throws IOException {
        return PartitionedRead.run(PartFiles.list(dir, ParquetParts.EXT), threads, new ParquetJavaPartReader(spec));
    }
}
