package io.albis.crail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.albis.crail.testcluster.CrailLocalCluster;
import io.albis.storage.WritableFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Deleting files and directories gives every block back to the namenode (after its reuse delay;
 * an allocation meanwhile waits for them rather than failing), whatever state a file was deleted
 * in. Each test writes and deletes far more blocks than its 64 MiB cluster has, and checks after
 * every round that the free blocks are back where they started.
 */
class CrailBlockReuseTest {
    private static final long STORAGE_BYTES = 64L << 20;

    private CrailLocalCluster cluster;
    private CrailStorage storage;
    /** Free blocks with nothing but the root directory. */
    private int baseline;

    @BeforeEach
    void start() throws IOException {
        cluster = CrailLocalCluster.start(0, STORAGE_BYTES);
        storage = CrailStorage.open(cluster.uri());
        storage.exists(cluster.uri() + "/"); // gives the root directory its block
        baseline = cluster.freeBlocks();
    }

    @AfterEach
    void stop() {
        try {
            storage.close();
        } finally {
            cluster.close();
        }
    }

    private void assertAllBlocksFree(String context) {
        assertEquals(baseline, cluster.freeBlocks(), context + ": blocks not given back");
    }

    private static void write(WritableFile f, int bytes) throws IOException {
        f.write(ByteBuffer.wrap(new byte[bytes]));
    }

    @Test
    void deletedTreesFreeTheirBlocks() throws Exception {
        for (int round = 0; round < 30; round++) {
            String dir = cluster.uri() + "/round-" + round;
            storage.mkdirs(dir + "/a/b");
            try (var f = storage.create(dir + "/a/b/file")) {
                write(f, 100);
            }
            storage.mkdirs(dir + "/c");
            try (var f = storage.create(dir + "/c/_tmp.x")) {
                write(f, 100);
            }
            storage.rename(dir + "/c/_tmp.x", dir + "/a/x"); // into another directory
            storage.delete(dir);
            assertAllBlocksFree("round " + round);
        }
    }

    @Test
    void filesDeletedOpenOrWrittenAfterTheirDeletionFreeTheirBlocks() throws Exception {
        int blockSize = Math.toIntExact(storage.blockSize());
        for (int round = 0; round < 12; round++) {
            String dir = cluster.uri() + "/round-" + round;
            storage.mkdirs(dir + "/a");
            WritableFile neverClosed = storage.create(dir + "/a/never-closed");
            write(neverClosed, 3 * blockSize);
            WritableFile writtenAfter = storage.create(dir + "/a/written-after");
            write(writtenAfter, 100);
            storage.delete(dir);
            assertThrows(IOException.class, () -> {
                write(writtenAfter, 3 * blockSize); // asks the namenode for blocks of a deleted file
                writtenAfter.close();
            });
            assertAllBlocksFree("round " + round);
        }
    }

}
