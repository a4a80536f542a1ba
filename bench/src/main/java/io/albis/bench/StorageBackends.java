package io.albis.bench;

import io.albis.bench.format.albis.BenchStorage;
import io.albis.crail.testcluster.CrailLocalCluster;
import io.albis.hdfs.testcluster.LocalHdfsCluster;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The storage backends a run reads Albis from besides the local file system, started in the
 * harness's JVM for the whole run. Their root URIs go to the forks as system properties
 * ({@link BenchStorage#forkProperties}); their data is deleted when the run ends.
 */
public final class StorageBackends implements Closeable {
    /** Crail memory: room for store_sales at scale 1 twice over, allocated as it is used. */
    private static final long CRAIL_BYTES = 2L << 30;

    private final List<String> started = new ArrayList<>();
    private LocalHdfsCluster hdfs;
    private CrailLocalCluster crail;

    private StorageBackends() {}

    static StorageBackends start(List<String> wanted) throws IOException {
        StorageBackends b = new StorageBackends();
        try {
            for (String w : wanted) {
                switch (w.trim()) {
                    case "local" -> { }
                    case "hdfs-local" -> b.startHdfs();
                    case "crail-local" -> b.startCrail();
                    default -> throw new IllegalArgumentException("--storage: unknown '" + w
                            + "'; use local, hdfs-local and/or crail-local");
                }
            }
        } catch (IOException | RuntimeException e) {
            b.close();
            throw e;
        }
        return b;
    }

    private void startHdfs() throws IOException {
        if (hdfs != null) {
            return;
        }
        hdfs = LocalHdfsCluster.start(LocalHdfsCluster.TABLE_BLOCK_SIZE);
        System.setProperty(BenchStorage.HDFS_ROOT_PROPERTY, hdfs.uri().toString());
        started.add("hdfs " + hdfs.uri());
    }

    private void startCrail() throws IOException {
        if (crail != null) {
            return;
        }
        crail = CrailLocalCluster.start(0, CRAIL_BYTES);
        System.setProperty(BenchStorage.CRAIL_ROOT_PROPERTY, crail.uri().toString());
        started.add("crail " + crail.uri());
    }

    List<String> started() {
        return started;
    }

    @Override
    public void close() throws IOException {
        if (crail != null) {
            System.clearProperty(BenchStorage.CRAIL_ROOT_PROPERTY);
            crail.close();
            crail = null;
        }
        if (hdfs != null) {
            System.clearProperty(BenchStorage.HDFS_ROOT_PROPERTY);
            hdfs.close();
            hdfs = null;
        }
    }
}
