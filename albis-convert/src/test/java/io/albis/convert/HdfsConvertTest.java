package io.albis.convert;

import io.albis.hdfs.testcluster.LocalHdfsCluster;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;

/** The converters on hdfs:// paths of an in-process HDFS. */
class HdfsConvertTest extends ConvertOnStorageContract {
    @AutoClose
    private static LocalHdfsCluster cluster;

    @BeforeAll
    static void startHdfs() throws IOException {
        // 1 MiB blocks, so the files of these tests span several of them.
        cluster = LocalHdfsCluster.start(1 << 20);
    }

    @Override
    String root() throws IOException {
        return cluster.uri().toString();
    }

    @Override
    FileSystem fileSystem() {
        return cluster.storage().fileSystem();
    }
}
