package io.albis.spark;

import io.albis.crail.testcluster.CrailLocalCluster;
import java.io.IOException;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;

/** The albis source on crail:// paths of an in-process Crail namenode and datanode (Spark lists them through Crail's Hadoop FileSystem). */
class SparkOnCrailTest extends SparkOnStorageContract {
    @AutoClose
    private static CrailLocalCluster cluster;

    @BeforeAll
    static void startCrail() throws IOException {
        cluster = CrailLocalCluster.start();
    }

    @Override
    String root() {
        return cluster.uri().toString();
    }
}
