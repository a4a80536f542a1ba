package io.albis.bench.format.parquet;

import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.peer.PartReader;

/** Parquet read the way Spark reads it fastest: its vectorized reader, on-heap vectors, 4096 rows a batch ({@link SparkPartReader}). */
public final class ParquetSparkFormat extends ParquetFormat {

    public ParquetSparkFormat() {
        super("parquet-spark");
    }

    @Override
    public boolean readsListsAndMaps() {
        return true;
    }

    @Override
    PartReader partReader(ReadSpec spec, ParquetLayout layout) {
        // Spark's reader is opened without a filter, so the layout's reader settings do not apply.
        return new SparkPartReader(spec);
    }
}
