package io.albis.bench.tpcds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/tpcds in miniature, so the harness cannot rot: three queries at a tiny scale on every
 * format, each answer checked against the answer on Parquet (Spark's golden answers need scale 1),
 * and the reports written.
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
            if (f[0].equals("q3")) { // (adaptive execution drops a join whose side is empty, as q96's is here)
                assertTrue(f[10].contains("BroadcastHashJoin="), row);
            }
        }
        // Sized as Parquet snappy's tables, every format's run the same joins.
        assertTrue(log.contains("tpcds: every format's tables sized for the planner as parquet-snappy's"), log);
        assertFalse(log.contains("joins differ"), log);
        SparkSession spark = SparkSession.active();
        BigInteger parquetSnappy = plannedSize(spark, "parquet_snappy.store_sales");
        assertEquals(parquetSnappy, plannedSize(spark, "albis.store_sales"));
        assertEquals(parquetSnappy, plannedSize(spark, "orc_none.store_sales"));
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

        // Sized by their own files, Albis tables (not compressed) are planned as the larger.
        log = PrintedRun.of("tpcds", "--scale", "0.01", "--queries", "q3", "--formats",
                "albis,parquet-snappy", "--warmup", "0", "--repeat", "1", "--table-sizes", "files", "--data",
                dir.resolve("data").toString(), "--out", dir.resolve("out-files").toString());
        assertTrue(log.contains("tpcds: every format's tables sized by their own files"), log);
        assertTrue(plannedSize(spark, "albis.store_sales").compareTo(plannedSize(spark, "parquet_snappy.store_sales"))
                > 0);
    }

    private static BigInteger plannedSize(SparkSession spark, String table) {
        return spark.table(table).queryExecution().optimizedPlan().stats().sizeInBytes().bigInteger();
    }
}
