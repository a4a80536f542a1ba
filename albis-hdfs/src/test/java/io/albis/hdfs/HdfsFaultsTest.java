package io.albis.hdfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.hdfs.testcluster.LocalHdfsCluster;
import io.albis.storage.ReadableFile;
import io.albis.storage.WritableFile;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Faults on HDFS: each surfaces as an IOException within a bounded time, and the storage works
 * again once the fault is gone. A cluster of its own, since these tests stop its nodes.
 */
class HdfsFaultsTest {
    private static final int BLOCK = 1 << 20;
    private static final Duration BOUND = Duration.ofSeconds(90);

    private static LocalHdfsCluster cluster;

    @BeforeAll
    static void start() throws IOException {
        cluster = LocalHdfsCluster.start(BLOCK);
    }

    @AfterAll
    static void stop() throws IOException {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static byte[] write(HadoopStorage storage, String path, int n) throws IOException {
        byte[] content = new byte[n];
        new Random(n).nextBytes(content);
        try (WritableFile f = storage.create(path)) {
            f.write(ByteBuffer.wrap(content));
        }
        return content;
    }

    private static byte[] read(ReadableFile f, long pos, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n);
        f.readFully(pos, b);
        return b.array();
    }

    private static byte[] slice(byte[] b, int off, int n) {
        byte[] out = new byte[n];
        System.arraycopy(b, off, out, 0, n);
        return out;
    }

    @Test
    void aDatanodeStoppedMidReadFailsTheReadThenReadsWorkAfterItsRestart() throws Exception {
        HadoopStorage storage = cluster.storage();
        String path = cluster.uri() + "/dn-stop";
        byte[] content = write(storage, path, 3 * BLOCK);
        MiniDFSCluster mini = cluster.miniCluster();
        try (ReadableFile f = storage.open(path)) {
            assertArrayEquals(slice(content, 0, 1000), read(f, 0, 1000));
            MiniDFSCluster.DataNodeProperties dn = mini.stopDataNode(0);
            try {
                IOException e = assertTimeoutPreemptively(BOUND,
                        () -> assertThrows(IOException.class, () -> read(f, 2L * BLOCK + 5, 1000)));
                assertTrue(e.getMessage() != null && !e.getMessage().isEmpty(), "the error says something: " + e);
            } finally {
                assertTrue(mini.restartDataNode(dn, true), "datanode restarted");
                mini.waitActive();
            }
        }
        try (ReadableFile f = storage.open(path)) {
            assertArrayEquals(slice(content, 2 * BLOCK + 5, 1000), read(f, 2L * BLOCK + 5, 1000));
        }
    }

    @Test
    void aNamenodeThatIsNotThereFailsWithinBoundedTime() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        URI nowhere = URI.create("hdfs://127.0.0.1:" + port);
        HadoopStorage storage = HadoopStorage.open(nowhere, HadoopStorageProvider.configuration());
        try {
            IOException e = assertTimeoutPreemptively(BOUND,
                    () -> assertThrows(IOException.class, () -> storage.list(nowhere + "/")));
            assertTrue(e.toString().contains(String.valueOf(port)) || e.toString().contains("onnection"),
                    "the error names the address or the connection: " + e);
        } finally {
            storage.close();
        }
    }

    @Test
    void aNamenodeRestartedAfterAnOutageServesAgain() throws Exception {
        HadoopStorage storage = cluster.storage();
        String root = cluster.uri().toString();
        String path = root + "/nn-restart";
        byte[] content = write(storage, path, 1000);
        MiniDFSCluster mini = cluster.miniCluster();
        mini.shutdownNameNode(0);
        try {
            assertTimeoutPreemptively(BOUND, () -> assertThrows(IOException.class, () -> storage.list(root + "/")));
        } finally {
            mini.restartNameNode(0, true);
            mini.waitActive();
        }
        try (ReadableFile f = storage.open(path)) {
            assertArrayEquals(content, read(f, 0, 1000));
        }
    }

    @Test
    void aFileDeletedUnderAReaderFailsTheNextBlockReadAndLeavesTheStorageUsable() throws Exception {
        String path = cluster.uri() + "/deleted";
        byte[] content = write(cluster.storage(), path, 3 * BLOCK);
        // A reader that fetches block locations one block at a time, so reading past the first
        // block asks the namenode again and learns that the file is gone.
        Configuration conf = HadoopStorageProvider.configuration();
        conf.setLong("dfs.client.read.prefetch.size", BLOCK);
        try (HadoopStorage reader = HadoopStorage.open(cluster.uri(), conf); ReadableFile f = reader.open(path)) {
            assertArrayEquals(slice(content, 0, 1000), read(f, 0, 1000));
            cluster.storage().delete(path);
            IOException e = assertTimeoutPreemptively(BOUND,
                    () -> assertThrows(IOException.class, () -> read(f, 2L * BLOCK + 1, 1000)));
            assertTrue(e.toString().contains("deleted") || e.toString().contains("does not exist")
                    || e.toString().contains("not found") || e.toString().contains("FileNotFound"), e.toString());
        }
        assertEquals(false, cluster.storage().exists(path));
        byte[] again = write(cluster.storage(), path, 5000);
        try (ReadableFile f = cluster.storage().open(path)) {
            assertArrayEquals(again, read(f, 0, 5000));
        }
    }
}
