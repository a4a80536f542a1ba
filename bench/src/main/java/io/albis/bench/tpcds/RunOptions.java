package io.albis.bench.tpcds;

import io.albis.bench.experiment.BenchDirs;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options both Spark runs take ({@code scripts/tpcds} and its {@code equijoin}): where the
 * tables and the reports go, and how often each job runs untimed and timed.
 */
final class RunOptions {
    @Option(names = "--data", paramLabel = "DIR", description = "Where the tables go (default bench/data).")
    Path data;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the reports go (default bench/results/tpcds).")
    Path out;

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "1", description = "Untimed runs (default 1).")
    int warmup;

    @Option(names = "--repeat", paramLabel = "R", defaultValue = "3", description = "Timed runs (default 3).")
    int repeat;

    /** {@code --data}, or bench/data in the repository. */
    Path dataDir() {
        return BenchDirs.dataOr(data);
    }

    /** {@code --out}, or bench/results/tpcds in the repository. */
    Path outDir() {
        return BenchDirs.resultsOr(out, "bench/results/tpcds");
    }
}
