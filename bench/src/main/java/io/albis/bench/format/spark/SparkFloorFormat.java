package io.albis.bench.format.spark;

import io.albis.bench.format.Codecs;
import java.nio.file.Path;
import java.util.Map;

/**
 * The floor at the Spark level: the Albis copy's rows as prebuilt batches from memory
 * ({@link FloorSource}), loaded once per JVM before the first timed run. It reads only.
 */
public final class SparkFloorFormat extends SparkLevelFormat {

    public SparkFloorFormat() {
        super("spark-floor", "albis", FloorSource.class.getName(), Codecs.ONLY_NONE, Map.of(), false);
    }

    @Override
    protected void beforeRuns(Path dir) {
        FloorTables.get(dir.toString());
    }
}
