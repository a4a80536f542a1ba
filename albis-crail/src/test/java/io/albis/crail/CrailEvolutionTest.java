package io.albis.crail;

import io.albis.storage.Storage;
import io.albis.testing.EvolutionContract;
import org.junit.jupiter.api.extension.ExtendWith;

/** Table evolution under failures, races and concurrent readers on the shared local Crail cluster. */
@ExtendWith(SharedCrailCluster.class)
class CrailEvolutionTest extends EvolutionContract {
    @Override
    protected Storage storage() {
        return SharedCrailCluster.storage();
    }

    /** Crail's namenode operations take milliseconds: the representative part (see the contract). */
    @Override
    protected boolean exhaustive() {
        return false;
    }

    @Override
    protected String freshRoot() {
        return SharedCrailCluster.freshPath("evolution");
    }
}
