package io.albis.bench.tpcds;

import io.albis.storage.LocalStorage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A table the Spark runs write once and reuse: it counts as written when the marker file
 * {@code <name>.done} stands beside it, which is written only after the table is complete, so a
 * run stopped half-way writes the table again (its leftovers deleted first).
 */
final class TableOnce {
    private TableOnce() {}

    /**
     * Runs {@code write} unless {@code table} is written, printing {@code what} and the seconds it
     * took; the marker holds {@code label}, the format written.
     */
    static void write(Path table, String label, String what, PrintStream progress, Runnable write) throws IOException {
        Path done = table.resolveSibling(table.getFileName() + ".done");
        if (Files.exists(done)) {
            return;
        }
        LocalStorage.INSTANCE.delete(table.toString());
        long start = System.nanoTime();
        progress.print(what + " ...");
        write.run();
        progress.printf(" %.1f s%n", (System.nanoTime() - start) / 1e9);
        Files.writeString(done, label + "\n");
    }
}
