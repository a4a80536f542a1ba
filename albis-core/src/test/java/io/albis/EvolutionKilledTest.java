package io.albis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.storage.LocalStorage;
import io.albis.testing.EvolveLoopKills;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process appending, adding, renaming and dropping columns, regrouping and rebalancing a local
 * table, killed with SIGKILL at random moments: the table always reads as a committed state,
 * repair and verify pass, no committed row is lost.
 */
class EvolutionKilledTest {
    @TempDir
    Path dir;

    @Test
    void aProcessEvolvingATableKilledAtRandomMomentsLeavesACommittedState() throws Exception {
        long rows = EvolveLoopKills.run(LocalStorage.INSTANCE, dir.resolve("t").toString(), 6, 600, new Random(11));
        assertTrue(rows > 0, "the processes appended");
    }
}
