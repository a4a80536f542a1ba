package io.albis.bench;

import io.albis.bench.format.albis.BenchStorage;
import io.albis.hdfs.local.LocalHdfsCluster;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The storage backends a run reads Albis from besides the local file system, started in the
 * harness's JVM for the whole run. Their root URIs go to the forks as system properties
 * ({@link #forkProperties}); their data is deleted when the run ends.
 */
public final class StorageBackends implements Closeable {
    /** HDFS blocks: 256 MiB, so every data file of a default row group is a single block. */
    private static final long HDFS_BLOCK = 256L << 20;

    private final List<String> started = new ArrayList<>();
    private LocalHdfsCluster hdfs;

    private StorageBackends() {}

    static StorageBackends start(List<String> wanted) throws IOException {
        StorageBackends b = new StorageBackends();
        try {
            for (String w : wanted) {
                switch (w.trim()) {
                    case "local" -> { }
                    case "hdfs-local" -> b.startHdfs();
                    default -> throw new IllegalArgumentException("--storage: unknown '" + w
                            + "'; use local and/or hdfs-local");
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
        hdfs = LocalHdfsCluster.start(HDFS_BLOCK);
        System.setProperty(BenchStorage.HDFS_ROOT_PROPERTY, hdfs.uri().toString());
        started.add("hdfs " + hdfs.uri());
    }

    List<String> started() {
        return started;
    }

    /** -D flags that give a fork this JVM's backend roots. */
    public static List<String> forkProperties() {
        List<String> out = new ArrayList<>();
        String hdfsRoot = System.getProperty(BenchStorage.HDFS_ROOT_PROPERTY);
        if (hdfsRoot != null) {
            out.add("-D" + BenchStorage.HDFS_ROOT_PROPERTY + "=" + hdfsRoot);
        }
        return out;
    }

    @Override
    public void close() throws IOException {
        if (hdfs != null) {
            System.clearProperty(BenchStorage.HDFS_ROOT_PROPERTY);
            hdfs.close();
            hdfs = null;
        }
    }
}
