package io.albis.bench.format.spark;

import io.albis.bench.format.Codecs;
import io.albis.bench.format.EvolvingFormat;
import java.util.List;
import java.util.Map;

/**
 * Spark's own Parquet source (its vectorized reader), uncompressed and snappy; in experiment 11 it
 * rewrites the table with each change, the only way it can change one.
 */
public final class SparkParquetFormat extends SparkLevelFormat implements EvolvingFormat {

    public SparkParquetFormat() {
        super("spark-parquet", "parquet", "parquet", List.of(Codecs.NONE, Codecs.SNAPPY), Map.of(), true);
    }
}
