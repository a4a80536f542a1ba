package io.albis.spark.write;

import static io.albis.spark.SparkRows.assertSameRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.filter.Predicates;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.ColumnGroup;
import io.albis.schema.ColumnGroupSpec;
import io.albis.segment.ColumnStats;
import io.albis.segment.SegmentMetadata;
import io.albis.spark.SparkSessions;
import io.albis.spark.evolve.AlbisEvolution;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import io.albis.table.TableProperties;
import io.albis.storage.LocalStorage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code sortBy} write option and table property: path writes (Spark's V1 source, sorted by
 * the albis output writer) and catalog writes (V2, sorted by Spark as the write requires) write
 * every row group's rows in order, nulls first, so each segment's minimum and maximum of the sort
 * column are tight, its {@code sorted} flag set, and a filter on it skips segments; the rows are
 * those Spark's Parquet writes of the same DataFrame; the table records the order and later
 * writes keep it; re-grouping and re-balancing re-sort; bad values are refused naming the option.
 */
class SparkSortedWriteTest {
    @TempDir
    Path dir;

    private final SparkSession spark = SparkSessions.local();

    /** Keys in no order, {@code d} with nulls, two Spark partitions; about 50 rows per 4 KiB segment. */
    private Dataset<Row> rows() {
        return spark.sql("""
                SELECT CAST((id * 7919) % 20000 AS BIGINT) AS k,
                  CASE WHEN id % 97 = 0 THEN NULL ELSE (id * 31) % 1000 END AS d,
                  concat('row', id, repeat('x', CAST(id % 20 AS INT))) AS s,
                  CAST(id % 3 AS INT) AS p
                FROM range(0, 20000, 1, 2)
                """);
    }

    @AfterEach
    void drop() {
        for (String t : List.of("sorted_t", "sorted_ctas", "sorted_bad")) {
            spark.sql("DROP TABLE IF EXISTS " + t);
        }
    }

    private String path(String name) {
        return dir.resolve(name).toString();
    }

    private static Dataset<Row> albis(SparkSession spark, String table) {
        return spark.read().format("albis").load(table);
    }

    /** Each row group's values of a long column, in row order (null for null). */
    private static List<List<Long>> valuesByRowGroup(String table, String column) throws IOException {
        AlbisTable t = AlbisTable.open(table);
        List<List<Long>> out = new ArrayList<>();
        for (RowGroupRef rg : t.rowGroups()) {
            List<Long> values = new ArrayList<>();
            try (AlbisReader r = t.newReader(ReadOptions.all().withColumns(List.of(column)).withRowGroups(rg.index()))) {
                while (r.advance()) {
                    values.add(r.isNull(0) ? null : r.getLong(0));
                }
            }
            out.add(values);
        }
        return out;
    }

    /** Whether the values are nulls, then non-null values in non-decreasing order. */
    private static boolean inOrder(List<Long> values) {
        Long last = null;
        for (Long v : values) {
            if (v == null) {
                if (last != null) {
                    return false;
                }
            } else {
                if (last != null && v < last) {
                    return false;
                }
                last = v;
            }
        }
        return true;
    }

    private static void assertEveryRowGroupInOrder(String table, String column) throws IOException {
        List<List<Long>> groups = valuesByRowGroup(table, column);
        assertFalse(groups.isEmpty());
        for (int i = 0; i < groups.size(); i++) {
            assertTrue(inOrder(groups.get(i)), "row group " + i + " of " + table + " by " + column + ": " + groups.get(i));
        }
    }

    /** The statistics of {@code column} in every segment of every row group. */
    private static List<ColumnStats> segmentStats(String table, String column) throws IOException {
        AlbisTable t = AlbisTable.open(table);
        int c = t.schema().columnIndex(column);
        ColumnGroup group = t.schema().groups().stream().filter(g -> contains(g.columns(), c)).findFirst().orElseThrow();
        int slot = indexOf(group.columns(), c);
        List<ColumnStats> out = new ArrayList<>();
        for (RowGroupRef rg : t.rowGroups()) {
            for (SegmentMetadata s : t.metadata(rg, group, t.presentGroups(rg)).segments()) {
                out.add(s.stats(slot));
            }
        }
        return out;
    }

    private static boolean contains(int[] a, int v) {
        return indexOf(a, v) >= 0;
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        return -1;
    }

