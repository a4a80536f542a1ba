package io.albis.spark.catalog;

import static io.albis.spark.Failures.rootCause;
import static io.albis.spark.SparkRows.assertSameRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.spark.SparkSessions;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Albis tables in Spark's session catalog with the Albis extension switched on, each statement
 * run on an Albis table and on a Parquet table and compared where Spark supports it on Parquet;
 * time travel, replaces and failed overwrites against the rows the test wrote.
 */
class SessionCatalogTest {
    @TempDir
    Path dir;

    private final SparkSession spark = SparkSessions.local();

    @BeforeAll
    static void udfs() {
        // Fails every attempt of partition 2: a write of it fails after the other tasks committed.
        SparkSessions.local().udf().register("fail_in_partition_2", (UDF1<Long, Long>) id -> {
            if (TaskContext.get().partitionId() == 2) {
                throw new IllegalStateException("injected failure of partition 2");
            }
            return id;
        }, DataTypes.LongType);
    }

    @AfterEach
    void drop() {
        for (String t : List.of("a", "p", "a2", "p2")) {
            spark.sql("DROP TABLE IF EXISTS " + t);
        }
    }

    private List<Row> rows(String sql) {
        return spark.sql(sql).collectAsList();
    }

    private void both(String statement) {
        spark.sql(statement.replace("$t", "a").replace("$format", "albis"));
        spark.sql(statement.replace("$t", "p").replace("$format", "parquet"));
    }

    private void assertSame(String query) {
        assertSameRows(spark.sql(query.replace("$t", "p")), spark.sql(query.replace("$t", "a")));
    }

    private static boolean scansV2(Dataset<Row> q) {
        List<SparkPlan> plans = scala.jdk.javaapi.CollectionConverters.asJava(q.queryExecution().executedPlan()
                .collectLeaves());
        return plans.stream().anyMatch(p -> p instanceof BatchScanExec)
                && plans.stream().noneMatch(p -> p instanceof FileSourceScanExec);
    }

    @Test
    void createInsertAndSelectGoThroughV2AsOnParquet() {
        both("CREATE TABLE $t (id BIGINT, name STRING, score DOUBLE) USING $format");
        both("INSERT INTO $t VALUES (1, 'one', 1.5), (2, NULL, NULL)");
        both("INSERT INTO $t SELECT id, concat('n', id), id / 3.0 FROM range(3, 1000)");
        assertSame("SELECT * FROM $t");
        assertSame("SELECT count(*), sum(score), max(name) FROM $t WHERE id > 10 AND name LIKE 'n1%'");
        assertTrue(scansV2(spark.sql("SELECT * FROM a WHERE id > 10")));
        assertFalse(scansV2(spark.sql("SELECT * FROM p WHERE id > 10")), "Parquet stays the built-in catalog's");
        both("INSERT OVERWRITE $t SELECT id, 'x', 0.0 FROM range(5)");
        assertSame("SELECT * FROM $t");
        both("TRUNCATE TABLE $t");
        assertEquals(0L, spark.table("a").count());
    }

    @Test
    void ctasSaveAsTableAndWriteToMakeV2Tables() throws Exception {
        both("CREATE TABLE $t USING $format AS SELECT id, id * 2 AS twice FROM range(100)");
        assertSame("SELECT * FROM $t");
        spark.range(50).selectExpr("id", "id * 3 AS twice").write().format("albis").mode(SaveMode.Append)
                .saveAsTable("a");
        spark.range(50).selectExpr("id", "id * 3 AS twice").write().format("parquet").mode(SaveMode.Append)
                .saveAsTable("p");
        assertSame("SELECT * FROM $t");
        spark.range(7).selectExpr("id", "id AS twice").writeTo("a2").using("albis").create();
        assertEquals(7L, spark.table("a2").count());
        assertTrue(scansV2(spark.table("a2")));
        spark.range(3).selectExpr("id", "id AS twice").writeTo("a2").append();
        assertEquals(10L, spark.table("a2").count());
        spark.range(4).selectExpr("id", "id AS twice").writeTo("a2").using("albis").createOrReplace();
        assertEquals(4L, spark.table("a2").count());
    }

