package io.albis.bench.experiment;

import java.nio.file.Path;

/** Where the harness keeps its data and its results unless told otherwise: below the repository. */
public final class BenchDirs {
    private BenchDirs() {}

    /** The repository: scripts/bench and scripts/tpcds pass it as {@code albis.bench.root}; otherwise the working directory. */
    public static Path root() {
        String root = System.getProperty("albis.bench.root");
        return Path.of(root != null ? root : "").toAbsolutePath().normalize();
    }

    /** {@code dir}, or bench/data in the repository when it is null. */
    public static Path dataOr(Path dir) {
        return dir != null ? dir : root().resolve("bench/data");
    }

    /** {@code dir}, or {@code results} (e.g. bench/results) in the repository when it is null. */
    public static Path resultsOr(Path dir, String results) {
        return dir != null ? dir : root().resolve(results);
    }
}
