package io.albis.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
        Path sparkHome = Files.createDirectories(dir.resolve("spark-home"));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(System.getProperty("albis.test.sparkArgLine", "").trim().split("\\s+")));
        command.removeIf(String::isEmpty);
        command.addAll(List.of("-Dspark.testing=1", "-Dspark.test.home=" + sparkHome,
                "-cp", System.getProperty("java.class.path"), LocalClusterMain.class.getName(),
                dir.resolve("t").toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("out.txt").toFile());
        pb.environment().put("SPARK_TESTING", "1");
        pb.environment().put("SPARK_SCALA_VERSION", "2.13");
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        pb.environment().put("SPARK_DIST_CLASSPATH", System.getProperty("java.class.path"));
        Process p = pb.start();
        boolean done = p.waitFor(5, TimeUnit.MINUTES);
        String out = Files.readString(dir.resolve("out.txt"));
        if (!done) {
            p.destroyForcibly();
        }
        assertTrue(done && p.exitValue() == 0, "the local-cluster run failed:\n" + tail(out));
        String result = out.lines().filter(l -> l.startsWith("RESULT ")).findFirst().orElse("");
        assertEquals("RESULT rowGroups=12 tasks=12 rows=10000 sum=49995000 executorProcesses=2", result, tail(out));
    }

    private static String tail(String s) {
        return s.length() > 6000 ? s.substring(s.length() - 6000) : s;
    }
}
