package io.albis.spark;

import io.albis.hdfs.testcluster.SharedHdfsCluster;
import java.io.IOException;

/** The albis source on hdfs:// paths of the shared in-process HDFS (1 MiB blocks: row groups span several). */
class SparkOnHdfsTest extends SparkOnStorageContract {
    @Override
    String root() throws IOException {
        String uri = SharedHdfsCluster.cluster().uri().toString();
        return uri.endsWith("/") ? uri.substring(0, uri.length() - 1) : uri;
    }
}
