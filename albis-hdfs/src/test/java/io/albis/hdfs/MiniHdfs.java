package io.albis.hdfs;

import io.albis.hdfs.testcluster.LocalHdfsCluster;
import java.io.IOException;
import java.util.UUID;

/**
 * One in-process HDFS shared by this module's tests, started on first use and stopped when the
 * JVM exits. Blocks are 1 MiB so test files span several of them.
 */
final class MiniHdfs {
    static final int BLOCK_SIZE = 1 << 20;

    private static LocalHdfsCluster cluster;

    private MiniHdfs() {}

    static synchronized LocalHdfsCluster cluster() throws IOException {
        if (cluster == null) {
            LocalHdfsCluster started = LocalHdfsCluster.start(BLOCK_SIZE);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (IOException ignored) {
                    // the JVM is exiting; the temporary directory goes with the test run
                }
            }));
            cluster = started;
        }
        return cluster;
    }

    static HadoopStorage storage() throws IOException {
        return cluster().storage();
    }

    /** A fresh path under the cluster root. */
    static String freshPath(String prefix) throws IOException {
        return cluster().uri() + "/" + prefix + "-" + UUID.randomUUID();
    }
}
