package io.albis.crail;

import io.albis.crail.testcluster.CrailLocalCluster;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/**
 * Deleting files and directories gives their blocks back, after the namenode's reuse delay; an
 * allocation meanwhile waits for them rather than failing, so a small cluster takes many rounds
 * of writes and deletes.
 */
class CrailBlockReuseTest {
    @Test
    void deletedTreesFreeTheirBlocks() throws Exception {
        try (CrailLocalCluster cluster = CrailLocalCluster.start(0, 64L << 20);
                CrailStorage storage = CrailStorage.open(cluster.uri())) {
            for (int round = 0; round < 30; round++) {
                String dir = cluster.uri() + "/round-" + round;
                storage.mkdirs(dir + "/a/b");
                try (var f = storage.create(dir + "/a/b/file")) {
                    f.write(ByteBuffer.wrap(new byte[100]));
                }
                try (var f = storage.create(dir + "/_tmp.x")) {
                    f.write(ByteBuffer.wrap(new byte[100]));
                }
                storage.rename(dir + "/_tmp.x", dir + "/x");
                storage.delete(dir);
            }
        }
    }
}
