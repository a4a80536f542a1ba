package io.albis.bench.format.peer;

import java.io.IOException;
import java.nio.file.Path;

/** Reads one part file into a thread's totals. */
@FunctionalInterface
public interface PartReader {
    void read(Path file, Tally into) throws IOException;
}
