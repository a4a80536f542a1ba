package io.albis.hdfs.testcluster;

import io.albis.hdfs.HadoopStorage;
import java.io.IOException;
import java.util.UUID;

/**
 * One in-process HDFS shared by every test in this JVM that does not need a cluster of its own,
 * started on first use and stopped when the JVM exits. Blocks are 1 MiB so test files span
 * several of them.
 */
public final class SharedHdfsCluster {
    public static final int BLOCK_SIZE = 1 << 20;

    private static LocalHdfsCluster cluster;

    private SharedHdfsCluster() {}

    public static synchronized LocalHdfsCluster cluster() throws IOException {
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

    public static HadoopStorage storage() throws IOException {
        return cluster().storage();
    }

    /** A fresh path under the cluster root. */
    public static String freshPath(String prefix) throws IOException {
        return cluster().uri() + "/" + prefix + "-" + UUID.randomUUID();
    }
}
