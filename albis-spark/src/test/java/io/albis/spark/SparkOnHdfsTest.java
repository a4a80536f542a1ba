package io.albis.spark;

import io.albis.hdfs.testcluster.LocalHdfsCluster;
import java.io.IOException;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;

/** The albis source on hdfs:// paths of an in-process HDFS. */
class SparkOnHdfsTest extends SparkOnStorageContract {
    @AutoClose
    private static LocalHdfsCluster cluster;

    @BeforeAll
    static void startHdfs() throws IOException {
        cluster = LocalHdfsCluster.start(1 << 20); // 1 MiB blocks: row groups span several
    }

    @Override
    String root() throws IOException {
        String uri = cluster.uri().toString();
        return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }
}
