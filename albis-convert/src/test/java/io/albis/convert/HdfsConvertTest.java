package io.albis.convert;

import io.albis.hdfs.testcluster.SharedHdfsCluster;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;

/** The converters on hdfs:// paths of the shared in-process HDFS (1 MiB blocks: files span several). */
class HdfsConvertTest extends ConvertOnStorageContract {
    @Override
    String root() throws IOException {
        return SharedHdfsCluster.cluster().uri().toString();
    }

    @Override
    FileSystem fileSystem() throws IOException {
        return SharedHdfsCluster.storage().fileSystem();
    }
}
