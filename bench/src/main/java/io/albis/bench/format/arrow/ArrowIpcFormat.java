package io.albis.bench.format.arrow;

import io.albis.bench.format.Codecs;
import io.albis.bench.format.NamedFormat;
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
 * What both Arrow readers share: the Arrow IPC files (uncompressed, one per source row group,
 * {@value ArrowPartWriter#BATCH}-row record batches, lists and maps included) and their reading
 * ({@link ArrowPartReader}), one allocator for the whole read; they differ in Arrow's safety checks.
 */
abstract class ArrowIpcFormat extends NamedFormat {
    static final String EXT = "arrow";

    ArrowIpcFormat(String name) {
        super(name, "arrow");
    }


    @Override
    public final boolean readsListsAndMaps() {
        return true;
    }

    @Override
    public final WriteResult write(AlbisTable source, Path dir, String codec) throws IOException {
        Codecs.requireNone(codec, name());
        return PartitionedWrite.run(source, dir, EXT, name(), new ArrowPartWriter());
    }

    @Override
    public ScanResult read(Path dir, ReadSpec spec, int threads) throws IOException {
        List<Path> files = PartFiles.list(dir, EXT);
        try (BufferAllocator allocator = new RootAllocator()) {
            return PartitionedRead.run(files, threads, new ArrowPartReader(spec, allocator));
        }
    }
}