    /** Every segment that holds a non-null value of the column says it is sorted and has its extremes. */
    private static void assertSortedSegments(String table, String column) throws IOException {
        List<ColumnStats> stats = segmentStats(table, column);
        assertTrue(stats.size() > 4, "several segments: " + stats.size());
        for (ColumnStats s : stats) {
            if (s.nullCount() == 0 || s.hasMinMax()) {
                assertTrue(s.sorted() && s.hasMinMax(), column + " in " + table + ": " + s);
            }
        }
    }

    /** Segments read by Albis's reader for {@code d = 500}; checks it finds the rows Spark counts. */
    private long segmentsReadFor500(String table) throws IOException {
        long matching = albis(spark, table).where("d = 500").count();
        try (AlbisReader r = AlbisTable.open(table).newReader(ReadOptions.all().withFilter(Predicates.eq("d", 500L)))) {
            long n = 0;
            while (r.advance()) {
                n++;
            }
            assertEquals(matching, n);
            return r.stats().segmentsRead();
        }
    }

    @Test
    void aPathWriteSortsEveryRowGroupAndItsSegmentsSkip() throws IOException {
        String sorted = path("sorted");
        String unsorted = path("unsorted");
        String parquet = path("parquet");
        rows().write().parquet(parquet);
        rows().write().format("albis").option("sortBy", "d").option("rowGroupRows", 3000).option("segmentSize", 4096)
                .save(sorted);
        rows().write().format("albis").option("rowGroupRows", 3000).option("segmentSize", 4096).save(unsorted);
        assertSameRows(spark.read().parquet(parquet), albis(spark, sorted));
        assertEquals(8, AlbisTable.open(sorted).rowGroups().size(), "two tasks of 10,000 rows, 3,000 per row group");
        assertEveryRowGroupInOrder(sorted, "d");
        assertFalse(valuesByRowGroup(unsorted, "d").stream().allMatch(SparkSortedWriteTest::inOrder));
        assertSortedSegments(sorted, "d");
        // Each task sorts all its rows, so d = 500 lies in one or two segments of one row group per task.
        long sortedReads = segmentsReadFor500(sorted);
        long unsortedReads = segmentsReadFor500(unsorted);
        assertTrue(sortedReads <= 4, "segments read in the sorted table: " + sortedReads);
        assertTrue(unsortedReads > 20 * sortedReads, unsortedReads + " against " + sortedReads);
        assertEquals("d", TableProperties.of(LocalStorage.INSTANCE, sorted).get("sortBy"), "the table records its order");
    }

    @Test
    void aPartitionedPathWriteSortsInEveryPartitionAndLaterWritesKeepTheOrder() throws IOException {
        String t = path("t");
        String parquet = path("parquet");
        rows().write().partitionBy("p").parquet(parquet);
        rows().write().format("albis").partitionBy("p").option("sortBy", "k,d").option("rowGroupRows", 2000).save(t);
        assertEveryRowGroupInOrder(t, "k");
        assertSameRows(spark.read().parquet(parquet), albis(spark, t));
        // An append without the option takes the table's order from its property.
        rows().write().format("albis").partitionBy("p").mode(SaveMode.Append).save(t);
        assertEveryRowGroupInOrder(t, "k");
        assertEquals(2 * 20000L, albis(spark, t).count());
        // sortBy given empty writes the rows as they come, once.
        rows().write().format("albis").partitionBy("p").option("sortBy", "").mode(SaveMode.Append).save(t);
        assertFalse(valuesByRowGroup(t, "k").stream().allMatch(SparkSortedWriteTest::inOrder));
        assertEquals("k,d", TableProperties.of(LocalStorage.INSTANCE, t).get("sortBy"));
    }

