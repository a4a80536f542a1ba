package io.albis.convert;

import io.albis.crail.testcluster.CrailLocalCluster;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The converters on crail:// paths of an in-process Crail cluster: Parquet, ORC and CSV through
 * the Hadoop file system albis-crail registers for crail://, Albis through its Crail storage.
 */
class CrailConvertTest extends ConvertOnStorageContract {
    private static CrailLocalCluster cluster;
    private static FileSystem fs;

    @BeforeAll
    static void startCrail() throws IOException {
        cluster = CrailLocalCluster.start();
        fs = FileSystem.newInstance(cluster.uri(), new Configuration());
    }

    @AfterAll
    static void stopCrail() throws IOException {
        try {
            if (fs != null) {
                fs.close();
            }
        } finally {
            if (cluster != null) {
                cluster.close();
            }
        }
    }

    @Override
    String root() {
        return cluster.uri().toString();
    }

    @Override
    FileSystem fileSystem() {
        return fs;
    }
}
