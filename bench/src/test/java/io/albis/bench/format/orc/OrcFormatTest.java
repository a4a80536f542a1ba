package io.albis.bench.format.orc;

import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.peer.PeerFormatContract;

class OrcFormatTest extends PeerFormatContract {
    @Override
    protected BenchFormat format() {
        return new OrcFormat();
    }

    @Override
    protected String extension() {
        return "orc";
    }
}
