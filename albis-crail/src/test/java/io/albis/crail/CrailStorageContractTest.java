package io.albis.crail;

import io.albis.storage.Storage;
import io.albis.testing.StorageContract;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;

/** The storage contract on a local Crail cluster (namenode and TCP datanode on 127.0.0.1). */
@ExtendWith(SharedCrailCluster.class)
class CrailStorageContractTest extends StorageContract {
    @Override
    protected Storage storage() {
        return SharedCrailCluster.storage();
    }

    @Override
    protected String freshRoot() {
        return SharedCrailCluster.freshPath("contract");
    }

    /** Gives the blocks back: every Crail file and directory holds at least one (1 MiB) block. */
    @AfterEach
    void deleteRoot() throws IOException {
        storage().delete(root);
    }
}
