package io.albis.hdfs;

import io.albis.testing.EvolutionContract;

/** Table evolution under failures, races and concurrent readers on HDFS. */
class HdfsEvolutionTest extends EvolutionContract implements OnSharedHdfsCluster {
    /** HDFS's operations take milliseconds: the representative part (see the contract). */
    @Override
    protected boolean exhaustive() {
        return false;
    }
}
