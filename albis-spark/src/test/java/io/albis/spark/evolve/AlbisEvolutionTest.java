package io.albis.spark.evolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.InvalidOptionException;
import io.albis.evolve.TableEvolution;
import io.albis.read.AlbisReader;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.spark.SparkSessions;
import io.albis.table.AlbisTable;
import io.albis.write.CommitResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link AlbisEvolution}: columns computed by Spark expressions, checked against the same
 * expressions computed by Spark's own Parquet reader over a Parquet copy of the same rows; the
 * operations that rewrite rows checked row by row, in table order, with the Albis Java API.
 */
class AlbisEvolutionTest {
    /** 5000 rows with nulls, in 8 row groups (700 rows, the last 100). */
    private static final String ROWS = "SELECT id, CASE WHEN id % 7 = 0 THEN NULL ELSE id * 3 END AS a,"
            + " CAST(id % 13 AS INT) AS b, concat('s', id) AS s, CAST(id % 5 AS DECIMAL(9, 2)) AS d FROM range(0, 5000)";

    @TempDir
    Path dir;

    private final SparkSession spark = SparkSessions.local();
    private String table;
    private String parquet;

    @BeforeAll
    static void udfs() {
        // Fails the first attempt of partition 1 half-way through its rows; the retry succeeds.
        SparkSessions.local().udf().register("fail_first_attempt_of_1", (UDF1<Long, Long>) id -> {
            TaskContext t = TaskContext.get();
            if (t.partitionId() == 1 && t.attemptNumber() == 0 && id % 700 == 350) {
                throw new IllegalStateException("injected failure of the first attempt");
            }
            return id;
        }, DataTypes.LongType);
    }

    @BeforeEach
    void tables() {
        table = dir.resolve("t").toString();
        parquet = dir.resolve("p").toString();
        spark.sql(ROWS).coalesce(1).write().format("albis").option("rowGroupRows", "700").save(table);
        // The same rows, read back from the table: the reference copy for Spark's Parquet reader.
        spark.read().format("albis").load(table).write().parquet(parquet);
    }

    @Test
    void anAddedColumnIsTheExpressionOverItsRow() throws IOException {
        assertEquals(8, AlbisTable.open(table).rowGroups().size());
        CommitResult r = AlbisEvolution.addColumn(spark, table, "c", "a * 1000 + b");
        assertEquals(8, r.rowGroups());
        assertEquals(5000, r.rows());
        assertSameAsParquet(List.of("id", "a", "b", "s", "d", "c"), "id", "a", "b", "s", "d", "a * 1000 + b AS c");
        Schema schema = AlbisTable.open(table).schema();
        ColumnGroup added = schema.groups().get(schema.groups().size() - 1);
        assertEquals("c", added.name());
        assertEquals(List.of("c"), names(schema, added));
    }

    @Test
    void severalColumnsOfSeveralTypesWithNulls() throws IOException {
        Map<String, String> columns = new LinkedHashMap<>();
        columns.put("label", "concat(s, '-', b)");
        columns.put("maybe", "CASE WHEN b > 5 THEN NULL ELSE a END");
        columns.put("nothing", "CAST(NULL AS STRING)");
        columns.put("price", "d * 2");
        columns.put("constant", "42");
        AlbisEvolution.addColumns(spark, table, "derived", columns);
        assertSameAsParquet(List.of("id", "label", "maybe", "nothing", "price", "constant"),
                "id", "concat(s, '-', b) AS label", "CASE WHEN b > 5 THEN NULL ELSE a END AS maybe",
                "CAST(NULL AS STRING) AS nothing", "d * 2 AS price", "42 AS constant");
        Dataset<Row> read = spark.read().format("albis").load(table);
        assertEquals(5000, read.where("nothing IS NULL").count());
        assertEquals(spark.read().parquet(parquet).where("b > 5 OR a IS NULL").count(),
                read.where("maybe IS NULL").count());
        Schema schema = AlbisTable.open(table).schema();
        assertEquals("derived", schema.groups().get(schema.groups().size() - 1).name());
    }

