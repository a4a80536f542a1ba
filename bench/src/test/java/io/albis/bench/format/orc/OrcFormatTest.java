package io.albis.bench.format.orc;

import io.albis.bench.format.peer.PeerFormatContract;

class OrcFormatTest extends PeerFormatContract {
    OrcFormatTest() {
        super(new OrcFormat(), "orc");
    }
}
