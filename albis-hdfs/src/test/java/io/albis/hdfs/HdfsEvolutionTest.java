package io.albis.hdfs;

import io.albis.storage.Storage;
import io.albis.testing.EvolutionContract;
import java.io.IOException;

/** Table evolution under failures, races and concurrent readers on HDFS. */
class HdfsEvolutionTest extends EvolutionContract {
    @Override
    protected Storage storage() throws IOException {
        return MiniHdfs.storage();
    }

    /** HDFS's operations take milliseconds: the representative part (see the contract). */
    @Override
    protected boolean exhaustive() {
        return false;
    }

    @Override
    protected String freshRoot() throws IOException {
        return MiniHdfs.freshPath("evolution");
    }
}