    @Test
    void aRetriedTaskWritesItsRowGroupOnce() throws IOException {
        AlbisEvolution.addColumn(spark, table, "c", "fail_first_attempt_of_1(id) * 2");
        assertSameAsParquet(List.of("id", "c"), "id", "id * 2 AS c");
        assertNoLeftovers();
    }

    @Test
    void aFailingExpressionLeavesTheTableAsItWas() throws IOException {
        Set<String> before = files();
        List<List<Object>> rows = rowsInOrder(table);
        Exception e = SparkSessions.withConf(Map.of("spark.sql.ansi.enabled", "true"), () -> assertThrows(Exception.class,
                () -> AlbisEvolution.addColumn(spark, table, "n",
                        "CAST(CASE WHEN id = 4321 THEN 'x' ELSE CAST(b AS STRING) END AS INT)")));
        assertTrue(rootMessage(e).contains("CAST_INVALID_INPUT"), rootMessage(e));
        assertEquals(before, files());
        assertEquals(rows, rowsInOrder(table));
        assertFalse(AlbisTable.open(table).schema().hasColumn("n"));
    }

    @Test
    void anExpressionOverManyRowsIsRefusedBeforeAnythingIsWritten() throws IOException {
        Set<String> before = files();
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> AlbisEvolution.addColumn(spark, table, "total", "sum(a)"));
        assertTrue(e.getMessage().contains("one value per row"), e.getMessage());
        assertThrows(InvalidOptionException.class,
                () -> AlbisEvolution.addColumn(spark, table, "rank", "row_number() OVER (ORDER BY id)"));
        assertEquals(before, files());
    }

    @Test
    void theV1FileSourceIsRefusedSinceItPacksRowGroupsIntoTasks() throws IOException {
        Set<String> before = files();
        InvalidOptionException e = SparkSessions.withConf(Map.of("spark.sql.sources.useV1SourceList", "albis"),
                () -> assertThrows(InvalidOptionException.class,
                        () -> AlbisEvolution.addColumn(spark, table, "c", "a + 1")));
        assertTrue(e.getMessage().contains("useV1SourceList"), e.getMessage());
        assertEquals(before, files());
    }

    @Test
    void aNameTheTableHasIsRefused() throws IOException {
        Set<String> before = files();
        assertThrows(InvalidOptionException.class, () -> AlbisEvolution.addColumn(spark, table, "b", "a + 1"));
        assertEquals(before, files());
    }

    @Test
    void regroupKeepsEveryRowInItsPlace() throws IOException {
        List<List<Object>> rows = rowsInOrder(table);
        AlbisEvolution.regroup(spark, table, "keys=id,b;values=a,d");
        Schema schema = AlbisTable.open(table).schema();
        assertEquals(List.of("keys", "values", "rest"), schema.groups().stream().map(ColumnGroup::name).toList());
        assertEquals(List.of("s"), names(schema, schema.groups().get(2)));
        assertEquals(rows, rowsInOrder(table));
        assertEquals(8, AlbisTable.open(table).rowGroups().size());
    }

    @Test
    void aHeavyDropRewritesTheGroupWithoutTheColumn() throws IOException {
        List<List<Object>> rows = rowsInOrder(table);
        AlbisEvolution.drop(spark, table, "s", TableEvolution.Drop.HEAVY);
        Schema schema = AlbisTable.open(table).schema();
        assertEquals(List.of("id", "a", "b", "d"), schema.liveColumnNames());
        assertEquals(4, schema.columnCount()); // gone, not marked deleted
        for (List<Object> row : rows) {
            row.remove(3);
        }
        assertEquals(rows, rowsInOrder(table));
    }

    @Test
    void rebalanceKeepsTheRowsAndTheirOrder() throws IOException {
        List<List<Object>> rows = rowsInOrder(table);
        CommitResult r = AlbisEvolution.rebalance(spark, table, 3);
        assertEquals(3, r.rowGroups());
        AlbisTable t = AlbisTable.open(table);
        assertEquals(List.of(1666L, 1667L, 1667L), t.state().rowGroups().stream().map(e -> e.rows()).toList());
        assertEquals(rows, rowsInOrder(table));
        assertEquals(3, spark.read().format("albis").load(table).rdd().getNumPartitions());
        assertThrows(InvalidOptionException.class, () -> AlbisEvolution.rebalance(spark, table, 5001));
        assertEquals(rows, rowsInOrder(table));
    }

    @Test
    void aReadNamesAStateVersionAndGetsItsRowsInTableOrder() throws IOException {
        int first = AlbisTable.open(table).state().version();
        spark.sql("SELECT id + 5000 AS id, a, b, s, d FROM (" + ROWS + ")").write().format("albis")
                .mode("append").save(table);
        Dataset<Row> old = spark.read().format("albis").option("stateVersion", first).load(table);
        assertEquals(5000, old.count());
        assertEquals(10000, spark.read().format("albis").load(table).count());
        // Partition i reads row group i: the first ids of the partitions are 0, 700, 1400, ...
        List<Long> firstIds = old.select("id").toJavaRDD().mapPartitions(it -> it.hasNext()
                ? List.of(it.next().getLong(0)).iterator() : List.<Long>of().iterator()).collect();
        assertEquals(List.of(0L, 700L, 1400L, 2100L, 2800L, 3500L, 4200L, 4900L), firstIds);
        Exception e = assertThrows(Exception.class,
                () -> spark.read().format("albis").option("stateVersion", "x").load(table).count());
        assertTrue(rootMessage(e).contains("stateVersion"), rootMessage(e));
    }

    /**
     * The table's columns {@code albis}, read through the albis source, equal {@code expressions}
     * computed by Spark's Parquet reader over the Parquet copy: row for row, the rows told apart by id.
     */
    private void assertSameAsParquet(List<String> albis, String... expressions) {
        Dataset<Row> actual = spark.read().format("albis").load(table).selectExpr(albis.toArray(new String[0]));
        Dataset<Row> expected = spark.read().parquet(parquet).selectExpr(expressions);
        assertEquals(5000, actual.count());
        assertEquals(0, actual.exceptAll(expected).count(), () -> "rows only Albis has: " + actual.exceptAll(expected)
                .limit(5).collectAsList());
        assertEquals(0, expected.exceptAll(actual).count());
    }

    /** Every row of the table in table order, read with the Albis Java API. */
    private static List<List<Object>> rowsInOrder(String t) throws IOException {
        List<List<Object>> out = new ArrayList<>();
        try (AlbisReader r = AlbisTable.open(t).newReader()) {
            while (r.advance()) {
                List<Object> row = new ArrayList<>();
                for (int i = 0; i < r.columnCount(); i++) {
                    row.add(r.getValue(i));
                }
                out.add(row);
            }
        }
        return out;
    }

    private static List<String> names(Schema schema, ColumnGroup g) {
        List<String> out = new ArrayList<>();
        for (int c : g.columns()) {
            out.add(schema.column(c).name());
        }
        return out;
    }

    private Set<String> files() throws IOException {
        try (Stream<Path> s = Files.list(dir.resolve("t"))) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
    }

    /** Nothing of a change is left beside the table's files: no temporary names, no job directories. */
    private void assertNoLeftovers() throws IOException {
        for (String f : files()) {
            assertFalse(f.startsWith("_tmp.") || f.startsWith("_job.") || f.startsWith("_aborted."), f);
        }
    }

    private static String rootMessage(Throwable e) {
        while (e.getCause() != null) {
            e = e.getCause();
        }
        return e.getMessage();
    }
}
