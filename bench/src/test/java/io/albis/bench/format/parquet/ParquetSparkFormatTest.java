package io.albis.bench.format.parquet;

import io.albis.bench.format.peer.PeerFormatContract;

class ParquetSparkFormatTest extends PeerFormatContract {
    ParquetSparkFormatTest() {
        super(new ParquetSparkFormat(), "parquet");
    }
}
