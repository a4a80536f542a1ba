package io.albis.bench.format.parquet;

import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.peer.PartReader;

/** Parquet through parquet-java's own record path, for reference ({@link ParquetJavaPartReader}). */
public final class ParquetJavaFormat extends ParquetFormat {

    public ParquetJavaFormat() {
        super("parquet-java");
    }

    @Override
    PartReader partReader(ReadSpec spec, ParquetLayout layout) {
        return new ParquetJavaPartReader(spec, layout);
    }

    /** parquet-java filters by {@code =} and {@code IN} as well as {@code <=}. */
    @Override
    public boolean readsKeyFilters() {
        return true;
    }
}
