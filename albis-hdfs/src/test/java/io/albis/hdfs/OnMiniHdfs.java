package io.albis.hdfs;

import io.albis.storage.Storage;
import io.albis.testing.StorageUnderTest;
import java.io.IOException;

/**
 * A contract test on this module's shared in-process HDFS ({@link MiniHdfs}): its storage, and a
 * fresh directory on it named after the test class. A contract test implements this and is done.
 */
interface OnMiniHdfs extends StorageUnderTest {
    @Override
    default Storage storage() throws IOException {
        return MiniHdfs.storage();
    }

    @Override
    default String freshRoot() throws IOException {
        return MiniHdfs.freshPath(getClass().getSimpleName());
    }
}
