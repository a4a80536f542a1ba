package io.albis.spark.read;

import static io.albis.spark.SparkSessions.withConf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.spark.SparkSessions;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A LIMIT and a top-N pushed into the scan: each task hands out at most the limit's rows (the
 * first it reads, or its top ones by the order) and Spark finishes; against Spark's own answers
 * over Parquet, under filters, on both read paths, partitioned, with nulls, NaN and ties broken.
 */
class SparkScanLimitTest {
    @TempDir
    static Path dir;

    private static final SparkSession spark = SparkSessions.local();
    private static final String COLUMNAR = "spark.sql.albis.columnarReader.enabled";
    private static String albis;

    @BeforeAll
    static void writeTables() {
        Dataset<Row> df = spark.sql("""
                SELECT CAST(id AS INT) AS i,
                  CASE WHEN id % 7 = 0 THEN NULL ELSE CAST(id % 50 AS INT) END AS k,
                  CASE WHEN id % 13 = 0 THEN CAST('NaN' AS DOUBLE) WHEN id % 11 = 0 THEN NULL ELSE (id % 300) / 4.0D END AS d,
                  CASE WHEN id % 10 = 0 THEN NULL ELSE concat('s', id % 300) END AS str,
                  DATE_ADD(DATE'2020-01-01', CAST(id % 400 AS INT)) AS dt,
                  CAST((id % 2000) / 100 AS DECIMAL(7, 2)) AS price,
                  CAST(id % 3 AS INT) AS p
                FROM range(0, 4000, 1, 2)
                """);
        df.write().partitionBy("p").parquet(dir.resolve("parquet").toString());
        albis = dir.resolve("albis").toString();
        df.write().partitionBy("p").format("albis").option("rowGroupRows", "300").option("segmentSize", "4096").save(albis);
        spark.read().parquet(dir.resolve("parquet").toString()).createOrReplaceTempView("lim_parquet");
        spark.read().format("albis").load(albis).createOrReplaceTempView("lim_albis");
    }

    private static String plan(Dataset<Row> d) {
        return d.queryExecution().executedPlan().toString();
    }

    /** The top-N over both copies: the same rows in the same order (every order ends in the unique {@code i}). */
    private static String sameTop(String sql) {
        Dataset<Row> a = spark.sql(sql.replace("{t}", "lim_albis"));
        assertEquals(spark.sql(sql.replace("{t}", "lim_parquet")).collectAsList(), a.collectAsList(), sql);
        return plan(a);
    }

    @Test
    void aLimitTakesRowsThatMatch() {
        for (String columnar : List.of("true", "false")) {
            withConf(Map.of(COLUMNAR, columnar), () -> {
                Dataset<Row> a = spark.sql("SELECT i, k, str, p FROM lim_albis WHERE k > 40 AND p = 1 LIMIT 17");
                List<Row> rows = a.collectAsList();
                assertEquals(17, rows.size());
                Set<Integer> seen = new HashSet<>();
                for (Row r : rows) {
                    int i = r.getInt(0);
                    assertTrue(seen.add(i), "row " + i + " twice");
                    assertEquals(i % 50, r.getInt(1));
                    assertTrue(r.getInt(1) > 40 && i % 7 != 0 && i % 3 == 1 && r.getInt(3) == 1, r.toString());
                }
                String plan = plan(a);
                assertTrue(plan.contains("PushedLimit: LIMIT 17"), plan);
                assertFalse(plan.contains("Filter ("), plan);
                return null;
            });
        }
    }

    @Test
    void aLimitLargerThanTheTable() {
        Dataset<Row> a = spark.sql("SELECT i FROM lim_albis WHERE i < 100 LIMIT 1000");
        assertEquals(100, a.count());
        assertTrue(plan(a).contains("PushedLimit: LIMIT 1000"), plan(a));
    }

    @Test
    void topNByEveryKindOfKey() {
        for (String columnar : List.of("true", "false")) {
            withConf(Map.of(COLUMNAR, columnar), () -> {
                for (String order : List.of("k DESC NULLS LAST, i", "k NULLS LAST, i DESC", "str NULLS FIRST, i",
                        "str DESC, i", "d DESC, i", "d NULLS FIRST, i", "dt, i", "price DESC, i", "p DESC, i")) {
                    String plan = sameTop("SELECT i, k, d, str, dt, price, p FROM {t} WHERE i > 50 ORDER BY " + order
                            + " LIMIT 23");
                    assertTrue(plan.contains("PushedTopN: ORDER BY ["), plan);
                    assertFalse(plan.contains("Filter ("), plan);
                }
                return null;
            });
        }
    }

    @Test
    void topNWithoutAFilterAndOverFewerRows() {
        assertTrue(sameTop("SELECT i, str FROM {t} ORDER BY str DESC NULLS LAST, i LIMIT 5").contains("PushedTopN"));
        assertTrue(sameTop("SELECT i, str FROM {t} WHERE i < 20 ORDER BY i DESC LIMIT 100").contains("PushedTopN"));
    }

    @Test
    void aFilterTheScanCannotEvaluateKeepsTheLimitAbove() {
        Dataset<Row> a = spark.sql("SELECT i FROM lim_albis WHERE str LIKE '%7%' ORDER BY i LIMIT 5");
        assertEquals(spark.sql("SELECT i FROM lim_parquet WHERE str LIKE '%7%' ORDER BY i LIMIT 5").collectAsList(),
                a.collectAsList());
        assertFalse(plan(a).contains("PushedTopN"), plan(a));
    }

    @Test
    void turnedOffByTheOption() {
        Dataset<Row> a = spark.read().format("albis").option("limitPushdown", "false").load(albis).where("k > 3").limit(5);
        assertEquals(5, a.count());
        assertFalse(plan(a).contains("PushedLimit"), plan(a));
    }

    @Test
    void withoutTheRuleSelectiveFiltersStayAboveTheScan() {
        // the option the session extension sets, set by hand the other way: the filter stays, the limit is not pushed
        Dataset<Row> a = spark.read().format("albis").option("filtersAboveScan", "selective").load(albis)
                .where("k > 3").limit(5);
        assertTrue(plan(a).contains("Filter ("), plan(a));
        assertFalse(plan(a).contains("PushedLimit"), plan(a));
        // and a plain scan keeps them by default: its filters may start runtime filters
        Dataset<Row> b = spark.read().format("albis").load(albis).where("k > 3");
        assertTrue(plan(b).contains("Filter ("), plan(b));
    }
}
