package io.albis.bench.format.peer;

import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;

/** Writes one row group of a source table as one file that does not exist yet. */
@FunctionalInterface
public interface PartWriter {
    void write(AlbisTable source, int rowGroup, Path file) throws IOException;
}
