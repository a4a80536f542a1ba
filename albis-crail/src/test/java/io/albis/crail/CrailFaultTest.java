package io.albis.crail;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.crail.testcluster.CrailLocalCluster;
import io.albis.storage.ReadableFile;
import io.albis.storage.WritableFile;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Failures give a clear IOException in bounded time, and work goes on once the failure is gone.
 * Each test runs its own cluster so that stopping its nodes disturbs no other test.
 */
class CrailFaultTest {
    private static final Duration BOUND = Duration.ofSeconds(60);
    private static final int MIB = 1 << 20;

    private CrailLocalCluster cluster;
    private CrailLocalCluster otherCluster;
    private CrailStorage storage;

    @AfterEach
    void stop() {
        if (storage != null) {
            storage.close();
        }
        if (cluster != null) {
            cluster.close();
        }
        if (otherCluster != null) {
            otherCluster.close();
        }
    }

    @Test
    void aDataNodeStoppedMidReadFailsTheReadAndItsFilesAreReadAgainOnceItIsBack() throws IOException {
        cluster = CrailLocalCluster.start(0, 256L * MIB);
        storage = CrailStorage.open(cluster.uri());
        byte[] content = bytes(3 * MIB + 100, 1);
        write("/file", content);

        try (ReadableFile f = storage.open("/file")) {
            ByteBuffer first = ByteBuffer.allocateDirect(MIB);
            f.readFully(0, first);
            cluster.stopDataNode();
            IOException e = assertTimeoutPreemptively(BOUND,
                    () -> assertThrows(IOException.class, () -> f.readFully(MIB, ByteBuffer.allocateDirect(2 * MIB))));
            assertTrue(e.getMessage().contains("/file"), e.getMessage());
            // The file stays failed rather than trying the dead connection again.
            assertTimeoutPreemptively(BOUND, () -> assertThrows(IOException.class, () -> f.readFully(0, ByteBuffer.allocate(10))));
        }

        // While it is down, new files fail too, promptly.
        assertTimeoutPreemptively(BOUND, () -> assertThrows(IOException.class, () -> write("/while-down", bytes(10, 9))));

        cluster.startDataNode(); // the same datanode back, with its data
        byte[] fresh = bytes(2 * MIB + 7, 2);
        assertTimeoutPreemptively(BOUND, () -> {
            assertArrayEquals(content, read("/file"));
            write("/fresh", fresh);
            assertArrayEquals(fresh, read("/fresh"));
        });
    }

    /** Without CrailSession's gates, NaRPC leaves all but one of these readers spinning forever. */
    @Test
    void readersOnSeveralThreadsAllFailPromptlyWhenTheDataNodeStops() throws Exception {
        cluster = CrailLocalCluster.start(0, 256L * MIB);
        storage = CrailStorage.open(cluster.uri());
        byte[] content = bytes(8 * MIB, 7);
        write("/shared", content);

        int threads = 3;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch reading = new CountDownLatch(threads);
        try {
            List<Future<Integer>> readers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                long seed = t;
                readers.add(pool.submit(() -> {
                    // Reads until the datanode stops; returns how many reads succeeded, or fails if none failed.
                    Random r = new Random(seed);
                    try (ReadableFile f = storage.open("/shared")) {
                        ByteBuffer b = ByteBuffer.allocateDirect(MIB);
                        for (int n = 0; ; n++) {
                            b.clear();
                            f.readFully(r.nextInt(7 * MIB), b);
                            if (n == 2) {
                                reading.countDown();
                            }
                        }
                    } catch (IOException expected) {
                        reading.countDown();
                        return 1;
                    }
                }));
            }
            reading.await();
            cluster.stopDataNode();
            assertTimeoutPreemptively(BOUND, () -> {
                for (Future<Integer> reader : readers) {
                    assertEquals(1, reader.get());
                }
            });
        } finally {
            pool.shutdownNow();
        }
        cluster.startDataNode();
        assertTimeoutPreemptively(BOUND, () -> assertArrayEquals(content, read("/shared")));
    }

    @Test
    void aNameNodeThatIsNotThereIsReportedAtOnceAndReachedOnceItRuns() throws IOException {
        // Another cluster provides a crail-site.conf, as a client would have; nobody listens on the port asked for.
        otherCluster = CrailLocalCluster.start(0, 64L * MIB);
        int port = freePort();
        URI uri = URI.create("crail://127.0.0.1:" + port);
        IOException e = assertTimeoutPreemptively(BOUND, () -> assertThrows(IOException.class, () -> CrailStorage.open(uri)));
        assertTrue(e.getMessage().contains("namenode at crail://127.0.0.1:" + port), e.getMessage());

        cluster = CrailLocalCluster.start(port, 256L * MIB);
        storage = assertTimeoutPreemptively(BOUND, () -> CrailStorage.open(uri));
        byte[] content = bytes(5000, 3);
        write("/after", content);
        assertArrayEquals(content, read("/after"));
    }

    @Test
    void aNameNodeStoppedUnderAStorageFailsItsCallsUntilItRunsAgain() throws IOException {
        cluster = CrailLocalCluster.start(0, 256L * MIB);
        storage = CrailStorage.open(cluster.uri());
        storage.mkdirs("/dir");

        cluster.stopNameNode();
        assertTimeoutPreemptively(BOUND, () -> {
            assertThrows(IOException.class, () -> storage.list("/dir"));
            assertThrows(IOException.class, () -> storage.exists("/dir"));
        });

        cluster.startNameNode(); // an empty namespace: the old one was in memory
        byte[] content = bytes(MIB + 1, 4);
        assertTimeoutPreemptively(BOUND, () -> {
            storage.mkdirs("/dir");
            write("/dir/new", content);
            assertArrayEquals(content, read("/dir/new"));
        });
    }

    @Test
    void aFileDeletedUnderAReaderFailsItsNextReadAndANewFileOfThatNameIsRead() throws IOException {
        cluster = CrailLocalCluster.start(0, 256L * MIB);
        storage = CrailStorage.open(cluster.uri());
        byte[] old = bytes(2 * MIB, 5);
        write("/victim", old);

        try (ReadableFile f = storage.open("/victim")) {
            f.readFully(0, ByteBuffer.allocate(1000));
            storage.delete("/victim");
            byte[] replacement = bytes(2 * MIB, 6);
            write("/victim", replacement); // may even get the freed blocks once they are reusable

            NoSuchFileException e = assertTimeoutPreemptively(BOUND,
                    () -> assertThrows(NoSuchFileException.class, () -> f.readFully(MIB, ByteBuffer.allocateDirect(MIB))));
            assertTrue(e.getMessage().contains("/victim"), e.getMessage());
            assertArrayEquals(replacement, read("/victim"));
        }
        // Deleting did not hurt the connection: the storage goes on.
        assertTrue(storage.list("/").contains("victim"));
    }

    private void write(String path, byte[] content) throws IOException {
        try (WritableFile f = storage.create(path)) {
            f.write(ByteBuffer.wrap(content));
        }
    }

    private byte[] read(String path) throws IOException {
        try (ReadableFile f = storage.open(path)) {
            ByteBuffer b = ByteBuffer.allocate(Math.toIntExact(f.length()));
            f.readFully(0, b);
            return b.array();
        }
    }

    private static byte[] bytes(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
