package io.albis.hdfs.testcluster;

import io.albis.hdfs.HadoopStorage;
import io.albis.hdfs.HadoopStorageProvider;
import io.albis.storage.LocalStorage;
import io.albis.write.WriterOptions;
import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * An HDFS on this machine for trying Albis and measuring it: one namenode and one datanode in
 * this JVM, bound to 127.0.0.1, storing blocks in a temporary directory that is removed on
 * close. Needs hadoop-client-minicluster on the class path (the CLI and the benchmark have it).
 */
public final class LocalHdfsCluster implements Closeable {
    /**
     * The block size for measuring Albis tables: a default row group's size, so each of its data
     * files is a single block, as a cluster tuned for large sequential reads would have it.
     */
    public static final long TABLE_BLOCK_SIZE = WriterOptions.DEFAULT_ROW_GROUP_BYTES;

    private final Path dir;
    private final MiniDFSCluster cluster;
    private final HadoopStorage storage;

    private LocalHdfsCluster(Path dir, MiniDFSCluster cluster, HadoopStorage storage) {
        this.dir = dir;
        this.cluster = cluster;
        this.storage = storage;
    }

    /** Starts the cluster (about 5 s) with the given block size in bytes (HDFS default 128 MiB). */
    public static LocalHdfsCluster start(long blockSize) throws IOException {
        Path dir = Files.createTempDirectory("albis-hdfs");
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.toString());
        conf.setLong("dfs.blocksize", blockSize);
        MiniDFSCluster cluster = null;
        try {
            cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
            cluster.waitActive();
            URI uri = cluster.getFileSystem().getUri();
            Configuration client = HadoopStorageProvider.configuration();
            client.setLong("dfs.blocksize", blockSize);
            // Closing a file asks the namenode to complete it and, while the one datanode has not
            // reported the last block yet, retries after 400 ms by default: most of a small file's
            // close time on a one-node cluster. Retry sooner.
            client.setInt("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", 5);
            return new LocalHdfsCluster(dir, cluster, HadoopStorage.open(uri, client));
        } catch (IOException | RuntimeException e) {
            if (cluster != null) {
                cluster.shutdown(true);
            }
            LocalStorage.INSTANCE.delete(dir.toString());
            throw e;
        }
    }

    /** The cluster's root, e.g. hdfs://localhost:40123. */
    public URI uri() throws IOException {
        return cluster.getFileSystem().getUri();
    }

    /** A storage on this cluster (closed with the cluster). */
    public HadoopStorage storage() {
        return storage;
    }

    public MiniDFSCluster miniCluster() {
        return cluster;
    }

    @Override
    public void close() throws IOException {
        try {
            storage.close();
        } finally {
            cluster.shutdown(true);
            LocalStorage.INSTANCE.delete(dir.toString());
        }
    }
}
