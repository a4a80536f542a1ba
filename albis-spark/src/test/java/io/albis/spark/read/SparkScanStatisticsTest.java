package io.albis.spark.read;

import static io.albis.spark.SparkSessions.withConf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.spark.SparkRows;
import io.albis.spark.SparkSessions;
import io.albis.spark.table.TableSnapshot;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.AttributeMap$;
import org.apache.spark.sql.catalyst.plans.logical.ColumnStat;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Statistics;
import org.apache.spark.sql.catalyst.plans.logical.statsEstimation.EstimationUtils;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Option;
import scala.math.BigInt;

/**
 * The statistics an Albis scan reports to Spark's planner (ScanStatistics), on a catalog table of
 * every type, partitioned, against the statistics Spark computes for the same rows in Parquet
 * ({@code ANALYZE TABLE … FOR COLUMNS}): the same row count, null counts, minima and maxima; no
 * distinct count for stored columns, an exact one for partition columns; a size of rows times
 * Spark's own row width estimate, divided by Parquet's compression; all of it for the row groups and columns the scan reads. Two
 * scans of one table in a query are equal, so Spark reuses the work of one for the other.
 */
class SparkScanStatisticsTest {
    @TempDir
    static Path dir;

    private static final SparkSession spark = SparkSessions.local();
    private static final int ROWS = 3000;
    /** The columns of SparkRows.everyType that Spark's ANALYZE TABLE computes statistics for. */
    private static final List<String> ANALYZED = List.of("id", "b", "s", "i", "l", "f", "d", "dec_short", "dec_wide",
            "dt", "ts", "ntz", "str", "bin", "bool", "part");
    private static ParquetAndAlbis tables;

    @BeforeAll
    static void tables() {
        tables = ParquetAndAlbis.write(SparkRows.everyType(spark), dir, "part");
        spark.sql("CREATE TABLE stats_parquet USING parquet LOCATION '" + tables.parquet() + "'");
        spark.sql("MSCK REPAIR TABLE stats_parquet");
        spark.sql("ANALYZE TABLE stats_parquet COMPUTE STATISTICS FOR COLUMNS " + String.join(", ", ANALYZED));
        spark.sql("CREATE TABLE stats_albis USING albis LOCATION '" + tables.albis() + "'");
    }

    @AfterAll
    static void dropTables() {
        spark.sql("DROP TABLE IF EXISTS stats_parquet");
        spark.sql("DROP TABLE IF EXISTS stats_albis");
        spark.sql("DROP TABLE IF EXISTS stats_flat");
    }

    @Test
    void nullCountsMinimaAndMaximaAreThoseSparkComputesForParquet() {
        Statistics albis = scanStatistics("SELECT * FROM stats_albis");
        Statistics parquet = withConf(Map.of("spark.sql.cbo.planStats.enabled", "true"),
                () -> spark.table("stats_parquet").queryExecution().optimizedPlan().stats());
        assertEquals(Option.apply(BigInt.apply(ROWS)), albis.rowCount());
        assertEquals(parquet.rowCount(), albis.rowCount());
        for (String c : ANALYZED) {
            ColumnStat a = column(albis, c);
            ColumnStat p = column(parquet, c);
            assertEquals(p.nullCount(), a.nullCount(), c);
            assertEquals(value(p.min()), value(a.min()), c); // (Java's equality: NaN equals NaN)
            assertEquals(value(p.max()), value(a.max()), c);
            if (c.equals("part")) {
                assertEquals(Option.apply(BigInt.apply(4)), a.distinctCount(), c);
                assertEquals(p.distinctCount(), a.distinctCount(), c);
            } else {
                // Segment metadata keeps no distinct counts.
                assertTrue(a.distinctCount().isEmpty(), c);
            }
        }
        // The values Spark holds for the extremes (days, microseconds, decimals, NaN above every number).
        assertEquals(Double.NaN, value(column(albis, "d").max()));
        assertTrue(column(albis, "str").min().isEmpty());
        assertEquals(Option.apply(BigInt.apply(ROWS / 5)), column(albis, "str").nullCount());
        // Nested columns have a null count only where Albis keeps one: a nullable struct's marker.
        assertEquals(Option.apply(BigInt.apply(158)), column(albis, "st").nullCount());
        assertTrue(column(albis, "st").min().isEmpty());
    }

    @Test
    void theSizeIsTheRowsTimesSparksRowWidthOfTheColumnsReadCompressedAsParquetWouldBe() {
        for (String sql : List.of("SELECT * FROM stats_albis", "SELECT id, str FROM stats_albis",
                "SELECT str, part FROM stats_albis")) {
            DataSourceV2ScanRelation scan = scan(sql);
            Statistics stats = scan.stats();
            BigInt width = EstimationUtils.getSizePerRow(((LogicalPlan) scan).output(), AttributeMap$.MODULE$.empty());
            assertEquals(BigInt.apply(ROWS).$times(width).$div(BigInt.apply(ScanStatistics.COMPRESSION)),
                    stats.sizeInBytes(), sql);
            assertEquals(scan.output().size(), stats.attributeStats().size(), sql);
        }
        assertEquals(BigInt.apply(ROWS * (8 + 8 + 20) / 3), scan("SELECT id, str FROM stats_albis").stats().sizeInBytes());
    }

