package io.albis.hdfs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.hdfs.testcluster.SharedHdfsCluster;
import io.albis.testing.EvolveLoopKills;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A process evolving a table on this module's HDFS (it reaches the in-process cluster by its
 * hdfs:// URI), killed with SIGKILL at random moments: the table always reads as a committed
 * state, repair and verify pass, no committed row is lost.
 */
class HdfsEvolutionKilledTest {
    @Test
    void aProcessEvolvingATableKilledAtRandomMomentsLeavesACommittedState() throws Exception {
        long rows = EvolveLoopKills.run(SharedHdfsCluster.storage(), SharedHdfsCluster.freshPath("killed"), 2, 1500, new Random(13));
        assertTrue(rows > 0, "the processes appended");
    }
}
