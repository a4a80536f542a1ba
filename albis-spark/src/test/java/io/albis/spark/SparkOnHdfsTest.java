package io.albis.spark;

import io.albis.hdfs.testcluster.LocalHdfsCluster;
import java.io.IOException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The albis source on hdfs:// paths of an in-process HDFS. */
class SparkOnHdfsTest extends SparkOnStorageContract {
    private static LocalHdfsCluster cluster;

    @BeforeAll
    static void startHdfs() throws IOException {
        cluster = LocalHdfsCluster.start(1 << 20); // 1 MiB blocks: row groups span several
    }

    @AfterAll
    static void stopHdfs() throws IOException {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Override
    String root() throws IOException {
        String uri = cluster.uri().toString();
        return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }
}
