package io.albis.bench.experiment;

import io.albis.bench.dataset.Dataset;
import java.nio.file.Path;
import java.util.List;

/**
 * How a run is done.
 *
 * @param scale          TPC-DS scale of store_sales; synthetic tables scale their rows with it
 * @param forks          JVMs each case is measured in (ignored in process: one round per fork count still)
 * @param warmup         unmeasured reads per case and fork
 * @param repeat         measured reads per case and fork
 * @param threads        thread counts of read experiments
 * @param formats        names of the formats to measure, or null for all
 * @param codecs         codecs to measure, or null for every codec of each format
 * @param data           data directory (datasets and their written copies)
 * @param out            where CSV files, charts and the run description go
 * @param inProcess      measure in this JVM instead of forks (tests); formats' JVM arguments are not applied
 * @param forkTimeoutMinutes a fork running longer is killed and the run fails
 */
public record Settings(double scale, int forks, int warmup, int repeat, List<Integer> threads, List<String> formats,
        List<String> codecs, Path data, Path out, boolean inProcess, int forkTimeoutMinutes) {

    public Settings {
        if (forks < 1) {
            throw new IllegalArgumentException("--forks must be at least 1, got " + forks);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warmup must be at least 0, got " + warmup);
        }
        if (repeat < 1) {
            throw new IllegalArgumentException("--repeat must be at least 1, got " + repeat);
        }
        if (threads.isEmpty() || threads.stream().anyMatch(t -> t < 1 || t > Dataset.PARTS)) {
            throw new IllegalArgumentException("--threads must list thread counts of 1.." + Dataset.PARTS + " (every"
                    + " dataset has " + Dataset.PARTS + " row groups, one per thread), got " + threads);
        }
        if (forkTimeoutMinutes < 1) {
            throw new IllegalArgumentException("--fork-timeout must be at least 1 minute, got " + forkTimeoutMinutes);
        }
        threads = List.copyOf(threads);
        formats = formats == null ? null : List.copyOf(formats);
        codecs = codecs == null ? null : List.copyOf(codecs);
    }
}
