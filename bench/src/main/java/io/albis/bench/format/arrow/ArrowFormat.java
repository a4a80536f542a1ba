package io.albis.bench.format.arrow;

import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.Codecs;
import io.albis.bench.format.PartFiles;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.WriteResult;
import io.albis.bench.format.peer.PartitionedRead;
import io.albis.bench.format.peer.PartitionedWrite;
import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Arrow IPC files (uncompressed, one per source row group, {@value ArrowPartWriter#BATCH}-row
 * record batches) read with Arrow's default safety checks: null checks in {@code get} and bounds
 * checks on every buffer access.
 */
public final class ArrowFormat implements BenchFormat {
    static final String DATA_FORMAT = "arrow";
    static final String EXT = "arrow";

    @Override
    public String name() {
        return "arrow";
    }

    @Override
    public String dataFormat() {
        return DATA_FORMAT;
    }


    @Override
    public boolean readsListsAndMaps() {
        return true;
    }

    @Override
    public WriteResult write(AlbisTable source, Path dir, String codec) throws IOException {
        return writeParts(source, dir, codec, name());
    }

    @Override
    public ScanResult read(Path dir, ReadSpec spec, int threads) throws IOException {
        return readParts(dir, spec, threads);
    }

    static WriteResult writeParts(AlbisTable source, Path dir, String codec, String format) throws IOException {
        Codecs.requireNone(codec, format);
        return PartitionedWrite.run(source, dir, EXT, format, new ArrowPartWriter());
    }

    static ScanResult readParts(Path dir, ReadSpec spec, int threads) throws IOException {
        List<Path> files = PartFiles.list(dir, EXT);
        try (BufferAllocator allocator = new RootAllocator()) {
            return PartitionedRead.run(files, threads, new ArrowPartReader(spec, allocator));
        }
    }
}
