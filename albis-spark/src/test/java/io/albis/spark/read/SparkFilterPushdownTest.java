package io.albis.spark.read;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.spark.SparkRows;
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
 * Filters pushed into Albis give exactly the rows Spark's own evaluation gives on Parquet, for
 * every kind of filter and type, nulls, NaN and IN lists with null included; the filters Albis
 * evaluates exactly are shown as PushedFilters, and Spark evaluates again only those its runtime
 * filters need to see (the ones it deems selective).
 */
class SparkFilterPushdownTest {
    @TempDir
    static Path dir;

    private static final SparkSession spark = SparkSessions.local();
    private static ParquetAndAlbis tables;

    @BeforeAll
    static void writeTables() {
        Dataset<Row> df = spark.sql("""
                SELECT CAST(id AS INT) AS i,
                  CASE WHEN id % 11 = 0 THEN NULL ELSE id * 1000 END AS l,
                  CAST(id % 100 AS TINYINT) AS b,
                  CASE WHEN id % 13 = 0 THEN CAST('NaN' AS DOUBLE) WHEN id % 17 = 0 THEN -0.0D ELSE id / 7.0D END AS d,
                  CAST(id / 3 AS FLOAT) AS f,
                  CAST(id / 100 AS DECIMAL(10, 2)) AS dec,
                  DATE_ADD(DATE'2020-01-01', CAST(id AS INT)) AS dt,
                  TIMESTAMP'2020-01-01 00:00:00' + make_interval(0, 0, 0, 0, 0, 0, id) AS ts,
                  TIMESTAMP_NTZ'2021-03-04 05:06:07' + make_interval(0, 0, 0, 0, 0, id, 0) AS ntz,
                  CASE WHEN id % 5 = 0 THEN NULL ELSE concat('s', id) END AS str,
                  CAST(concat('b', id) AS BINARY) AS bin,
                  CASE WHEN id % 19 = 0 THEN NULL ELSE id % 2 = 0 END AS bool,
                  CASE WHEN id % 7 = 0 THEN NULL ELSE array(id) END AS arr
                FROM range(0, 3000, 1, 3)
                """);
        tables = ParquetAndAlbis.write(df, dir);
    }

    @Test
    void everyFilterMatchesSparksEvaluationOnParquet() {
        List<String> wheres = List.of("i > 1500", "l <= 100000", "str = 's15'", "str >= 's5'", "d > 100.5",
                "d = CAST('NaN' AS DOUBLE)", "d = 0.0", "d < 0", "dec BETWEEN 3 AND 7.5", "dec = 7.505",
                "dt < DATE'2020-02-01'", "ts >= TIMESTAMP'2020-01-01 00:30:00'",
                "ntz < TIMESTAMP_NTZ'2021-03-04 06:00:00'", "bool", "NOT bool", "str IS NULL", "arr IS NULL",
                "arr IS NOT NULL AND i < 50", "i IN (1, 5, 9, 2999)", "i IN (1, NULL)", "NOT (i IN (1, NULL))",
                "l IS NULL OR i < 10", "NOT (i > 100 AND str LIKE 's1%')", "bin = X'623130'", "f > 100", "b = 5",
                "i <=> NULL", "NOT (i <=> 5)", "NOT (l = 5000)", "upper(str) = 'S42'");
        for (String where : wheres) {
            SparkRows.assertSameRows(spark.read().parquet(tables.parquet()).where(where),
                    spark.read().format("albis").load(tables.albis()).where(where));
        }
    }

    @Test
    void exactFiltersArePushedAndSparkEvaluatesAgainOnlyTheSelectiveOnes() {
        Dataset<Row> nullTests = spark.read().format("albis").load(tables.albis()).where("str IS NULL AND NOT bool");
        String plan = nullTests.queryExecution().executedPlan().toString();
        assertTrue(plan.contains("PushedFilters: [") && plan.contains("IsNull(str)"), plan);
        assertFalse(plan.contains("Filter "), "Spark evaluates the filters again:\n" + plan);
        // comparisons stay above the scan for Spark's runtime filters (SparkDynamicFiltersTest), null tests do not
        Dataset<Row> compared = spark.read().format("albis").load(tables.albis()).where("i > 1500 AND str = 's2000'");
        String comparedPlan = compared.queryExecution().executedPlan().toString();
        for (String pushed : List.of("IsNotNull(i)", "GreaterThan(i,1500)", "IsNotNull(str)", "EqualTo(str,s2000)")) {
            assertTrue(comparedPlan.contains(pushed), comparedPlan);
        }
        String filter = comparedPlan.lines().filter(l -> l.contains(" Filter ")).findFirst().orElse("");
        assertTrue(filter.matches(".*Filter \\(\\(i#\\d+ > 1500\\) AND \\(str#\\d+ = s2000\\)\\)"), comparedPlan);
        Dataset<Row> notExact = spark.read().format("albis").load(tables.albis()).where("upper(str) = 'S42'");
        assertTrue(notExact.queryExecution().executedPlan().toString().contains("Filter"), "a function is Spark's to evaluate");
    }
}
