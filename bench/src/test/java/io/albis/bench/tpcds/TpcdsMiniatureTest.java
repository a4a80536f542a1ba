package io.albis.bench.tpcds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.AttributeMap$;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.statsEstimation.EstimationUtils;
import scala.Option;
import scala.math.BigInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/tpcds in miniature, so the harness cannot rot: three queries at a tiny scale on every
 * format, each answer checked against the answer on Parquet (Spark's golden answers need scale 1),
 * Albis tables read through the Albis session catalog's V2 scans and sized by their own
 * statistics, and the reports written.
 */
class TpcdsMiniatureTest {
    private static final List<String> QUERIES = List.of("q3", "q42", "q96");

    @Test
    void queriesAgreeOnEveryFormatAndTheReportsAreWritten(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        String log = PrintedRun.of("tpcds", "--scale", "0.01", "--queries", String.join(",", QUERIES), "--warmup", "0",
                "--repeat", "2", "--data", dir.resolve("data").toString(), "--out", out.toString());
        for (String q : QUERIES) {
            assertTrue(log.contains("tpcds: " + q + " ("), log);
        }
        assertTrue(log.contains("matches the answer on parquet-none"), log);
        List<String> rows = Files.readAllLines(out.resolve("tpcds-queries.csv"));
        assertEquals(1 + QUERIES.size() * TpcdsFormat.values().length, rows.size(), String.join("\n", rows));
        for (String row : rows.subList(1, rows.size())) {
            String[] f = row.split(",", -1);
            assertEquals("2", f[2], row);
            assertTrue(Double.parseDouble(f[3]) > 0, row);
            assertEquals("parquet-none", f[9], row);
            // (Adaptive execution drops a join whose side is empty, as q96's is here, and then every scan.)
            if (!f[0].equals("q96")) {
                // Albis tables through the catalog are V2 tables, read by BatchScanExec; Parquet and ORC
                // tables by Spark's V1 file scan.
                assertTrue(f[11].matches(f[1].startsWith("albis") ? "BatchScanExec=3" : "FileSourceScanExec=3"), row);
            }
            if (f[0].equals("q3")) {
                assertTrue(f[10].contains("BroadcastHashJoin="), row);
            }
        }
        // No table has statistics set by hand; at this scale every format's tables plan the same joins.
        assertTrue(log.contains("tpcds: " + TpcdsCommand.PLANNING), log);
        assertFalse(log.contains("joins differ"), log);
        assertTrue(log.contains("the same joins on 3 of 3 queries"), log);
        // An Albis table's size for the planner is its exact row count times Spark's row width
        // estimate, over the 3 of Parquet's compression (albis-spark's ScanStatistics), from its own statistics.
        SparkSession spark = SparkSession.active();
        LogicalPlan albis = spark.table("albis.store_sales").queryExecution().optimizedPlan();
        long rowCount = spark.table("albis.store_sales").count();
        assertEquals(Option.apply(BigInt.apply(rowCount)), albis.stats().rowCount());
        assertEquals(BigInteger.valueOf(rowCount).multiply(
                EstimationUtils.getSizePerRow(albis.output(), AttributeMap$.MODULE$.empty()).bigInteger())
                .divide(BigInteger.valueOf(3)), plannedSize(spark, "albis.store_sales"));
        assertTrue(Files.readAllLines(out.resolve("tpcds-totals.csv")).size() == 1 + TpcdsFormat.values().length);
        // Spark times the scans that produce batches (not one that reads no column, as a count does);
        // its scan time is in whole milliseconds, so a scan of this tiny data may show a share of 0.
        List<String> shares = rows.subList(1, rows.size()).stream().map(r -> r.split(",", -1)[7])
                .filter(v -> !v.isEmpty()).toList();
        assertTrue(shares.stream().mapToDouble(Double::parseDouble).allMatch(v -> v >= 0 && v <= 1), shares.toString());
        assertTrue(rows.stream().anyMatch(r -> r.contains(",parquet-snappy,") && !r.split(",", -1)[7].isEmpty()),
                "Spark times Parquet's scans: " + rows);
        assertTrue(Files.size(out.resolve("tpcds-gain-cdf.png")) > 0);
        assertTrue(Files.readString(out.resolve("tpcds-run.txt")).contains("seed 100"));
    }

    private static BigInteger plannedSize(SparkSession spark, String table) {
        return spark.table(table).queryExecution().optimizedPlan().stats().sizeInBytes().bigInteger();
    }
}
