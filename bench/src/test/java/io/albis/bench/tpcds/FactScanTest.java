package io.albis.bench.tpcds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.format.spark.BenchSpark;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@link FactScan} reads from an executed plan, on the one runtime filter Spark gives its own
 * Parquet scan: dynamic partition pruning of a fact table partitioned by its date key.
 */
class FactScanTest {
    private static final String JOIN = "SELECT COUNT(*) FROM %s f JOIN star_scan_dim d ON f.date_key = d.d_date_sk"
            + " WHERE d.d_pick <= 2";

    @Test
    void runtimeFiltersAndRowsOfTheFactScan(@TempDir Path dir) {
        SparkSession spark = BenchSpark.session(2);
        spark.range(0, 1000).selectExpr("CAST(id % 10 AS INT) AS date_key", "CAST(id AS INT) AS quantity")
                .write().partitionBy("date_key").parquet(dir.resolve("partitioned").toString());
        spark.range(0, 1000).selectExpr("CAST(id % 10 AS INT) AS date_key", "CAST(id AS INT) AS quantity")
                .write().parquet(dir.resolve("flat").toString());
        spark.range(0, 10).selectExpr("CAST(id AS INT) AS d_date_sk", "CAST(10 - id AS INT) AS d_pick")
                .createOrReplaceTempView("star_scan_dim");
        spark.read().parquet(dir.resolve("partitioned").toString()).createOrReplaceTempView("star_scan_partitioned");
        spark.read().parquet(dir.resolve("flat").toString()).createOrReplaceTempView("star_scan_flat");

        FactScan pruned = ran(spark, "star_scan_partitioned");
        assertEquals("dynamic-pruning", pruned.runtimeFilter());
        assertEquals(200, pruned.rows(), "the rows of the two partitions kept");
        assertEquals("", pruned.metrics(), "Spark's V1 scans report no custom metrics");

        FactScan whole = ran(spark, "star_scan_flat");
        assertEquals("none", whole.runtimeFilter());
        assertEquals(1000, whole.rows());
    }

    private static FactScan ran(SparkSession spark, String fact) {
        Dataset<Row> result = spark.sql(String.format(JOIN, fact));
        // Run the plan whose metrics are read (first() would plan and run a query of its own).
        assertEquals("200", QueryAnswer.of(result).output());
        assertTrue(JoinStrategies.of(result.queryExecution().executedPlan()).contains("BroadcastHashJoin"));
        return FactScan.of(result.queryExecution().executedPlan());
    }
}