    @Test
    void createTableLocationOverAnExistingAlbisDirectoryTakesItsSchemaAndRows() {
        String path = dir.resolve("existing").toString();
        spark.range(20).selectExpr("id", "cast(id AS STRING) AS s").write().format("albis").save(path);
        spark.sql("CREATE TABLE a USING albis LOCATION '" + path + "'");
        assertEquals(List.of("id", "s"), List.of(spark.table("a").columns()));
        assertSameRows(spark.read().format("albis").load(path), spark.table("a"));
        spark.sql("INSERT INTO a VALUES (100, 'hundred')");
        assertEquals(21L, spark.read().format("albis").load(path).count());
    }

    @Test
    void aFailedOverwriteLeavesTheOldRowsWhole() throws IOException {
        spark.range(0, 60000, 1, 4).selectExpr("id").write().format("albis").saveAsTable("a");
        Exception sqlFailure = assertThrows(Exception.class,
                () -> spark.sql("INSERT OVERWRITE a SELECT fail_in_partition_2(id) FROM range(0, 1000, 1, 4)")
                        .collect());
        assertTrue(String.valueOf(rootCause(sqlFailure).getMessage()).contains("injected failure"));
        assertEquals(60000L, spark.table("a").count());
        Exception saveFailure = assertThrows(Exception.class,
                () -> spark.sql("SELECT fail_in_partition_2(id) AS id FROM range(0, 1000, 1, 4)").write()
                        .format("albis").mode(SaveMode.Overwrite).saveAsTable("a"));
        assertTrue(String.valueOf(rootCause(saveFailure).getMessage()).contains("injected failure"));
        assertEquals(60000L, spark.table("a").count());
        String location = spark.sql("DESCRIBE TABLE EXTENDED a").where("col_name = 'Location'").first().getString(1);
        assertEquals(60000L, AlbisTable.open(location.replaceFirst("^file:", "")).rowCount(),
                "the table's directory reads as the old rows, outside Spark too");
        spark.range(5).selectExpr("id").write().format("albis").mode(SaveMode.Overwrite).saveAsTable("a");
        assertEquals(5L, spark.table("a").count());
    }

    @Test
    void timeTravelReadsEveryStateTheTableKeeps() throws InterruptedException {
        spark.sql("CREATE TABLE a (id BIGINT) USING albis"); // state 1, no rows
        spark.sql("INSERT INTO a SELECT id FROM range(10)"); // 2
        long afterTen = System.currentTimeMillis();
        Thread.sleep(20);
        spark.sql("INSERT INTO a SELECT id FROM range(10, 15)"); // 3
        spark.sql("INSERT OVERWRITE a SELECT id FROM range(100, 103)"); // 4
        assertEquals(0L, spark.sql("SELECT * FROM a VERSION AS OF 1").count());
        assertEquals(10L, spark.sql("SELECT * FROM a VERSION AS OF 2").count());
        assertEquals(15L, spark.sql("SELECT * FROM a VERSION AS OF 3").count());
        assertEquals(3L, spark.sql("SELECT * FROM a").count());
        String at = java.time.Instant.ofEpochMilli(afterTen).toString().replace("T", " ").replace("Z", "");
        assertEquals(10L, spark.sql("SELECT * FROM a TIMESTAMP AS OF '" + at + "'").count());
        Exception before = assertThrows(Exception.class,
                () -> spark.sql("SELECT * FROM a TIMESTAMP AS OF '2001-01-01 00:00:00'").collect());
        assertTrue(rootCause(before).getMessage().contains("no state committed by then"), rootCause(before).getMessage());
        assertThrows(Exception.class, () -> spark.sql("SELECT * FROM a VERSION AS OF 99").collect());
    }

