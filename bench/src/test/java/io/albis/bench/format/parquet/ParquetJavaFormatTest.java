package io.albis.bench.format.parquet;

import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.peer.PeerFormatContract;

class ParquetJavaFormatTest extends PeerFormatContract {
    @Override
    protected BenchFormat format() {
        return new ParquetJavaFormat();
    }

    @Override
    protected String extension() {
        return "parquet";
    }
}
