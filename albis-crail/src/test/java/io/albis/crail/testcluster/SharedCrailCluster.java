package io.albis.crail.testcluster;

import io.albis.crail.CrailStorage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.UUID;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One local Crail cluster and one storage on it, shared by every test class that uses this JUnit
 * extension, started on first use and stopped when the test run ends (JUnit closes what is kept
 * in the root context's store). Tests that stop nodes or fill the memory start clusters of their own.
 */
public final class SharedCrailCluster implements BeforeAllCallback {
    private static volatile Running running;

    /** The cluster and its storage; closing it stops both. */
    private record Running(CrailLocalCluster cluster, CrailStorage storage) implements AutoCloseable {
        @Override
        public void close() {
            storage.close();
            cluster.close();
            running = null;
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        running = context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(SharedCrailCluster.class, k -> start(), Running.class);
    }

    private static Running start() {
        try {
            CrailLocalCluster cluster = CrailLocalCluster.start();
            try {
                return new Running(cluster, CrailStorage.open(cluster.uri()));
            } catch (IOException | RuntimeException e) {
                cluster.close();
                throw e;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Running running() {
        Running r = running;
        if (r == null) {
            throw new IllegalStateException("annotate the test class with @ExtendWith(SharedCrailCluster.class)");
        }
        return r;
    }

    public static CrailLocalCluster cluster() {
        return running().cluster();
    }

    public static CrailStorage storage() {
        return running().storage();
    }

    /** A crail:// path that does not exist yet, unique to the caller. */
    public static String freshPath(String prefix) {
        return cluster().uri() + "/" + prefix + "-" + UUID.randomUUID();
    }
}
