package io.albis.bench.format.parquet;

import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.peer.PeerFormatContract;

class ParquetSparkFormatTest extends PeerFormatContract {
    @Override
    protected BenchFormat format() {
        return new ParquetSparkFormat();
    }

    @Override
    protected String extension() {
        return "parquet";
    }
}
