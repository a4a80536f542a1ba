package io.albis.bench.format.peer;

import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes one row group of a source table as one file that does not exist yet. */
@FunctionalInterface
public interface PartWriter {
    void write(AlbisTable source, int rowGroup, Path file) throws IOException;

    /** Writes a whole file at the path it is given, which does not exist yet. */
    @FunctionalInterface
    interface Body {
        void writeTo(Path temp) throws IOException;
    }

    /**
     * Writes {@code file} through {@code body} under a temporary name beside it and renames it
     * into place when complete; on failure the temporary file is removed, so no partial file is left.
     */
    static void writeAtomically(Path file, Body body) throws IOException {
        Path temp = file.resolveSibling("." + file.getFileName() + ".tmp");
        try {
            body.writeTo(temp);
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException | Error e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }
}
