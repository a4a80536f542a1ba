package io.albis.spark.read;

import static io.albis.spark.SparkRows.assertSameRows;
import static io.albis.spark.SparkSessions.withConf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.spark.SparkSessions;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.albis.RuntimePartitionFilters;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.LiteralValue;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Function1;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Spark's runtime filters over Albis scans, against Spark's own Parquet source on the same data,
 * with Spark's default settings unless a test says otherwise: dynamic partition pruning of a star
 * join (a fact table partitioned by {@code day}, a small filtered dimension) on the V2 scan, the
 * V1 path and a catalog table, with and without adaptive execution; no pruning by a column that is
 * not a partition column, nor on the V2 scan by a cast key; joins over aggregates answered from
 * metadata; runtime bloom-filter joins (for Parquet catalog tables once they have statistics).
 */
class SparkDynamicFiltersTest {
    @TempDir
    static Path dir;

    private static final SparkSession spark = SparkSessions.local();
    private static final String V1_SOURCES = "spark.sql.sources.useV1SourceList";
    private static final String DPP = "spark.sql.optimizer.dynamicPartitionPruning.enabled";
    private static final int DAYS = 8;
    /** 4000 facts in 2 write tasks, 250 rows of a day each, in row groups of 100: 3 + 3 row groups a day. */
    private static final int ROW_GROUPS_A_DAY = 6;
    private static final List<Integer> ALL_DAYS = List.of(0, 1, 2, 3, 4, 5, 6, 7);
    /** A runtime filter of a scan by the keys of the other join side (Spark plans {@code (true)} for one it dropped). */
    private static final Pattern PRUNES = Pattern.compile("dynamicpruningexpression\\((?!true\\))");

    /** The star join: the facts of the days named d3 (or whatever {@code names} lists). */
    private static String starJoin(String names) {
        return "SELECT f.id, f.day, f.store, f.amount, d.name FROM fact f JOIN days d ON f.day = d.day"
                + " WHERE d.name IN (" + names + ")";
    }

    /** How the query reads its tables: by path (Albis through the V2 scan or the V1 path) or the fact table from the catalog. */
    private enum Read {
        PARQUET("parquet", false, false), PARQUET_CATALOG("parquet", false, true),
        ALBIS_V2("albis", false, false), ALBIS_V1("albis", true, false), ALBIS_CATALOG("albis", false, true);

        final String format;
        final boolean albisV1;
        final boolean catalog;

        /** Whether Albis is read through the V2 scan: by path, or as a table of the Albis session catalog. */
        boolean albisV2() {
            return format.equals("albis") && !albisV1;
        }

        Read(String format, boolean albisV1, boolean catalog) {
            this.format = format;
            this.albisV1 = albisV1;
            this.catalog = catalog;
        }
    }

    /** What a query returned and the plans it ran. */
    private record Run(List<Row> rows, String optimizedPlan, SparkPlan executedPlan) {}

    @BeforeAll
    static void tables() {
        Dataset<Row> fact = spark.sql("""
                SELECT id, CAST(id % 8 AS INT) AS day, CAST(id % 50 AS INT) AS store,
                  CAST(id * 37 % 1000 AS DOUBLE) / 10 AS amount, concat('order', id) AS note
                FROM range(0, 4000, 1, 2)
                """);
        Dataset<Row> days = spark.sql("SELECT CAST(id AS INT) AS day, concat('d', id) AS name FROM range(0, 10)");
        Dataset<Row> stores = spark.sql("""
                SELECT CAST(id AS INT) AS store, CASE WHEN id % 10 = 0 THEN 'north' ELSE 'south' END AS region
                FROM range(0, 50)
                """);
        fact.write().partitionBy("day").parquet(path("parquet", "fact"));
        fact.write().partitionBy("day").format("albis").option("rowGroupRows", "100").save(path("albis", "fact"));
        for (String format : List.of("parquet", "albis")) {
            days.write().format(format).save(path(format, "days"));
            stores.write().format(format).save(path(format, "stores"));
        }
        for (String format : List.of("parquet", "albis")) {
            String table = catalogTable(format);
            spark.sql("DROP TABLE IF EXISTS " + table);
            spark.sql("CREATE TABLE " + table + " USING " + format + " LOCATION '" + path(format, "fact") + "'");
            if (format.equals("parquet")) {
                spark.sql("MSCK REPAIR TABLE " + table); // an Albis table's partitions are in its table state
            }
        }
        assertEquals(ROW_GROUPS_A_DAY, rowGroups("day=3"));
    }

