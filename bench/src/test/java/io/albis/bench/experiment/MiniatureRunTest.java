package io.albis.bench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.TestData;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.spark.SparkLevelFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every experiment at a tiny scale, in process, one round, one repetition, with every format on
 * the classpath (other modules' formats included) and Albis also read from an in-process HDFS and Crail:
 * each writes its CSV and PNG, and every format agrees with the source's data. Keeps the harness from rotting; asserts no timings.
 */
class MiniatureRunTest {

    @Test
    void everyExperimentWritesItsCsvAndChart(@TempDir Path out) throws IOException {
        ResultFiles.runHarness("--experiments", "all", "--scale", Double.toString(TestData.STORE_SALES_SCALE),
                "--in-process", "--forks", "1", "--warmup", "0", "--repeat", "1", "--threads", "1,2",
                "--data", TestData.root().toString(), "--out", out.toString(), "--storage", "local,hdfs-local,crail-local");
        assertTrue(Files.isRegularFile(out.resolve("run.txt")), "run.txt");

        // An in-process run measures every registered format except those that need JVM flags of their own;
        // Spark-level formats run in experiments 9 (lists and maps), 10 and 11 only.
        Set<String> present = FormatSet.load(null).withoutFormatsNeedingJvmArgs().selected().stream()
                .filter(f -> !(f instanceof SparkLevelFormat)).map(BenchFormat::name).collect(Collectors.toSet());
        Set<String> sparkLevel = FormatSet.load(null).selected().stream().filter(f -> f instanceof SparkLevelFormat)
                .map(BenchFormat::name).collect(Collectors.toSet());
        for (Experiment e : Experiments.all()) {
            List<CSVRecord> rows = ResultFiles.rows(out, e);
            for (CSVRecord r : rows) {
                assertTrue(Set.of("ok", "baseline", "-").contains(r.get("check")), e.fileStem() + ": " + r);
                assertEquals(Integer.toString(e.number()), r.get("experiment"));
                // Lookups of keys the table does not hold find no rows, as they should.
                boolean findsNone = e instanceof Lookup && r.get("point").contains("non-member");
                assertEquals(findsNone, r.get("rows").equals("0"), e.fileStem() + " rows: " + r);
            }
            if (e.number() == 1) {
                Set<String> measured = rows.stream().map(r -> r.get("format")).collect(Collectors.toSet());
                assertEquals(present, measured, "formats measured in experiment 1");
                assertTrue(rows.stream().anyMatch(r -> r.get("threads").equals("2")), "2-thread rows");
            }
        }
        List<CSVRecord> spark = ResultFiles.rows(out, new SparkLevel());
        for (String point : List.of("ingest", "sum")) {
            assertEquals(sparkLevel, spark.stream().filter(r -> r.get("point").equals(point)).map(r -> r.get("format"))
                    .collect(Collectors.toSet()), "Spark-level formats at " + point + " in experiment 10");
        }
        assertEquals(Set.of("spark-albis", "spark-parquet", "spark-orc"), spark.stream()
                .filter(r -> r.get("point").equals("write")).map(r -> r.get("format")).collect(Collectors.toSet()),
                "Spark writes in experiment 10");
        assertTrue(spark.stream().anyMatch(r -> r.get("point").equals("core") && r.get("format").equals("albis-binary")),
                "the core-level read of experiment 10");
        List<CSVRecord> evolution = ResultFiles.rows(out, new Evolution());
        for (String point : List.of("add", "drop", "regroup")) {
            Set<String> expected = point.equals("add") ? Set.of("spark-albis", "spark-parquet", "spark-orc")
                    : Set.of("albis", "spark-albis", "spark-parquet");
            assertEquals(expected, evolution.stream().filter(r -> r.get("point").equals(point)).map(r -> r.get("format"))
                    .collect(Collectors.toSet()), "formats changing store_sales at " + point + " in experiment 11");
        }
        for (CSVRecord r : evolution) {
            assertTrue(Long.parseLong(r.get("file_bytes")) > 0, "experiment 11 wrote no bytes: " + r);
        }
        List<CSVRecord> projectivity = ResultFiles.rows(out, new Projectivity());
        assertEquals(Set.of("", "cg1", "cg10"), projectivity.stream().filter(r -> r.get("format").equals("albis"))
                .map(r -> r.get("variant")).collect(Collectors.toSet()), "Albis layouts of experiment 3");
        List<CSVRecord> storage = ResultFiles.rows(out, new StorageRead());
        for (String format : List.of("raw", "albis-binary")) {
            assertEquals(Set.of("", "hdfs", "crail"), storage.stream().filter(r -> r.get("format").equals(format))
                    .map(r -> r.get("variant")).collect(Collectors.toSet()), format + " on each backend in experiment 8");
        }
        List<CSVRecord> segments = ResultFiles.rows(out, new SegmentSize());
        assertEquals(5, segments.stream().map(r -> r.get("point")).distinct().count(), "segment sizes of experiment 7");
    }
}
