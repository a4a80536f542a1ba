package io.albis.spark.catalog;

import static io.albis.spark.Failures.rootCause;
import static io.albis.spark.SparkRows.assertSameRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.spark.SparkSessions;
import io.albis.table.AlbisTable;
import io.albis.table.TableState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warehouse catalog: namespaces and tables as directories, properties and partition columns
 * in the table state, partitioned tables written through V2 as one table; statements compared with
 * the same statements on Parquet tables of the session catalog where Spark supports them there.
 */
class WarehouseCatalogTest {
    @TempDir
    static Path warehouse;

    private final SparkSession spark = SparkSessions.local();

    @BeforeEach
    void catalog() {
        spark.conf().set("spark.sql.catalog.lake", AlbisCatalog.class.getName());
        spark.conf().set("spark.sql.catalog.lake.warehouse", warehouse.toString());
        spark.sql("CREATE NAMESPACE IF NOT EXISTS lake.db");
    }

    @AfterEach
    void drop() {
        for (String t : List.of("lake.db.t", "lake.db.u", "lake.db.moved", "default.pq")) {
            spark.sql("DROP TABLE IF EXISTS " + t);
        }
    }

    private List<Row> rows(String sql) {
        return spark.sql(sql).collectAsList();
    }

    @Test
    void tablesLiveInTheWarehouseWithTheirPropertiesAndAnotherCatalogInstanceSeesThem() throws Exception {
        spark.sql("CREATE TABLE lake.db.t (id BIGINT, name STRING) USING albis TBLPROPERTIES ('owner.team' = 'ads')");
        spark.sql("INSERT INTO lake.db.t VALUES (1, 'one'), (2, 'two')");
        Path dir = warehouse.resolve("db").resolve("t");
        assertTrue(Files.exists(dir.resolve("_schema.00000001")), "the table is a directory of the warehouse");
        assertEquals("ads", AlbisTable.open(dir.toString()).state().properties().get("owner.team"));
        assertEquals(List.of("t"), rows("SHOW TABLES IN lake.db").stream().map(r -> r.getString(1)).toList());
        // a second catalog over the same warehouse (as another JVM would have) sees the table and its rows
        spark.conf().set("spark.sql.catalog.lake2", AlbisCatalog.class.getName());
        spark.conf().set("spark.sql.catalog.lake2.warehouse", warehouse.toString());
        assertEquals(2L, spark.table("lake2.db.t").count());
        spark.sql("INSERT INTO lake2.db.t VALUES (3, 'three')");
        assertEquals(3L, spark.table("lake.db.t").count());
        spark.sql("ALTER TABLE lake.db.t SET TBLPROPERTIES ('rowGroupRows' = '1000')");
        assertEquals("1000", AlbisTable.open(dir.toString()).state().properties().get("rowGroupRows"));
        spark.sql("ALTER TABLE lake.db.t RENAME TO db.moved");
        assertEquals(3L, spark.table("lake.db.moved").count());
        assertFalse(Files.exists(dir));
    }

    @Test
    void namesThatWouldLeaveTheWarehouseAreRefused() {
        for (String bad : List.of("`..`", "`a/b`", "`_hidden`", "`.x`", "`c:d`")) {
            Exception e = assertThrows(Exception.class,
                    () -> spark.sql("CREATE TABLE lake.db." + bad + " (id BIGINT) USING albis"), bad);
            assertTrue(rootCause(e).getMessage().contains("is refused in the warehouse"), rootCause(e).getMessage());
        }
        Exception ns = assertThrows(Exception.class, () -> spark.sql("CREATE NAMESPACE lake.`..`"));
        assertTrue(rootCause(ns).getMessage().contains("is refused in the warehouse"), rootCause(ns).getMessage());
    }

    @Test
    void aLinkInTheWarehouseIsNotFollowed() throws Exception {
        Path outside = Files.createDirectories(warehouse.resolveSibling("outside-" + System.nanoTime()));
        Files.createSymbolicLink(warehouse.resolve("linked"), outside);
        try {
            Exception e = assertThrows(Exception.class,
                    () -> spark.sql("CREATE TABLE lake.linked.t (id BIGINT) USING albis"));
            assertTrue(rootCause(e).getMessage().contains("is a link"), rootCause(e).getMessage());
            try (var files = Files.list(outside)) {
                assertEquals(0, files.count(), "nothing was written outside the warehouse");
            }
        } finally {
            Files.delete(warehouse.resolve("linked"));
        }
    }