    @AfterAll
    static void dropTables() {
        for (String format : List.of("parquet", "albis")) {
            spark.sql("DROP TABLE IF EXISTS " + catalogTable(format)); // external: the files stay for @TempDir
        }
    }

    @Test
    void aStarJoinPrunesTheFactTablesPartitionsWithDefaultSettings() {
        List<Row> expected = run(Read.PARQUET, starJoin("'d3'"), Map.of()).rows;
        assertEquals(4000 / DAYS, expected.size());
        for (Read r : Read.values()) {
            Run run = run(r, starJoin("'d3'"), Map.of());
            assertTrue(run.optimizedPlan.contains("dynamicpruning"), r + ":\n" + run.optimizedPlan);
            assertTrue(PRUNES.matcher(run.executedPlan.toString()).find(), r + ":\n" + run.executedPlan);
            assertSameRows(expected, run.rows);
            assertEquals(partsOf(r, List.of(3)), factPartsRead(r, run), r.name());

            Run unpruned = run(r, starJoin("'d3'"), Map.of(DPP, "false"));
            assertFalse(unpruned.executedPlan.toString().contains("dynamicpruningexpression"), r + ":\n" + unpruned.executedPlan);
            assertSameRows(expected, unpruned.rows);
            assertEquals(partsOf(r, ALL_DAYS), factPartsRead(r, unpruned), r.name());
        }
    }

    @Test
    void pruningKeepsEveryMatchingPartitionAndCanLeaveNoneWithAndWithoutAdaptiveExecution() {
        Map<String, List<Integer>> daysOf = Map.of("'d1', 'd6'", List.of(1, 6), "'d9'", List.of()); // day 9 has no facts
        for (String adaptive : List.of("true", "false")) {
            Map<String, String> conf = Map.of("spark.sql.adaptive.enabled", adaptive);
            daysOf.forEach((names, days) -> {
                List<Row> expected = run(Read.PARQUET, starJoin(names), conf).rows;
                for (Read r : Read.values()) {
                    Run run = run(r, starJoin(names), conf);
                    assertSameRows(expected, run.rows);
                    assertEquals(partsOf(r, days), factPartsRead(r, run), r + " " + names + " adaptive " + adaptive);
                }
            });
        }
    }

    @Test
    void aJoinOnADataColumnGetsARuntimeFilterOnTheV2ScanThatDropsRowsInTheScan() {
        String sql = "SELECT f.id, f.day, f.amount, s.region FROM fact f JOIN stores s ON f.store = s.store"
                + " WHERE s.region = 'north'";
        List<Row> expected = run(Read.PARQUET, sql, Map.of()).rows;
        assertEquals(400, expected.size());
        for (Read r : Read.values()) {
            Run run = run(r, sql, Map.of());
            // Spark's V1 file scans and Parquet take runtime filters on partition columns only.
            assertEquals(r.albisV2(), run.optimizedPlan.contains("dynamicpruning"), r + ":\n" + run.optimizedPlan);
            assertEquals(r.albisV2(), PRUNES.matcher(run.executedPlan.toString()).find(), r + ":\n" + run.executedPlan);
            assertSameRows(expected, run.rows);
            // Every row group holds every store: none is skipped, but the scan hands Spark only the north's rows.
            assertEquals(partsOf(r, ALL_DAYS), factPartsRead(r, run), r.name());
            if (r.albisV2()) {
                assertEquals(4000 - 400, factScanMetric(run, "albisRowsDropped"), r.name());
                assertEquals(0, factScanMetric(run, "albisSegmentsSkipped"), r.name());
            }
        }
    }

