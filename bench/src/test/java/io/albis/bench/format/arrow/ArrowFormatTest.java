package io.albis.bench.format.arrow;

import io.albis.bench.format.peer.PeerFormatContract;

/** The reader {@code arrow-unsafe} shares, with Arrow's default checks on ({@link ArrowUnsafeFormatTest} runs it with them off). */
class ArrowFormatTest extends PeerFormatContract {
    ArrowFormatTest() {
        super(new ArrowFormat(), "arrow");
    }
}
