package io.albis.bench.format.spark;

import io.albis.bench.format.Codecs;
import java.util.List;
import java.util.Map;

/** Spark's own Parquet source (its vectorized reader), uncompressed and snappy. */
public final class SparkParquetFormat extends SparkLevelFormat {

    public SparkParquetFormat() {
        super("spark-parquet", "parquet", "parquet", List.of(Codecs.NONE, Codecs.SNAPPY), Map.of(), true);
    }
}
