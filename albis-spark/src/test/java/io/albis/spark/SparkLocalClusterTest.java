package io.albis.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.spark.catalog.ChildSparkJvm;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The albis source with executors in separate JVMs: {@code local-cluster[2,1,1024]}, started in a
 * JVM of its own ({@link LocalClusterMain}) with the settings Spark's own build gives its tests to
 * run such a cluster from a Maven class path. One task per row group, every row read once.
 */
class SparkLocalClusterTest {
    @TempDir
    Path dir;

    @Test
    void oneTaskPerRowGroupOnExecutorsInOtherJvms() throws Exception {
        try (ChildSparkJvm driver = ChildSparkJvm.start(dir, "driver", LocalClusterMain.class, dir.resolve("t").toString())) {
            boolean done = driver.waitFor(300);
            assertTrue(done && driver.process().exitValue() == 0, "the local-cluster run failed:\n" + driver.logTail());
            String result = driver.log().lines().filter(l -> l.startsWith("RESULT ")).findFirst().orElse("");
            assertEquals("RESULT rowGroups=12 tasks=12 rows=10000 sum=49995000 executorProcesses=2", result,
                    driver.logTail());
        }
    }
}
