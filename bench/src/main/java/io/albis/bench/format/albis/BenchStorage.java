package io.albis.bench.format.albis;

import io.albis.storage.LocalStorage;
import io.albis.storage.Storage;
import io.albis.storage.StorageCopy;
import io.albis.storage.Storages;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where Albis copies are read from. The harness starts the backends a run asks for (an HDFS and
 * a Crail cluster in its own JVM, on 127.0.0.1) and hands their root URIs to every fork as system properties; a
 * fork copies a local Albis table to a backend on first use (not timed: the warm-up reads come
 * first) and reads it there through the backend's storage, so raw and Albis reads of a backend
 * go through the same storage layer.
 */
public final class BenchStorage {
    /** Backends a layout can name, as variant tokens. */
    public static final List<String> BACKENDS = List.of("hdfs", "crail");

    /** System property holding the root URI of the harness's HDFS. */
    public static final String HDFS_ROOT_PROPERTY = "albis.bench.hdfs";

    /** System property holding the root URI of the harness's Crail cluster. */
    public static final String CRAIL_ROOT_PROPERTY = "albis.bench.crail";

    private BenchStorage() {}

    /** -D flags that give a fork this JVM's backend roots. */
    public static List<String> forkProperties() {
        List<String> out = new ArrayList<>();
        for (String property : List.of(HDFS_ROOT_PROPERTY, CRAIL_ROOT_PROPERTY)) {
            String root = System.getProperty(property);
            if (root != null) {
                out.add("-D" + property + "=" + root);
            }
        }
        return out;
    }

    /** The root URI of a backend in this run, or null when the run did not start it. */
    public static String root(String backend) {
        return switch (backend) {
            case "hdfs" -> System.getProperty(HDFS_ROOT_PROPERTY);
            case "crail" -> System.getProperty(CRAIL_ROOT_PROPERTY);
            default -> throw new IllegalArgumentException("unknown storage backend '" + backend + "'; known: " + BACKENDS);
        };
    }

    /** The table in local directory {@code dir}, or its copy on {@code backend} ("" for local). */
    public static AlbisTable open(Path dir, String backend) throws IOException {
        if (backend.isEmpty()) {
            return AlbisTable.open(LocalStorage.INSTANCE, dir.toString());
        }
        String root = root(backend);
        if (root == null) {
            throw new IOException(dir + " is to be read from " + backend + ", but this run started no " + backend
                    + " (run the harness with --storage including " + backend + "-local)");
        }
        String path = root + dir.toAbsolutePath().normalize().toString();
        Storage storage = Storages.forPath(path);
        if (!storage.exists(path)) {
            try {
                StorageCopy.copy(LocalStorage.INSTANCE, dir.toString(), storage, path);
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                // another reader copied it first
            }
        }
        return AlbisTable.open(storage, path);
    }
}