    @Test
    void aScanReportsTheRowGroupsItReadsAfterPartitionPruning() {
        Statistics stats = scanStatistics("SELECT id, part FROM stats_albis WHERE part IN (1, 3)");
        assertEquals(Option.apply(BigInt.apply(ROWS / 2)), stats.rowCount());
        ColumnStat part = column(stats, "part");
        assertEquals(Option.apply(BigInt.apply(2)), part.distinctCount());
        assertEquals(Option.apply(1), part.min());
        assertEquals(Option.apply(3), part.max());
        assertEquals(Option.apply(BigInt.apply(0)), part.nullCount());
        assertEquals(Option.apply(1L), column(stats, "id").min());
        assertEquals(Option.apply(ROWS - 1L), column(stats, "id").max());
    }

    @Test
    void aScanOfMetadataAggregatesReturnsARowPerRowGroup() throws IOException {
        DataSourceV2ScanRelation scan = scan("SELECT count(*), max(id) FROM stats_albis");
        assertTrue(scan.scan().description().contains("PushedAggregation: [COUNT(*)"), scan.scan().description());
        long rowGroups = TableSnapshot.open(tables.albis(), 0, System.currentTimeMillis()).rowGroups().size();
        assertEquals(Option.apply(BigInt.apply(rowGroups)), scan.stats().rowCount());
        assertTrue(scan.stats().attributeStats().isEmpty());
    }

    @Test
    void twoScansOfOneTableInAQueryAreEqualSoSparkReusesTheirExchange() {
        // One table (one state for all its rows), read from the catalog and by path. (A directory of
        // partition tables is read as each table's newest state when the scan is planned, so two
        // scans of it planned a millisecond apart are not the same snapshot.)
        String flat = dir.resolve("flat").toString();
        spark.sql("SELECT id, CAST(id % 4 AS INT) AS part FROM range(0, 3000, 1, 3)").write().format("albis").save(flat);
        spark.sql("CREATE TABLE stats_flat USING albis LOCATION '" + flat + "'");
        spark.read().format("albis").load(flat).createOrReplaceTempView("stats_flat_path");
        String sql = "SELECT part, sum(id) FROM %s GROUP BY part UNION ALL SELECT part, sum(id) FROM %s GROUP BY part";
        for (String table : List.of("stats_parquet", "stats_flat", "stats_flat_path")) {
            Dataset<Row> result = spark.sql(String.format(sql, table, table));
            assertEquals(8, result.collectAsList().size(), table);
            assertTrue(result.queryExecution().executedPlan().toString().contains("ReusedExchange"),
                    table + ":\n" + result.queryExecution().executedPlan());
        }
    }

    @Test
    void aNamedStateIsTheSameSnapshotWhenEverItWasPlanned() {
        assertTrue(new TableAsOf(1000, 3).sameSnapshot(new TableAsOf(2000, 3)));
        assertFalse(new TableAsOf(1000, 3).sameSnapshot(new TableAsOf(1000, 4)));
        // The newest state as of a time: another time may be another state.
        assertFalse(new TableAsOf(1000, 0).sameSnapshot(new TableAsOf(2000, 0)));
        assertTrue(new TableAsOf(1000, 0).sameSnapshot(new TableAsOf(1000, 0)));
    }

    /** The statistics of the one Albis scan the query plans. */
    private static Statistics scanStatistics(String sql) {
        return scan(sql).stats();
    }

    private static DataSourceV2ScanRelation scan(String sql) {
        LogicalPlan plan = spark.sql(sql).queryExecution().optimizedPlan();
        List<LogicalPlan> scans = scala.jdk.javaapi.CollectionConverters.asJava(plan.collectLeaves()).stream()
                .filter(p -> p instanceof DataSourceV2ScanRelation).toList();
        assertEquals(1, scans.size(), plan.toString());
        return (DataSourceV2ScanRelation) scans.get(0);
    }

    private static Object value(Option<Object> v) {
        return v.isDefined() ? v.get() : null;
    }

    private static ColumnStat column(Statistics stats, String name) {
        for (scala.Tuple2<Attribute, ColumnStat> e : scala.jdk.javaapi.CollectionConverters.asJava(
                stats.attributeStats().toSeq())) {
            if (e._1().name().equals(name)) {
                return e._2();
            }
        }
        throw new AssertionError("no statistics for " + name + " in " + stats);
    }
}
