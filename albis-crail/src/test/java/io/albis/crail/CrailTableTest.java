package io.albis.crail;

import io.albis.storage.Storage;
import io.albis.testing.TableOnStorageContract;
import org.junit.jupiter.api.extension.ExtendWith;

/** A whole Albis table on a local Crail cluster. */
@ExtendWith(SharedCrailCluster.class)
class CrailTableTest extends TableOnStorageContract {
    @Override
    protected Storage storage() {
        return SharedCrailCluster.storage();
    }

    @Override
    protected String freshRoot() {
        return SharedCrailCluster.freshPath("table");
    }
}
