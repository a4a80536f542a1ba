package io.albis.bench;

import io.albis.bench.dataset.DataStore;
import io.albis.storage.LocalStorage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One data directory for every test class in the JVM, so store_sales is generated once (the
 * TPC-DS generator is the slow part); deleted when the JVM exits.
 */
public final class TestData {
    /** The smallest store_sales the generator makes (about 120,000 rows). */
    public static final double STORE_SALES_SCALE = 0.01;

    private static final Path ROOT = create();

    private TestData() {}

    public static Path root() {
        return ROOT;
    }

    public static DataStore store() {
        return new DataStore(ROOT);
    }

    private static Path create() {
        try {
            Path dir = Files.createTempDirectory("albis-bench-test-data");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    LocalStorage.INSTANCE.delete(dir.toString());
                } catch (IOException e) {
                    // Leaving a temporary directory behind is harmless.
                }
            }));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
