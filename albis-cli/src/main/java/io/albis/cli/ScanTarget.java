package io.albis.cli;

import io.albis.error.InvalidOptionException;
import io.albis.crail.CrailStorage;
import io.albis.crail.testcluster.CrailLocalCluster;
import io.albis.hdfs.testcluster.LocalHdfsCluster;
import io.albis.storage.Storage;
import io.albis.storage.StorageCopy;
import io.albis.table.AlbisTable;
import java.io.Closeable;
import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;

/**
 * The table a scan reads: the one TABLE names, or a copy of it on a storage backend started in
 * this JVM (so a user can compare backends on one machine without setting up a cluster).
 */
final class ScanTarget implements Closeable {

    enum Kind {
        PATH("path"),
        HDFS_LOCAL("hdfs-local"),
        CRAIL_LOCAL("crail-local");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        String label() {
            return label;
        }

        static Kind parse(String s) {
            for (Kind k : values()) {
                if (k.label.equals(s.trim().toLowerCase(Locale.ROOT))) {
                    return k;
                }
            }
            throw new InvalidOptionException("--storage: unknown '" + s + "'; use one or more of "
                    + Arrays.stream(values()).map(Kind::label).toList());
        }
    }

    private final Kind kind;
    private final AlbisTable table;
    private final Closeable backend;

    private ScanTarget(Kind kind, AlbisTable table, Closeable backend) {
        this.kind = kind;
        this.table = table;
        this.backend = backend;
    }

    static ScanTarget open(Kind kind, AlbisTable source) throws IOException {
        if (kind == Kind.PATH) {
            return new ScanTarget(kind, source, () -> { });
        }
        if (kind == Kind.HDFS_LOCAL) {
            LocalHdfsCluster hdfs = LocalHdfsCluster.start(LocalHdfsCluster.TABLE_BLOCK_SIZE);
            try {
                return copied(kind, source, hdfs.storage(), hdfs.uri() + "/table", hdfs);
            } catch (IOException | RuntimeException e) {
                hdfs.close();
                throw e;
            }
        }
        // Room for the table plus a block per file and directory; allocated as it is used.
        long bytes = Math.max(CrailLocalCluster.DEFAULT_STORAGE_BYTES, 2 * tableBytes(source));
        CrailLocalCluster crail = CrailLocalCluster.start(0, bytes);
        CrailStorage storage = null;
        try {
            storage = CrailStorage.open(crail.uri());
            CrailStorage opened = storage;
            return copied(kind, source, storage, crail.uri() + "/table", () -> {
                opened.close();
                crail.close();
            });
        } catch (IOException | RuntimeException e) {
            if (storage != null) {
                storage.close();
            }
            crail.close();
            throw e;
        }
    }

    private static ScanTarget copied(Kind kind, AlbisTable source, Storage storage, String path, Closeable backend)
            throws IOException {
        StorageCopy.copy(source.storage(), source.path(), storage, path);
        return new ScanTarget(kind, AlbisTable.open(storage, path), backend);
    }

    private static long tableBytes(AlbisTable table) throws IOException {
        long total = 0;
        for (String f : io.albis.scan.ChecksumScan.dataFiles(table, io.albis.read.ReadOptions.all())) {
            try (var file = table.storage().open(f)) {
                total += file.length();
            }
        }
        return total;
    }

    Kind kind() {
        return kind;
    }

    AlbisTable table() {
        return table;
    }

    @Override
    public void close() throws IOException {
        backend.close();
    }
}
