package io.albis.bench.format.peer;

import io.albis.bench.format.PartFiles;
import io.albis.bench.format.WriteResult;
import io.albis.schema.Field;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Writes a source table as one part file per row group ({@link PartFiles}) into an empty
 * directory. The peer formats are measured on flat tables, so structs are refused up front; if a
 * part fails, the parts written before it are removed again.
 */
public final class PartitionedWrite {

    private PartitionedWrite() {
    }

    public static WriteResult run(AlbisTable source, Path dir, String ext, String format, PartWriter writer)
            throws IOException {
        checkFlat(source, format);
        int rowGroups = source.rowGroups().size();
        if (rowGroups == 0) {
            throw new IllegalArgumentException(format + ": table " + source.path() + " has no row groups, so there is"
                    + " nothing to write");
        }
        Files.createDirectories(dir);
        try (Stream<Path> s = Files.list(dir)) {
            if (s.findAny().isPresent()) {
                throw new DirectoryNotEmptyException(dir + " (" + format + " writes its part files into an empty directory)");
            }
        }
        List<Path> files = new ArrayList<>();
        long start = System.nanoTime();
        try {
            for (int rg = 0; rg < rowGroups; rg++) {
                Path file = dir.resolve(PartFiles.name(rg, ext));
                writer.write(source, rg, file);
                files.add(file);
            }
        } catch (IOException | RuntimeException | Error e) {
            for (Path f : files) {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
        long nanos = System.nanoTime() - start;
        long bytes = 0;
        for (Path f : files) {
            bytes += Files.size(f);
        }
        return new WriteResult(List.copyOf(files), bytes, nanos);
    }

    /** Refuses struct columns, naming the first one. */
    public static void checkFlat(AlbisTable source, String format) {
        for (Field f : source.schema().fields()) {
            if (f.type().isStruct()) {
                throw new IllegalArgumentException(format + ": column '" + f.name() + "' of " + source.path()
                        + " is a struct; the peer formats are measured on flat tables only");
            }
        }
    }
}