    @Test
    void catalogWritesSortAndAlterTableChangesTheOrderOfLaterWrites() throws IOException {
        spark.sql("CREATE TABLE sorted_t (k BIGINT, d BIGINT, s STRING, p INT) USING albis PARTITIONED BY (p)"
                + at("sorted_t") + " TBLPROPERTIES ('sortBy' = 'd', 'rowGroupRows' = '2500', 'segmentSize' = '4096')");
        rows().createOrReplaceTempView("sorted_rows");
        spark.sql("INSERT INTO sorted_t SELECT * FROM sorted_rows");
        String location = location("sorted_t");
        assertEveryRowGroupInOrder(location, "d");
        assertSortedSegments(location, "d");
        assertSameRows(rows(), spark.table("sorted_t").select("k", "d", "s", "p"));
        spark.sql("ALTER TABLE sorted_t SET TBLPROPERTIES ('sortBy' = 'k')");
        int before = AlbisTable.open(location).rowGroups().size();
        spark.sql("INSERT INTO sorted_t SELECT * FROM sorted_rows");
        List<List<Long>> byK = valuesByRowGroup(location, "k");
        for (int i = before; i < byK.size(); i++) {
            assertTrue(inOrder(byK.get(i)), "row group " + i + " of the second insert, by k");
        }
        assertEquals(40000L, spark.table("sorted_t").count());

        spark.sql("CREATE TABLE sorted_ctas USING albis" + at("sorted_ctas")
                + " TBLPROPERTIES ('sortBy' = 'd', 'segmentSize' = '4096') AS SELECT * FROM sorted_rows");
        assertEveryRowGroupInOrder(location("sorted_ctas"), "d");
        assertSameRows(rows(), spark.table("sorted_ctas"));
    }

    @Test
    void theSortColumnStaysUntilTheOrderChangesAndAReplaceOfTheColumnsDropsTheOrder() throws IOException {
        spark.sql("CREATE TABLE sorted_t (k BIGINT, d BIGINT) USING albis" + at("sorted_t")
                + " TBLPROPERTIES ('sortBy' = 'd')");
        assertRefused("cannot drop column d", () -> spark.sql("ALTER TABLE sorted_t DROP COLUMN d"));
        assertRefused("cannot rename column d", () -> spark.sql("ALTER TABLE sorted_t RENAME COLUMN d TO e"));
        spark.sql("CREATE OR REPLACE TABLE sorted_t USING albis AS SELECT id AS x FROM range(0, 1000, 1, 2)"
                + " ORDER BY id DESC");
        assertFalse(TableProperties.of(LocalStorage.INSTANCE, location("sorted_t")).containsKey("sortBy"));
        spark.sql("INSERT INTO sorted_t SELECT id FROM range(5)"); // no order of the old columns left to refuse it
        assertEquals(1005L, spark.table("sorted_t").count());
        assertTrue(spark.sql("SHOW TBLPROPERTIES sorted_t").where("key = 'sortBy'").isEmpty(),
                "the session catalog forgot the old order too");
    }

    @Test
    void aFailedSortedWriteLeavesNoTable() {
        spark.udf().register("fail_sorted_at_7777", (org.apache.spark.sql.api.java.UDF1<Long, Long>) id -> {
            if (id == 7777) {
                throw new IllegalStateException("injected failure at 7777");
            }
            return id;
        }, org.apache.spark.sql.types.DataTypes.LongType);
        String t = path("t");
        assertRefused("injected failure at 7777", () -> rows().selectExpr("fail_sorted_at_7777(k) AS k", "d")
                .write().format("albis").option("sortBy", "d").save(t));
        java.io.File left = dir.resolve("t").toFile();
        assertTrue(!left.exists() || left.list().length == 0, "nothing of the failed write is left");
    }

    @Test
    void aGlobalSortGivesTheTasksRangesThatDoNotOverlap() throws IOException {
        spark.sql("CREATE TABLE sorted_t (k BIGINT, d BIGINT, s STRING, p INT) USING albis" + at("sorted_t")
                + " TBLPROPERTIES ('sortBy' = 'k', 'sortScope' = 'global')");
        rows().createOrReplaceTempView("sorted_rows");
        // Adaptive execution would join this small write's ranges into one task.
        SparkSessions.withConf(java.util.Map.of("spark.sql.adaptive.coalescePartitions.enabled", "false"),
                () -> spark.sql("INSERT INTO sorted_t SELECT * FROM sorted_rows"));
        List<List<Long>> groups = valuesByRowGroup(location("sorted_t"), "k");
        assertTrue(groups.size() > 1, "Spark's shuffle partitions write a row group each: " + groups.size());
        List<Long> all = new ArrayList<>();
        groups.forEach(all::addAll);
        assertTrue(inOrder(all), "the row groups, in table order, hold one sorted run of k");
        assertSameRows(rows(), spark.table("sorted_t"));
    }

