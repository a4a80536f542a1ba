package io.albis.hdfs;

import io.albis.storage.Storage;
import io.albis.testing.TableOnStorageContract;
import java.io.IOException;

/** A whole table on HDFS. */
class HdfsTableTest extends TableOnStorageContract {
    @Override
    protected Storage storage() throws IOException {
        return MiniHdfs.storage();
    }

    @Override
    protected String freshRoot() throws IOException {
        return MiniHdfs.freshPath("table");
    }
}
