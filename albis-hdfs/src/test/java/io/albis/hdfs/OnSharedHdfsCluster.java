package io.albis.hdfs;

import io.albis.hdfs.testcluster.SharedHdfsCluster;
import io.albis.storage.Storage;
import io.albis.testing.StorageUnderTest;
import java.io.IOException;

/**
 * A contract test on the shared in-process HDFS ({@link SharedHdfsCluster}): its storage, and a
 * fresh directory on it named after the test class. A contract test implements this and is done.
 */
interface OnSharedHdfsCluster extends StorageUnderTest {
    @Override
    default Storage storage() throws IOException {
        return SharedHdfsCluster.storage();
    }

    @Override
    default String freshRoot() throws IOException {
        return SharedHdfsCluster.freshPath(getClass().getSimpleName());
    }
}
