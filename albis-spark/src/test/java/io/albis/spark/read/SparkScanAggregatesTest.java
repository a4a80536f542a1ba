package io.albis.spark.read;

import static io.albis.spark.SparkRows.assertSameRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.spark.SparkSessions;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Partial aggregates the scan computes over the rows it reads, against Spark's own aggregation
 * over Parquet on the same rows: every function over every type it takes, with nulls, grouped by
 * data and partition columns of every key type (nulls grouping together), under pushed filters
 * and runtime filters, over row groups the filters empty and scans with no task, with decimal
 * sums near their type's limit (sums split) and tasks holding fewer groups than they meet.
 */
class SparkScanAggregatesTest {
    @TempDir
    static Path dir;

    private static final SparkSession spark = SparkSessions.local();
    private static ParquetAndAlbis tables;

    /** Every function over every type the scan sums, or takes the extremes of. */
    private static final String EVERY_FUNCTION = String.join(", ",
            "count(*)", "count(l)", "count(nothing)", "count(str)",
            "sum(b)", "sum(s)", "sum(i)", "sum(l)", "sum(f)", "sum(d)", "sum(price)", "sum(big)", "sum(nothing)",
            "avg(i)", "avg(d)", "avg(price)", "avg(big)",
            "min(b)", "max(s)", "min(i)", "max(l)", "min(f)", "max(f)", "min(d)", "max(d)", "min(nan)", "max(nan)",
            "min(price)", "max(big)", "min(dt)", "max(ts)", "min(bool)", "max(bool)", "min(str)", "max(str)",
            "min(nothing)");

    @BeforeAll
    static void writeTables() {
        Dataset<Row> df = spark.sql("""
                SELECT CAST(id AS INT) AS i,
                  CASE WHEN id % 7 = 0 THEN NULL ELSE CAST(id % 50 AS INT) END AS k,
                  CASE WHEN id % 11 = 0 THEN NULL ELSE concat('g', id % 13) END AS sk,
                  CAST(id % 3 - 1 AS TINYINT) AS b,
                  CAST(id % 1000 AS SMALLINT) AS s,
                  CASE WHEN id % 5 = 0 THEN NULL ELSE (id - 3000) * 1000003 END AS l,
                  CAST((id % 997) / 8.0 AS FLOAT) AS f,
                  CASE WHEN id % 4 = 0 THEN NULL ELSE (id % 1000 - 500) / 4.0D END AS d,
                  CASE WHEN id % 13 = 0 THEN CAST('NaN' AS DOUBLE) WHEN id % 17 = 0 THEN -0.0D ELSE id / 8.0D END AS nan,
                  CAST((id % 20000) / 100 AS DECIMAL(7, 2)) AS price,
                  CASE WHEN id % 9 = 0 THEN NULL
                       ELSE CAST((999999999999999999 - id) * (CASE WHEN id % 2 = 0 THEN 1 ELSE -1 END) AS DECIMAL(18, 0))
                  END AS big,
                  CAST(id * 1000 AS DECIMAL(30, 2)) AS wide,
                  CAST(99999.99 AS DECIMAL(7, 2)) AS top,
                  CAST(NULL AS INT) AS nothing,
                  DATE_ADD(DATE'2020-01-01', CAST(id % 400 AS INT)) AS dt,
                  TIMESTAMP'2020-01-01 00:00:00' + make_interval(0, 0, 0, 0, 0, 0, id) AS ts,
                  CASE WHEN id % 6 = 0 THEN NULL ELSE id % 4 = 0 END AS bool,
                  CASE WHEN id % 10 = 0 THEN NULL ELSE concat('s', id % 300, repeat('x', CAST(id % 9 AS INT))) END AS str,
                  CAST(id % 3 AS INT) AS p
                FROM range(0, 6000, 1, 3)
                """);
        tables = new ParquetAndAlbis(dir.resolve("parquet").toString(), dir.resolve("albis").toString());
        df.write().partitionBy("p").parquet(tables.parquet());
        // small row groups and segments, so that tasks, filters and groups meet many of them
        df.write().partitionBy("p").format("albis").option("rowGroupRows", "300").option("segmentSize", "4096")
                .save(tables.albis());
        spark.read().parquet(tables.parquet()).createOrReplaceTempView("agg_parquet");
        spark.read().format("albis").load(tables.albis()).createOrReplaceTempView("agg_albis");
        // the same rows in a table without partitions
        Dataset<Row> flat = df.drop("p");
        flat.write().parquet(dir.resolve("flat-parquet").toString());
        flat.write().format("albis").option("rowGroupRows", "700").option("segmentSize", "4096")
                .save(dir.resolve("flat-albis").toString());
        spark.read().parquet(dir.resolve("flat-parquet").toString()).createOrReplaceTempView("agg_flat_parquet");
        spark.read().format("albis").load(dir.resolve("flat-albis").toString()).createOrReplaceTempView("agg_flat_albis");
    }

    /** Runs {@code sql} (naming the table {@code {t}}) on both copies, asserts equal rows and returns the Albis plan. */
    private static String same(String sql) {
        Dataset<Row> albis = spark.sql(sql.replace("{t}", "agg_albis"));
        assertSameRows(spark.sql(sql.replace("{t}", "agg_parquet")), albis);
        return albis.queryExecution().executedPlan().toString();
    }

    private static void assertPushed(String plan) {
        assertTrue(plan.contains("PushedAggregation: [") && !plan.contains("PushedAggregation: []"), plan);
    }

