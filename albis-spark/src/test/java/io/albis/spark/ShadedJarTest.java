package io.albis.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.spark.convert.ConvertJob;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar {@code mvn package} builds for {@code spark-submit --jars}, in a JVM of its own with
 * nothing but Spark's class path and that jar (run after package, by {@code mvn verify}):
 * {@link ConvertJob} writes a Parquet table into Albis through {@code format("albis")}, then reads
 * that table with {@code format("albis")} and writes it again cut into smaller row groups; this
 * JVM checks the rows of both.
 */
class ShadedJarTest {
    @TempDir
    Path dir;

    private final SparkSession spark = SparkSessions.local();

    private static String property(String name) {
        String v = System.getProperty(name);
        assertTrue(v != null && !v.isEmpty(), name + " is set by the POM's shaded-jar-test execution");
        return v;
    }

    private String runJob(String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(Arrays.asList(property("albis.spark.testArgLine").trim().split("\\s+")));
        command.addAll(List.of("-Dspark.master=local[1]", "-Dspark.ui.enabled=false", "-Dspark.driver.host=127.0.0.1",
                "-cp", Files.readString(Path.of(property("albis.spark.classpath"))).trim() + java.io.File.pathSeparator
                        + property("albis.spark.jar"),
                ConvertJob.class.getName()));
        command.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        Path log = dir.resolve("job-" + System.nanoTime() + ".log");
        Process p = pb.redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the job ends");
        String output = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), output);
        return output;
    }

    @Test
    void theJarConvertsReadsAndWritesAlbisInASparkOfItsOwn() throws Exception {
        String parquet = dir.resolve("in").toString();
        Dataset<Row> rows = spark.sql("SELECT id, concat('s', id) AS s, CAST(id / 3 AS DECIMAL(12, 2)) AS d,"
                + " array(id, id + 1) AS a FROM range(0, 500, 1, 2)");
        rows.write().parquet(parquet);
        String first = dir.resolve("first").toString();
        String second = dir.resolve("second").toString();
        String out1 = runJob(parquet, first);
        assertTrue(out1.contains("converted " + parquet + " (parquet) -> " + first + " (albis): 500 rows"), out1);
        String out2 = runJob("--format", "albis", "--row-group-rows", "100", first, second);
        assertTrue(out2.contains(": 500 rows, 5 row groups in 1 table(s)"), out2);
        SparkRows.assertSameRows(rows, spark.read().format("albis").load(first));
        SparkRows.assertSameRows(rows, spark.read().format("albis").load(second));
    }
}
