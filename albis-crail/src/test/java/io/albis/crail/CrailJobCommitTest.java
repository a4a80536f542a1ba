package io.albis.crail;

import io.albis.storage.Storage;
import io.albis.testing.JobCommitContract;
import org.junit.jupiter.api.extension.ExtendWith;

/** Job commits, with failures injected at every operation, on a local Crail cluster. */
@ExtendWith(SharedCrailCluster.class)
class CrailJobCommitTest extends JobCommitContract {
    @Override
    protected Storage storage() {
        return SharedCrailCluster.storage();
    }

    @Override
    protected String freshRoot() {
        return SharedCrailCluster.freshPath("jobs");
    }
}
