package io.albis.convert;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A single output file (Parquet, ORC) that appears only when complete: it is written under a
 * hidden temporary name beside the target and renamed into place, and removed on any failure.
 * An existing target is refused, never replaced.
 */
final class OutputFile {
    /** Writes the whole file at the path it is given. */
    interface Body {
        void writeTo(Path temp) throws IOException;
    }

    private OutputFile() {}

    static void write(Path outFile, String format, Body body) throws IOException {
        Path target = outFile.toAbsolutePath();
        if (Files.exists(target)) {
            throw new FileAlreadyExistsException(target.toString(), null, "the " + format + " output file exists already");
        }
        Path dir = target.getParent();
        Files.createDirectories(dir);
        Path temp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
        try {
            body.writeTo(temp);
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
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
