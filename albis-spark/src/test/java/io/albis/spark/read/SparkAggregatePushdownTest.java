package io.albis.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * count, min and max answered from Albis segment metadata equal Spark's own aggregation over
 * Parquet, with nulls, NaN, all-null columns, partitions and empty tables; explain shows them.
 */
class SparkAggregatePushdownTest {
    @TempDir
    static Path dir;

    private static final SparkSession spark = SparkSessions.local();
    private static ParquetAndAlbis tables;

    @BeforeAll
    static void writeTables() {
        Dataset<Row> df = spark.sql("""
                SELECT CAST(id AS INT) AS i,
                  CASE WHEN id % 11 = 0 THEN NULL ELSE id * 1000 END AS l,
                  CASE WHEN id % 13 = 0 THEN CAST('NaN' AS DOUBLE) ELSE id / 7.0D END AS d,
                  CAST(NULL AS INT) AS nothing,
                  id % 2 = 0 AS bool,
                  DATE_ADD(DATE'2020-01-01', CAST(id AS INT)) AS dt,
                  CAST(id % 4 AS INT) AS p
                FROM range(0, 3000, 1, 3)
                """);
        tables = ParquetAndAlbis.write(df, dir, "p");
    }

    @Test
    void aggregatesFromMetadataEqualSparksOwn() {
        String select = "count(*), count(l), count(nothing), min(i), max(i), min(l), max(l), min(d), max(d),"
                + " min(nothing), max(bool), min(dt), max(dt)";
        Dataset<Row> a = spark.read().format("albis").load(tables.albis()).selectExpr(select.split(", (?![^(]*\\))"));
        assertEquals(spark.read().parquet(tables.parquet()).selectExpr(select.split(", (?![^(]*\\))")).collectAsList(),
                a.collectAsList());
        String plan = a.queryExecution().executedPlan().toString();
        assertTrue(plan.contains("PushedAggregation: [COUNT(*)"), plan);
    }

    @Test
    void groupedByThePartitionColumn() {
        String q = "SELECT p, count(*), max(d), min(l) FROM %s GROUP BY p ORDER BY p";
        spark.read().parquet(tables.parquet()).createOrReplaceTempView("agg_parquet");
        spark.read().format("albis").load(tables.albis()).createOrReplaceTempView("agg_albis");
        Dataset<Row> a = spark.sql(String.format(q, "agg_albis"));
        assertEquals(spark.sql(String.format(q, "agg_parquet")).collectAsList(), a.collectAsList());
        assertTrue(a.queryExecution().executedPlan().toString().contains("PushedGroupBy: [p]"));
    }

    @Test
    void aDataFilterReadsRowsInstead() {
        // the tasks then compute the aggregates over the rows the filter keeps (SparkScanAggregatesTest)
        SparkSessions.withConf(java.util.Map.of("spark.sql.adaptive.enabled", "false"), () -> {
            Dataset<Row> a = spark.read().format("albis").load(tables.albis()).where("i > 10").selectExpr("count(*)", "max(l)");
            assertEquals(spark.read().parquet(tables.parquet()).where("i > 10").selectExpr("count(*)", "max(l)")
                    .collectAsList(), a.collectAsList());
            org.apache.spark.sql.execution.datasources.v2.BatchScanExec scan =
                    (org.apache.spark.sql.execution.datasources.v2.BatchScanExec) a.queryExecution().executedPlan()
                            .collectLeaves().head();
            assertTrue(scan.toString().contains("PushedFilters: [IsNotNull(i), GreaterThan(i,10)]"), scan.toString());
            assertTrue(scan.metrics().apply(ScanMetrics.SegmentsRead.NAME).value() > 0, "rows read, not metadata");
            return null;
        });
    }

    @Test
    void anEmptyTableCountsZero() {
        String empty = dir.resolve("empty").toString();
        spark.sql("SELECT CAST(id AS INT) AS i, CAST(id AS INT) AS p FROM range(0)").write().partitionBy("p")
                .format("albis").save(empty);
        List<Row> r = spark.read().format("albis").schema("i INT, p INT").load(empty).selectExpr("count(*)", "max(i)")
                .collectAsList();
        assertEquals(0L, r.get(0).getLong(0));
        assertTrue(r.get(0).isNullAt(1));
    }
}