    @Test
    void aRuntimeFilterWhoseFilteringSideIsFilteredAtRunTimeIsLeftOutAndTheAnswerMatchesParquet() {
        // The outer join's other side is itself a join that Spark filters at run time (the north's
        // stores filter f2): Spark plans a runtime filter on f.store holding a copy of that side,
        // runtime filter and all; NestedRuntimeFilters leaves it out, the inner one stays.
        String sql = "SELECT f.id, f.amount FROM fact f JOIN (SELECT DISTINCT f2.store FROM fact f2"
                + " JOIN stores s ON f2.store = s.store WHERE s.region = 'north' AND f2.amount < 5) x ON f.store = x.store";
        List<Row> expected = run(Read.PARQUET, sql, Map.of()).rows;
        assertFalse(expected.isEmpty());
        Run run = run(Read.ALBIS_V2, sql, Map.of());
        assertSameRows(expected, run.rows);
        assertTrue(run.optimizedPlan.contains("dynamicpruning"), run.optimizedPlan);
        // Adaptive execution prints its final and initial plans: the inner filter, twice, is the only one.
        assertEquals(2, PRUNES.matcher(run.executedPlan.toString()).results().count(), run.executedPlan.toString());
    }

    @Test
    void aRuntimeFilterOnASortedDataColumnSkipsSegmentsAndMatchesParquet() {
        // The facts by id, in row groups of 100 rows: a filter on id skips whole segments by min/max.
        String sql = "SELECT f.id, f.day, f.amount, k.tag FROM fact f JOIN picked k ON f.id = k.id WHERE k.tag = 'x'";
        List<Row> expected = withPicked(Read.PARQUET, () -> run(Read.PARQUET, sql, Map.of()).rows);
        assertEquals(3, expected.size());
        for (Read r : List.of(Read.ALBIS_V2, Read.ALBIS_CATALOG)) {
            Run run = withPicked(r, () -> run(r, sql, Map.of()));
            assertTrue(PRUNES.matcher(run.executedPlan.toString()).find(), r + ":\n" + run.executedPlan);
            assertSameRows(expected, run.rows);
            assertTrue(factScanMetric(run, "albisSegmentsSkipped") > 0, r + ": segments skipped");
        }
    }

    /** Runs {@code body} with a view {@code picked(id, tag)} of a few fact ids, 3 of them tagged x, read as {@code read} reads. */
    private static <T> T withPicked(Read read, java.util.function.Supplier<T> body) {
        spark.sql("SELECT id, 'y' AS tag FROM range(0, 4000, 97)"
                + " UNION ALL SELECT CAST(id AS BIGINT), 'x' FROM VALUES (7), (1234), (3999) AS v(id)")
                .write().mode("overwrite").format(read.format).save(path(read.format, "picked"));
        spark.read().format(read.format).load(path(read.format, "picked")).createOrReplaceTempView("picked");
        return body.get();
    }

    /** A custom SQL metric of the fact table's V2 scan ({@code io.albis.spark.read.ScanMetrics}). */
    private static long factScanMetric(Run run, String name) {
        for (SparkPlan p : nodes(run.executedPlan)) {
            if (p instanceof BatchScanExec scan && readsFacts(p)) {
                return scan.metrics().apply(name).value();
            }
        }
        throw new AssertionError("no V2 scan of the facts in\n" + run.executedPlan);
    }

    @Test
    void aJoinOnACastPartitionKeyIsRightAndPrunedOnTheV1PathOnly() {
        // Spark hands a V2 scan runtime filters on plain columns only; the V1 path prunes by the cast key itself.
        String sql = "SELECT f.id, f.day, f.amount, d.name FROM fact f"
                + " JOIN (SELECT CAST(day AS BIGINT) AS day, name FROM days) d ON f.day = d.day WHERE d.name = 'd4'";
        List<Row> expected = run(Read.PARQUET, sql, Map.of()).rows;
        assertEquals(4000 / DAYS, expected.size());
        for (Read r : Read.values()) {
            Run run = run(r, sql, Map.of());
            assertSameRows(expected, run.rows);
            assertEquals(partsOf(r, r.albisV2() ? ALL_DAYS : List.of(4)), factPartsRead(r, run), r.name());
        }
    }

