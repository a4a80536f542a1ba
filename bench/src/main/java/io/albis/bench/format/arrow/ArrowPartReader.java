package io.albis.bench.format.arrow;

import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.peer.BatchSums;
import io.albis.bench.format.peer.ColumnSum;
import io.albis.bench.format.peer.PartReader;
import io.albis.bench.format.peer.ReadColumns;
import io.albis.bench.format.peer.RowFilter;
import io.albis.bench.format.peer.Tally;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Reads one Arrow IPC file with {@link ArrowFileReader} into its {@link VectorSchemaRoot}, batch
 * by batch, every projected value through the vectors' getters. Arrow's Java IPC reader loads
 * every column of a batch (it has no projection), so projection only saves the reading of values;
 * there is no pushdown, the filter is applied row by row.
 *
 * @param allocator the read's allocator; each file gets a child, closed (and checked for leaks) after it
 */
record ArrowPartReader(ReadSpec spec, BufferAllocator allocator) implements PartReader {

    @Override
    public void read(Path file, Tally into) throws IOException {
        try (BufferAllocator child = allocator.newChildAllocator(file.getFileName().toString(), 0, Long.MAX_VALUE);
             ArrowFileReader reader = new ArrowFileReader(FileChannel.open(file, StandardOpenOption.READ), child)) {
            VectorSchemaRoot root = root(reader, file);
            List<String> names = new ArrayList<>();
            for (Field f : root.getSchema().getFields()) {
                names.add(f.getName());
            }
            ReadColumns cols = ReadColumns.resolve(names, spec, file);
            List<ColumnSum> sums = new ArrayList<>();
            for (String c : cols.projected()) {
                sums.add(ArrowColumnSum.of(root.getVector(c), c, file));
            }
            RowFilter filter = cols.filter() == null ? null
                    : ArrowFilter.of(root.getVector(cols.filter()), spec.filterMax(), cols.filter(), file);
            BatchSums batchSums = new BatchSums(sums, filter);
            while (loadNextBatch(reader, file)) {
                batchSums.add(root.getRowCount(), into);
            }
        }
    }

    private static VectorSchemaRoot root(ArrowFileReader reader, Path file) throws IOException {
        try {
            return reader.getVectorSchemaRoot();
        } catch (IOException | RuntimeException e) {
            throw new IOException(file + ": not a readable Arrow IPC file: " + e.getMessage(), e);
        }
    }

    private static boolean loadNextBatch(ArrowFileReader reader, Path file) throws IOException {
        try {
            return reader.loadNextBatch();
        } catch (IOException | RuntimeException e) {
            throw new IOException(file + ": Arrow's IPC reader failed: " + e.getMessage(), e);
        }
    }
}
