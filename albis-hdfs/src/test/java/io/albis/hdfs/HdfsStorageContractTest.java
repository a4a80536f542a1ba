package io.albis.hdfs;

import io.albis.storage.Storage;
import io.albis.testing.StorageContract;
import java.io.IOException;

/** The storage contract on HDFS (an in-process MiniDFSCluster). */
class HdfsStorageContractTest extends StorageContract {
    @Override
    protected Storage storage() throws IOException {
        return MiniHdfs.storage();
    }

    @Override
    protected String freshRoot() throws IOException {
        return MiniHdfs.freshPath("contract");
    }
}