    @Test
    void aJoinOverAnAggregateAnsweredFromMetadataMatchesParquet() {
        String sql = "SELECT a.day, a.n, a.top, d.name FROM"
                + " (SELECT day, count(*) AS n, max(id) AS top FROM fact GROUP BY day) a"
                + " JOIN days d ON a.day = d.day WHERE d.name IN ('d2', 'd5')";
        List<Row> expected = run(Read.PARQUET, sql, Map.of()).rows;
        assertEquals(2, expected.size());
        for (Read r : Read.values()) {
            assertSameRows(expected, run(r, sql, Map.of()).rows);
        }
    }

    @Test
    void aShuffleJoinGetsARuntimeBloomFilterOverAlbisAsOverParquet() {
        // Both tables are small: no broadcast (so the join shuffles) and a scan-size threshold
        // below the fact table's size, alike for both formats.
        Map<String, String> conf = Map.of("spark.sql.autoBroadcastJoinThreshold", "-1",
                "spark.sql.optimizer.runtime.bloomFilter.applicationSideScanSizeThreshold", "1KB");
        String sql = "SELECT f.id, f.day, f.amount, s.region FROM fact f JOIN stores s ON f.store = s.store"
                + " WHERE s.region = 'north'";
        List<Row> expected = run(Read.PARQUET, sql, conf).rows;
        assertEquals(400, expected.size());
        Map<String, String> noDataColumnFilters = new HashMap<>(conf);
        noDataColumnFilters.put(AlbisScan.DataColumnFilters(), "false");
        for (Read r : Read.values()) {
            // On the V2 scan Spark plans dynamic pruning by the data column instead, which it drops
            // as the join shuffles, and adds no bloom filter for the same key; unless it is turned off.
            Run run = run(r, sql, conf);
            assertEquals(r.albisV2(), run.optimizedPlan.contains("dynamicpruning"), r + ":\n" + run.optimizedPlan);
            assertSameRows(expected, run.rows);
            // A Parquet catalog table without statistics has no size Spark trusts, so it gets none; an
            // Albis table of the Albis catalog reports its exact row count and size, as its path does.
            boolean bloom = r != Read.PARQUET_CATALOG;
            Run checked = r.albisV2() ? run(r, sql, noDataColumnFilters) : run;
            assertEquals(bloom, checked.optimizedPlan.contains("might_contain"), r + ":\n" + checked.optimizedPlan);
            assertEquals(bloom, checked.executedPlan.toString().contains("might_contain"), r + ":\n" + checked.executedPlan);
            assertSameRows(expected, checked.rows);
        }
        spark.sql("ANALYZE TABLE " + catalogTable("parquet") + " COMPUTE STATISTICS NOSCAN");
        for (Read r : List.of(Read.PARQUET_CATALOG)) {
            Run run = run(r, sql, conf);
            assertTrue(run.optimizedPlan.contains("might_contain"), r + ":\n" + run.optimizedPlan);
            assertTrue(run.executedPlan.toString().contains("might_contain"), r + ":\n" + run.executedPlan);
            assertSameRows(expected, run.rows);
        }
    }

    @Test
    void runtimePredicatesTestPartitionValuesAndThoseThatNameNoPartitionColumnAreLeftOut() {
        // as Spark hands them to the scan: literals of Spark's internal values, typed as the join key
        StructType partition = new StructType().add("day", DataTypes.IntegerType);
        Predicate days = new Predicate("IN", new Expression[] {Expressions.column("DAY"), key(1), key(6)});
        Predicate otherColumn = new Predicate("IN", new Expression[] {Expressions.column("store"), key(1)});
        Predicate nested = new Predicate("=", new Expression[] {Expressions.column("day.x"), key(1)});
        Predicate otherType = new Predicate("IN", new Expression[] {Expressions.column("day"),
                new LiteralValue<>(UTF8String.fromString("one"), DataTypes.StringType)});
        Seq<org.apache.spark.sql.catalyst.expressions.Expression> bound = RuntimePartitionFilters.bind(
                new Predicate[] {days, otherColumn, nested, otherType}, partition, spark.sessionState().conf().resolver());
        assertEquals(1, bound.size(), bound.toString());
        Function1<InternalRow, Object> matches = RuntimePartitionFilters.test(bound);
        for (int day = 0; day < DAYS; day++) {
            assertEquals(day == 1 || day == 6, matches.apply(new GenericInternalRow(new Object[] {day})), "day " + day);
        }
        assertEquals(false, matches.apply(new GenericInternalRow(new Object[] {null})), "a null partition value");
        Seq<org.apache.spark.sql.catalyst.expressions.Expression> none = RuntimePartitionFilters.bind(
                new Predicate[] {otherColumn}, partition, spark.sessionState().conf().resolver());
        assertEquals(true, RuntimePartitionFilters.test(none).apply(new GenericInternalRow(new Object[] {3})), "no pruning");
    }

