package io.albis.spark;

import io.albis.crail.testcluster.SharedCrailCluster;
import org.junit.jupiter.api.extension.ExtendWith;

/** The albis source on crail:// paths of the shared in-process Crail namenode and datanode (Spark lists them through Crail's Hadoop FileSystem). */
@ExtendWith(SharedCrailCluster.class)
class SparkOnCrailTest extends SparkOnStorageContract {
    @Override
    String root() {
        return SharedCrailCluster.cluster().uri().toString();
    }
}
