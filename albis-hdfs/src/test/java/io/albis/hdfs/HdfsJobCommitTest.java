package io.albis.hdfs;

import io.albis.storage.Storage;
import io.albis.testing.JobCommitContract;
import java.io.IOException;

/** Job commits, with failures injected at every operation, on HDFS. */
class HdfsJobCommitTest extends JobCommitContract {
    @Override
    protected Storage storage() throws IOException {
        return MiniHdfs.storage();
    }

    @Override
    protected String freshRoot() throws IOException {
        return MiniHdfs.freshPath("jobs");
    }
}
