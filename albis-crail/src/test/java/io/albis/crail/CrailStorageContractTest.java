package io.albis.crail;

import io.albis.testing.StorageContract;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;

/** The storage contract on a local Crail cluster (namenode and TCP datanode on 127.0.0.1). */
class CrailStorageContractTest extends StorageContract implements OnSharedCrailCluster {
    /** Gives the blocks back: every Crail file and directory holds at least one (1 MiB) block. */
    @AfterEach
    void deleteRoot() throws IOException {
        storage().delete(root);
    }
}