    @Test
    void regroupAndRebalanceResort() throws IOException {
        String t = path("t");
        rows().write().format("albis").option("rowGroupRows", 4000).save(t);
        assertEquals(6, AlbisTable.open(t).rowGroups().size());
        AlbisEvolution.regroup(spark, t, "column", "d");
        assertTrue(ColumnGroupSpec.parse("column").laysOut(AlbisTable.open(t).schema()));
        assertEquals(6, AlbisTable.open(t).rowGroups().size(), "as many row groups as before");
        List<Long> all = new ArrayList<>();
        valuesByRowGroup(t, "d").forEach(all::addAll);
        assertTrue(inOrder(all), "the whole table in order of d");
        assertSameRows(rows(), albis(spark, t));

        // Through the catalog: the table's property is the order a rebalance writes.
        spark.sql("CREATE TABLE sorted_t USING albis" + at("sorted_t")
                + " AS SELECT id, 1 AS one FROM range(0, 5000, 1, 2) ORDER BY id DESC");
        spark.sql("ALTER TABLE sorted_t SET TBLPROPERTIES ('sortBy' = 'id')");
        assertEquals(3, spark.sql("CALL spark_catalog.system.rebalance('sorted_t', 3)").first().getInt(1));
        List<Long> ids = new ArrayList<>();
        valuesByRowGroup(location("sorted_t"), "id").forEach(ids::addAll);
        assertEquals(5000, ids.size());
        assertTrue(inOrder(ids), "rebalanced in order of the table's sortBy");
        // sort_by => '' keeps the rows' order: a plain rebalance.
        spark.sql("CALL spark_catalog.system.rebalance(table => 'sorted_t', row_groups => 2, sort_by => '')");
        assertEquals(2, AlbisTable.open(location("sorted_t")).rowGroups().size());
    }

    @Test
    void badOrdersAreRefusedNamingTheOption() {
        String t = path("t");
        assertRefused("option sortBy: the rows have no column 'nope'", () -> rows().write().format("albis")
                .option("sortBy", "nope").save(t));
        assertRefused("option sortBy: 'k,,d' has an empty column name", () -> rows().write().format("albis")
                .option("sortBy", "k,,d").save(t));
        assertRefused("names column 'K' twice", () -> rows().write().format("albis").option("sortBy", "k, K").save(t));
        assertRefused("option sortBy: 'p' is a partition column", () -> rows().write().format("albis").partitionBy("p")
                .option("sortBy", "p").save(t));
        assertRefused("option sortScope: 'sideways' is neither task", () -> rows().write().format("albis")
                .option("sortBy", "k").option("sortScope", "sideways").save(t));
        assertRefused("option sortScope: a path write sorts the rows of each task", () -> rows().write().format("albis")
                .option("sortBy", "k").option("sortScope", "global").save(t));
        assertRefused("column 'm' is map<string,bigint>", () -> spark.sql("SELECT id, map('a', id) AS m FROM range(5)")
                .write().format("albis").option("sortBy", "m").save(t));
        assertFalse(dir.resolve("t").toFile().exists(), "nothing was written");

        assertRefused("option sortBy: the rows have no column 'nope'", () -> spark.sql(
                "CREATE TABLE sorted_bad (k BIGINT) USING albis" + at("sorted_bad") + " TBLPROPERTIES ('sortBy' = 'nope')"));
        spark.sql("CREATE TABLE sorted_bad (k BIGINT, a ARRAY<INT>) USING albis" + at("sorted_bad"));
        assertRefused("column 'a' is array<int>", () -> spark.sql(
                "ALTER TABLE sorted_bad SET TBLPROPERTIES ('sortBy' = 'a')"));
        assertRefused("option sortBy: the rows have no column 'x'", () -> spark.sql("SELECT 1L AS k, array(1) AS a")
                .write().format("albis").option("sortBy", "x").mode(SaveMode.Append).saveAsTable("sorted_bad"));
        assertEquals(0L, spark.table("sorted_bad").count());
    }

    private void assertRefused(String message, org.junit.jupiter.api.function.Executable write) {
        Throwable e = assertThrows(Throwable.class, write);
        String all = messages(e);
        assertTrue(all.contains(message), all);
    }

    private static String messages(Throwable e) {
        StringBuilder sb = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            sb.append(t.getMessage()).append('\n');
        }
        return sb.toString();
    }

    /** A catalog table's directory: each test's tables lie in its temporary directory. */
    private String location(String table) {
        return path(table);
    }

    /** {@code LOCATION} for a catalog table of the test. */
    private String at(String table) {
        return " LOCATION '" + path(table) + "'";
    }
}
