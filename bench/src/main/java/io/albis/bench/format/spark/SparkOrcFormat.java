package io.albis.bench.format.spark;

import io.albis.bench.format.Codecs;
import java.util.List;
import java.util.Map;

/** Spark's own ORC source (its vectorized reader), uncompressed and zlib. */
public final class SparkOrcFormat extends SparkLevelFormat {

    public SparkOrcFormat() {
        super("spark-orc", "orc", "orc", List.of(Codecs.NONE, Codecs.ZLIB), Map.of(), true);
    }
}
