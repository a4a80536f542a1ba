package io.albis.bench.storage;

import io.albis.bench.format.albis.BenchStorage;
import io.albis.crail.testcluster.CrailLocalCluster;
import io.albis.hdfs.testcluster.LocalHdfsCluster;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The storage backends a run reads Albis from besides the local file system, started in this JVM
 * for the whole run: an HDFS and a Crail cluster on 127.0.0.1 (the storage modules' test
 * clusters). Their root URIs go to the forks as system properties
 * ({@link BenchStorage#forkProperties}); their data is deleted when the run ends.
 */
public final class StorageBackends implements Closeable {
    /** Crail memory for the harness: room for store_sales at scale 1 twice over, allocated as it is used. */
    public static final long CRAIL_BYTES = 2L << 30;

    private final List<String> started = new ArrayList<>();
    private LocalHdfsCluster hdfs;
    private CrailLocalCluster crail;

    private StorageBackends() {}

    /**
     * The backend a {@code --storage} value names, as {@link BenchStorage} and the Albis layouts
     * name it: "" (local), "hdfs" or "crail".
     */
    public static String backend(String storage) {
        return switch (storage.trim()) {
            case "local" -> "";
            case "hdfs-local" -> "hdfs";
            case "crail-local" -> "crail";
            default -> throw new IllegalArgumentException("--storage: unknown '" + storage
                    + "'; use local, hdfs-local and/or crail-local");
        };
    }

    /** Starts the backends {@code wanted} names ({@code --storage} values), Crail with {@code crailBytes} of memory. */
    public static StorageBackends start(List<String> wanted, long crailBytes) throws IOException {
        StorageBackends b = new StorageBackends();
        try {
            for (String w : wanted) {
                switch (backend(w)) {
                    case "hdfs" -> b.startHdfs();
                    case "crail" -> b.startCrail(crailBytes);
                    default -> { }
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

    private void startCrail(long bytes) throws IOException {
        if (crail != null) {
            return;
        }
        crail = CrailLocalCluster.start(0, bytes);
        System.setProperty(BenchStorage.CRAIL_ROOT_PROPERTY, crail.uri().toString());
        started.add("crail " + crail.uri());
    }

    /** What was started, e.g. "hdfs hdfs://localhost:40123". */
    public List<String> started() {
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