    @Test
    void alterTableChangesTheSchemaInOneCommitEachAndOldVersionsKeepTheirs() {
        spark.sql("CREATE TABLE a (id BIGINT, name STRING) USING albis");
        spark.sql("INSERT INTO a VALUES (1, 'one'), (2, 'two')"); // 2
        spark.sql("ALTER TABLE a ADD COLUMNS (score DOUBLE)"); // 3
        assertEquals(List.of("id", "name", "score"), List.of(spark.table("a").columns()));
        assertTrue(spark.sql("SELECT * FROM a WHERE score IS NOT NULL").isEmpty());
        spark.sql("INSERT INTO a VALUES (3, 'three', 3.5)"); // 4
        spark.sql("ALTER TABLE a RENAME COLUMN name TO label"); // 5
        spark.sql("ALTER TABLE a DROP COLUMN score"); // 6
        assertEquals(List.of("id", "label"), List.of(spark.table("a").columns()));
        assertEquals("three", spark.sql("SELECT label FROM a WHERE id = 3").first().getString(0));
        assertEquals(List.of("id", "name"), List.of(spark.sql("SELECT * FROM a VERSION AS OF 2").columns()));
        assertEquals(3.5, spark.sql("SELECT score FROM a VERSION AS OF 4 WHERE id = 3").first().getDouble(0));
    }

    @Test
    void historyAndProceduresInTheSessionCatalog() {
        spark.sql("CREATE TABLE a (id BIGINT) USING albis");
        spark.sql("INSERT INTO a SELECT id FROM range(0, 100, 1, 4)");
        assertEquals(2L, spark.sql("SELECT * FROM default.a.history").count());
        assertEquals(1, rows("CALL spark_catalog.system.rebalance('a', 1)").get(0).getInt(1));
        assertEquals("OVERWRITE", spark.sql("SELECT operation FROM default.a.history WHERE version = 3").first()
                .getString(0));
        assertEquals(100L, spark.table("a").count());
    }

    @Test
    void replaceTableAsSelectIsAtomic() {
        spark.sql("CREATE TABLE a USING albis AS SELECT id FROM range(10)");
        spark.sql("CREATE OR REPLACE TABLE a USING albis AS SELECT id FROM range(100, 103)");
        assertEquals(3L, spark.table("a").count());
        assertThrows(Exception.class, () -> spark.sql(
                "CREATE OR REPLACE TABLE a USING albis AS SELECT fail_in_partition_2(id) AS id FROM range(0, 100, 1, 4)"));
        assertEquals(3L, spark.table("a").count(), "a failed replace leaves the old rows");
        assertEquals(100L + 101 + 102, spark.sql("SELECT sum(id) FROM a").first().getLong(0));
        spark.sql("CREATE OR REPLACE TABLE a USING albis AS SELECT id, 'x' AS other FROM range(4)");
        assertEquals(List.of("id", "other"), List.of(spark.table("a").columns()), "a replace may change the columns");
        assertEquals(4L, spark.table("a").count());
        assertEquals(3L, spark.sql("SELECT * FROM a VERSION AS OF 3").count(), "older versions keep theirs");
    }

    @Test
    void aQueryThatBeganKeepsItsSnapshotThroughCommits() {
        spark.sql("CREATE TABLE a (id BIGINT) USING albis TBLPROPERTIES ('rowGroupRows' = '100')");
        spark.sql("INSERT INTO a SELECT id FROM range(0, 1000, 1, 1)");
        assertEquals(10, spark.sql("SELECT DISTINCT _row_group FROM a").count(), "the table property cut row groups");
        // toLocalIterator runs one job per partition (row group) as the rows are consumed
        java.util.Iterator<Row> rows = spark.table("a").toLocalIterator();
        long sum = rows.next().getLong(0);
        spark.sql("INSERT OVERWRITE a SELECT id + 5000 FROM range(3)");
        spark.sql("ALTER TABLE a ADD COLUMNS (x INT)");
        long n = 1;
        while (rows.hasNext()) {
            sum += rows.next().getLong(0);
            n++;
        }
        assertEquals(1000L, n, "the query read the state it began with");
        assertEquals(499500L, sum);
        assertEquals(3L, spark.table("a").count());
    }

    @Test
    void aFailedCtasLeavesNoTable() {
        assertThrows(Exception.class, () -> spark.sql(
                "CREATE TABLE a USING albis AS SELECT fail_in_partition_2(id) AS id FROM range(0, 100, 1, 4)"));
        assertFalse(spark.catalog().tableExists("a"));
    }
}
