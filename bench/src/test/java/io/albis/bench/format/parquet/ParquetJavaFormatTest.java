package io.albis.bench.format.parquet;

import io.albis.bench.format.peer.PeerFormatContract;

class ParquetJavaFormatTest extends PeerFormatContract {
    ParquetJavaFormatTest() {
        super(new ParquetJavaFormat(), "parquet");
    }
}