    private static LiteralValue<Integer> key(int value) {
        return new LiteralValue<>(value, DataTypes.IntegerType);
    }

    private static String catalogTable(String format) {
        return "dpp_" + format + "_fact";
    }

    private static String path(String format, String table) {
        return dir.resolve(format).resolve(table).toString();
    }

    private static int rowGroups(String partition) {
        try {
            // one table: its state lists the row groups of every partition
            return (int) AlbisTable.open(path("albis", "fact")).state().rowGroups().stream()
                    .filter(rg -> rg.partition().equals(partition)).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs {@code sql} over the views fact, days and stores read as {@code read} says, with {@code conf} set. */
    private static Run run(Read read, String sql, Map<String, String> conf) {
        String format = read.format;
        Map<String, String> all = new HashMap<>(conf);
        String v1 = spark.conf().get(V1_SOURCES);
        all.put(V1_SOURCES, read.albisV1 ? v1 + ",albis" : v1);
        return withConf(all, () -> {
            Dataset<Row> fact = read.catalog ? spark.table(catalogTable(format))
                    : spark.read().format(format).load(path(format, "fact"));
            fact.createOrReplaceTempView("fact");
            spark.read().format(format).load(path(format, "days")).createOrReplaceTempView("days");
            spark.read().format(format).load(path(format, "stores")).createOrReplaceTempView("stores");
            Dataset<Row> q = spark.sql(sql);
            List<Row> rows = q.collectAsList();
            return new Run(rows, q.queryExecution().optimizedPlan().toString(), q.queryExecution().executedPlan());
        });
    }

    /** What the scan of the fact table read: row groups (its tasks) on the V2 scan, else partitions (Spark's metric). */
    private static long factPartsRead(Read read, Run run) {
        List<Long> counts = new ArrayList<>();
        for (SparkPlan p : nodes(run.executedPlan)) {
            if (p instanceof BatchScanExec scan && readsFacts(p)) {
                counts.add((long) scan.inputRDD().getNumPartitions());
            } else if (p instanceof FileSourceScanExec scan && readsFacts(p)) {
                counts.add(scan.metrics().apply("numPartitions").value());
            }
        }
        assertEquals(1, counts.size(), run.executedPlan.toString());
        assertEquals(read.albisV2(), nodes(run.executedPlan).stream().anyMatch(p -> p instanceof BatchScanExec));
        return counts.get(0);
    }

    /** What {@link #factPartsRead} is when the scan reads the partitions of {@code days}. */
    private static long partsOf(Read read, List<Integer> days) {
        return read.albisV2() ? days.stream().mapToInt(d -> rowGroups("day=" + d)).sum() : days.size();
    }

    private static boolean readsFacts(SparkPlan scan) {
        return CollectionConverters.asJava(scan.output()).stream().anyMatch(a -> a.name().equals("amount"));
    }

    /** Every node of a physical plan, through adaptive plans and their query stages. */
    private static List<SparkPlan> nodes(SparkPlan plan) {
        List<SparkPlan> out = new ArrayList<>();
        collect(plan, out);
        return out;
    }

    private static void collect(SparkPlan plan, List<SparkPlan> out) {
        if (plan instanceof AdaptiveSparkPlanExec adaptive) {
            collect(adaptive.executedPlan(), out);
        } else if (plan instanceof QueryStageExec stage) {
            collect(stage.plan(), out);
        } else {
            out.add(plan);
            for (SparkPlan child : CollectionConverters.asJava(plan.children())) {
                collect(child, out);
            }
        }
    }
}
