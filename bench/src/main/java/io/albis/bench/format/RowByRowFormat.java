package io.albis.bench.format;

import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A format without column vectors, written and read a row at a time (JSON lines, Avro): one
 * uncompressed {@link PartFiles part file} per source row group, written from the source's row
 * iterator; read with {@code threads} threads, each staging its values in a {@link ValueTotals}
 * of its own. The format's name is also its data format's.
 */
public abstract class RowByRowFormat extends NamedFormat {

    /** Writes one row group of the source into {@code file}. */
    @FunctionalInterface
    protected interface PartWriter {
        void write(int rowGroup, Path file) throws IOException;
    }

    private final String extension;

    protected RowByRowFormat(String name, String extension) {
        super(name, name);
        this.extension = extension;
    }

    /**
     * Prepares the write of {@code source}, whose live columns are {@code columns}, into
     * {@code dir} (e.g. a schema file beside the parts) and returns the writer of its parts.
     */
    protected abstract PartWriter startWrite(AlbisTable source, List<FlatColumn> columns, Path dir) throws IOException;

    /** Prepares the read of the parts in {@code dir} (e.g. reads their schema file) and returns the reader of a part. */
    protected abstract PartFiles.Reader<ValueTotals> startRead(Path dir, ReadSpec spec) throws IOException;

    @Override
    public final WriteResult write(AlbisTable source, Path dir, String codec) throws IOException {
        Codecs.requireNone(codec, name());
        long start = System.nanoTime();
        PartWriter writer = startWrite(source, FlatColumn.of(source.schema()), dir);
        for (int rg = 0; rg < source.rowGroups().size(); rg++) {
            writer.write(rg, PartFiles.part(dir, rg, extension));
        }
        long nanos = System.nanoTime() - start;
        return new WriteResult(PartFiles.allFiles(dir), PartFiles.totalBytes(dir), nanos);
    }

    @Override
    public final ScanResult read(Path dir, ReadSpec spec, int threads) throws IOException {
        long start = System.nanoTime(); // preparing and listing the parts are part of the read
        PartFiles.Reader<ValueTotals> reader = startRead(dir, spec);
        List<Path> files = PartFiles.list(dir, extension);
        return ValueTotals.sum(PartFiles.read(files, threads, ValueTotals::new, reader), System.nanoTime() - start);
    }
}
