package io.albis.bench.tpcds;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.apache.spark.sql.execution.SparkPlan;

/** Writes the executed plan of each query's first timed run on each format to a file of its own. */
final class PlanFiles implements TpcdsRun.TimedPlans {
    private final Path dir;
    private final Set<String> written = new HashSet<>();

    PlanFiles(Path dir) {
        this.dir = dir;
    }

    @Override
    public void timed(TpcdsQuery query, TpcdsFormat format, SparkPlan executed) {
        String name = query.name() + "." + format + ".txt";
        if (!written.add(name)) {
            return;
        }
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(name), executed.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the plan of " + query.name() + " to " + dir, e);
        }
    }
}
