package io.albis.crail;

import io.albis.testing.EvolutionContract;

/** Table evolution under failures, races and concurrent readers on the shared local Crail cluster. */
class CrailEvolutionTest extends EvolutionContract implements OnSharedCrailCluster {
    /** Crail's namenode operations take milliseconds: the representative part (see the contract). */
    @Override
    protected boolean exhaustive() {
        return false;
    }
}
