package io.albis.convert;

import io.albis.crail.testcluster.SharedCrailCluster;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The converters on crail:// paths of the shared in-process Crail cluster: Parquet, ORC and CSV
 * through the Hadoop file system albis-crail registers for crail://, Albis through its Crail storage.
 */
@ExtendWith(SharedCrailCluster.class)
class CrailConvertTest extends ConvertOnStorageContract {
    private static FileSystem fs;

    @BeforeAll
    static void openFileSystem() throws IOException {
        fs = FileSystem.newInstance(SharedCrailCluster.cluster().uri(), new Configuration());
    }

    @AfterAll
    static void closeFileSystem() throws IOException {
        if (fs != null) {
            fs.close();
        }
    }

    @Override
    String root() {
        return SharedCrailCluster.cluster().uri().toString();
    }

    @Override
    FileSystem fileSystem() {
        return fs;
    }
}
