package io.albis.crail;

import io.albis.crail.testcluster.CrailLocalCluster;
import io.albis.storage.Storage;
import io.albis.testing.JobCommitContract;
import java.io.IOException;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * Job commits, with failures injected at every operation, on a local Crail cluster of its own:
 * the injection writes and removes a few thousand small files, each taking a whole Crail block,
 * so it does not share the other tests' cluster.
 */
class CrailJobCommitTest extends JobCommitContract {
    private static CrailLocalCluster cluster;
    private static CrailStorage storage;

    @BeforeAll
    static void start() throws IOException {
        cluster = CrailLocalCluster.start(0, 256L << 20);
        storage = CrailStorage.open(cluster.uri());
    }

    @AfterAll
    static void stop() throws IOException {
        try {
            storage.close();
        } finally {
            cluster.close();
        }
    }

    @Override
    public Storage storage() {
        return storage;
    }

    @Override
    public String freshRoot() {
        return cluster.uri() + "/jobs-" + UUID.randomUUID();
    }
}