    @Test
    void aPartitionedTableIsOneTableWrittenAndOverwrittenAsOnParquet() throws Exception {
        spark.sql("CREATE TABLE lake.db.t (id BIGINT, day INT) USING albis PARTITIONED BY (day)");
        spark.sql("CREATE TABLE default.pq (id BIGINT, day INT) USING parquet PARTITIONED BY (day)");
        for (String t : List.of("lake.db.t", "default.pq")) {
            spark.sql("INSERT INTO " + t + " SELECT id, CAST(id % 4 AS INT) FROM range(100)");
            spark.sql("INSERT OVERWRITE " + t + " PARTITION (day = 1) SELECT id + 1000 FROM range(5)");
        }
        assertSameRows(spark.table("default.pq"), spark.table("lake.db.t"));
        TableState state = AlbisTable.open(warehouse.resolve("db/t").toString()).state();
        Set<String> partitions = state.rowGroups().stream().map(TableState.Entry::partition).collect(Collectors.toSet());
        assertEquals(Set.of("day=0", "day=1", "day=2", "day=3"), partitions, "one state lists every partition");
        withDynamicOverwrite(() -> {
            for (String t : List.of("lake.db.t", "default.pq")) {
                spark.sql("INSERT OVERWRITE " + t + " SELECT id + 2000, 2 FROM range(3)");
            }
        });
        assertSameRows(spark.table("default.pq"), spark.table("lake.db.t"));
        assertEquals(25L, spark.sql("SELECT * FROM lake.db.t WHERE day = 0").count());
        long latest = AlbisTable.open(warehouse.resolve("db/t").toString()).state().version();
        assertEquals(100L, spark.sql("SELECT * FROM lake.db.t VERSION AS OF " + (latest - 2)).count(),
                "time travel covers every partition");
        assertEquals(List.of("id", "day"), List.of(spark.table("lake.db.t").columns()));
        // Spark's table evolution and the procedures on a partitioned table: new files in each row group's partition
        io.albis.spark.evolve.AlbisEvolution.addColumn(spark, warehouse.resolve("db/t").toString(), "twice", "id * 2");
        rows("CALL lake.system.regroup('db.t', 'column')");
        rows("CALL lake.system.rebalance('db.t', 3)");
        assertEquals(0L, spark.sql("SELECT * FROM lake.db.t WHERE twice <> id * 2").count());
        assertSameRows(spark.sql("SELECT id, day FROM default.pq"), spark.sql("SELECT id, day FROM lake.db.t"));
        assertEquals(List.of(), io.albis.table.TableVerifier.verify(AlbisTable.open(warehouse.resolve("db/t").toString())));
    }

    @Test
    void historyAndProceduresFromSql() {
        spark.sql("CREATE TABLE lake.db.u (id BIGINT, s STRING) USING albis");
        spark.sql("INSERT INTO lake.db.u SELECT id, CAST(id AS STRING) FROM range(0, 1000, 1, 4)");
        spark.sql("ALTER TABLE lake.db.u ADD COLUMNS (x DOUBLE)");
        List<Row> history = rows("SELECT version, operation, rows, schema_version FROM lake.db.u.history");
        assertEquals(3, history.size());
        assertEquals(3, history.get(0).getInt(0), "newest first");
        assertEquals(1000L, history.get(0).getLong(2));
        assertEquals(2, history.get(0).getInt(3), "the column change made schema version 2");
        assertEquals("CREATE", history.get(2).getString(1));
        List<Row> rebalanced = rows("CALL lake.system.rebalance(table => 'db.u', row_groups => 2)");
        assertEquals(2, rebalanced.get(0).getInt(1));
        assertEquals(1000L, rebalanced.get(0).getLong(2));
        rows("CALL lake.system.regroup('db.u', 'column')");
        assertEquals(1000L, spark.table("lake.db.u").count());
        assertEquals(499500L, spark.sql("SELECT sum(id) FROM lake.db.u").first().getLong(0));
        rows("CALL lake.system.repair('db.u')");
        assertEquals(5, rows("SELECT * FROM lake.db.u.history").size());
    }

    private void withDynamicOverwrite(Runnable body) {
        spark.conf().set("spark.sql.sources.partitionOverwriteMode", "dynamic");
        try {
            body.run();
        } finally {
            spark.conf().unset("spark.sql.sources.partitionOverwriteMode");
        }
    }
}