    @Test
    void everyFunctionUnderAFilter() {
        String plan = same("SELECT " + EVERY_FUNCTION + " FROM {t} WHERE i > 100 AND i <= 5800");
        assertPushed(plan);
        // Spark hands avg over as a sum and a count, and the filters are the scan's alone
        assertTrue(plan.contains("COUNT(i)") && plan.contains("SUM(i)"), plan);
        assertFalse(plan.contains("Filter ("), plan);
    }

    @Test
    void everyFunctionWithoutAFilter() {
        assertPushed(same("SELECT " + EVERY_FUNCTION + " FROM {t}"));
    }

    @Test
    void aTableWithoutPartitions() {
        for (String q : List.of("SELECT " + EVERY_FUNCTION + " FROM %s WHERE s >= 10",
                "SELECT sk, " + EVERY_FUNCTION + " FROM %s GROUP BY sk", "SELECT k, count(*), sum(big) FROM %s GROUP BY k")) {
            Dataset<Row> albis = spark.sql(String.format(q, "agg_flat_albis"));
            assertSameRows(spark.sql(String.format(q, "agg_flat_parquet")), albis);
            assertPushed(albis.queryExecution().executedPlan().toString());
        }
    }

    @Test
    void groupedByEachKeyType() {
        for (String key : List.of("k", "sk", "b", "s", "dt", "ts", "bool", "price", "big", "p", "k, sk", "p, k",
                "sk, bool, p")) {
            String plan = same("SELECT " + key + ", count(*), sum(l), avg(d), min(str), max(price), count(bool)"
                    + " FROM {t} WHERE s < 900 GROUP BY " + key);
            assertPushed(plan);
            assertTrue(plan.contains("PushedGroupBy: [" + key.replace(" ", "") .replace(",", ", ")), plan);
        }
    }

    @Test
    void decimalSumsNearTheirTypesLimitAreExact() {
        // every value of top is DECIMAL(7, 2)'s largest: two of them already leave the column's type,
        // which Spark casts each partial sum back to
        assertPushed(same("SELECT sum(top), avg(top), sum(big), k FROM {t} WHERE i > 10 GROUP BY k"));
        assertPushed(same("SELECT sum(top), sum(big), avg(big) FROM {t}"));
    }

    @Test
    void rowGroupsTheFiltersEmpty() {
        assertPushed(same("SELECT count(*), sum(i), min(str), max(d) FROM {t} WHERE i > 5990"));
        assertPushed(same("SELECT count(*), sum(i), max(d) FROM {t} WHERE i < 0"));
        same("SELECT k, count(*), sum(i) FROM {t} WHERE i < 0 GROUP BY k");
        // no task at all: every partition pruned
        same("SELECT count(*), sum(i) FROM {t} WHERE p = 7");
        same("SELECT count(*), sum(i) FROM {t} WHERE p = 7 AND i > 5");
    }

    @Test
    void tasksHoldingFewerGroupsThanTheyMeetStayExact() {
        spark.read().format("albis").option("aggregateMaxGroups", "7").load(tables.albis())
                .createOrReplaceTempView("agg_albis_small");
        for (String key : List.of("k", "i", "sk, k")) {
            String q = "SELECT " + key + ", count(*), sum(big), sum(top), min(str), max(d) FROM %s WHERE i > 10 GROUP BY " + key;
            Dataset<Row> albis = spark.sql(String.format(q, "agg_albis_small"));
            assertSameRows(spark.sql(String.format(q, "agg_parquet")), albis);
            assertPushed(albis.queryExecution().executedPlan().toString());
        }
    }

    @Test
    void whatTheScanDoesNotComputeSparkDoes() {
        // a distinct count, an expression, a wide key type, a filter Albis does not evaluate
        for (String q : List.of("SELECT count(DISTINCT k) FROM {t}", "SELECT sum(i * 2) FROM {t}",
                "SELECT d, count(*) FROM {t} GROUP BY d", "SELECT sum(wide) FROM {t}", "SELECT count(*) FROM {t} WHERE str LIKE '%x1%'")) {
            assertFalse(same(q).contains("PushedAggregation: [COUNT"), q);
        }
    }

    @Test
    void turnedOffByTheOption() {
        Dataset<Row> a = spark.read().format("albis").option("aggregatePushdown", "false").load(tables.albis())
                .where("i > 3").groupBy("k").count();
        assertFalse(a.queryExecution().executedPlan().toString().contains("PushedAggregation: [COUNT"));
        assertSameRows(spark.read().parquet(tables.parquet()).where("i > 3").groupBy("k").count(), a);
    }

    @Test
    void aRuntimeFilterOnAGroupKeyActsInTheScan() {
        spark.sql("SELECT CAST(id AS INT) AS k, concat('n', id % 10) AS name FROM range(0, 50)")
                .createOrReplaceTempView("agg_keys");
        String q = "SELECT a.k, a.n, a.total FROM (SELECT k, count(*) AS n, sum(l) AS total FROM {t} GROUP BY k) a"
                + " JOIN agg_keys c ON a.k = c.k WHERE c.name = 'n3'";
        String plan = same(q);
        assertPushed(plan);
        // the broadcast side's keys reach the scan of the aggregate, whose tasks drop the other rows
        assertTrue(plan.matches("(?s).*PushedGroupBy: \\[k\\].*RuntimeFilters: \\[dynamicpruningexpression\\(k#.*"), plan);
        assertEquals(5, spark.sql(q.replace("{t}", "agg_albis")).count());
    }
}
