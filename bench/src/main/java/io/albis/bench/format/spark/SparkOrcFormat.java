package io.albis.bench.format.spark;

import io.albis.bench.format.Codecs;
import io.albis.bench.format.EvolvingFormat;
import java.util.List;
import java.util.Map;

/**
 * Spark's own ORC source (its vectorized reader), uncompressed and zlib; in experiment 11 it
 * rewrites the table with each change, the only way it can change one.
 */
public final class SparkOrcFormat extends SparkLevelFormat implements EvolvingFormat {

    public SparkOrcFormat() {
        super("spark-orc", "orc", "orc", List.of(Codecs.NONE, Codecs.ZLIB), Map.of(), true);
    }
}
