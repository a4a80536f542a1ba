package io.albis.crail;

import io.albis.crail.testcluster.SharedCrailCluster;
import io.albis.storage.Storage;
import io.albis.testing.StorageUnderTest;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A contract test on the shared local Crail cluster ({@link SharedCrailCluster}): its storage, and
 * a fresh directory on it named after the test class. A contract test implements this and is done.
 */
@ExtendWith(SharedCrailCluster.class)
interface OnSharedCrailCluster extends StorageUnderTest {
    @Override
    default Storage storage() {
        return SharedCrailCluster.storage();
    }

    @Override
    default String freshRoot() {
        return SharedCrailCluster.freshPath(getClass().getSimpleName());
    }
}
