package io.albis.hdfs;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * One in-process HDFS (a namenode and a datanode on 127.0.0.1, in a temporary directory) shared
 * by this module's tests and stopped when the JVM exits. Blocks are 1 MiB so test files span
 * several of them.
 */
final class MiniHdfs {
    static final int BLOCK_SIZE = 1 << 20;

    private static MiniDFSCluster cluster;
    private static HadoopStorage storage;

    private MiniHdfs() {}

    static synchronized MiniDFSCluster cluster() throws IOException {
        if (cluster == null) {
            File base = Files.createTempDirectory("albis-minidfs").toFile();
            Configuration conf = new Configuration();
            conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, base.getAbsolutePath());
            conf.setLong("dfs.blocksize", BLOCK_SIZE);
            conf.set("dfs.namenode.rpc-address", "127.0.0.1:0");
            conf.set("dfs.datanode.address", "127.0.0.1:0");
            cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
            cluster.waitActive();
            MiniDFSCluster started = cluster;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                started.shutdown(true);
            }));
        }
        return cluster;
    }

    /** The cluster's root, e.g. hdfs://127.0.0.1:40123. */
    static URI uri() throws IOException {
        return cluster().getFileSystem().getUri();
    }

    /** A client configuration for the cluster (1 MiB blocks, bounded retries). */
    static Configuration clientConf() throws IOException {
        Configuration conf = HadoopStorageProvider.configuration();
        conf.setLong("dfs.blocksize", BLOCK_SIZE);
        conf.set("fs.defaultFS", uri().toString());
        return conf;
    }

    static synchronized HadoopStorage storage() throws IOException {
        if (storage == null) {
            storage = HadoopStorage.open(uri(), clientConf());
        }
        return storage;
    }

    /** A fresh directory URI under the cluster root. */
    static String freshPath(String prefix) throws IOException {
        return uri() + "/" + prefix + "-" + UUID.randomUUID();
    }
}
