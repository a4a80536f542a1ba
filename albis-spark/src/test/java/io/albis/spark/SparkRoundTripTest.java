package io.albis.spark;

import static io.albis.spark.SparkRows.assertSameRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The albis source against Spark's own Parquet source on the same DataFrames: what Spark writes
 * to Albis and reads back equals what it writes to Parquet and reads back, for every type Albis
 * holds, nulls at every level, projections, partitions and save modes.
 */
class SparkRoundTripTest {
    @TempDir
    Path dir;

    private final SparkSession spark = SparkSessions.local();

    private Dataset<Row> everyType() {
        return SparkRows.everyType(spark);
    }

    @Test
    void everyTypeReadsBackAsFromParquet() {
        Dataset<Row> df = everyType();
        String parquet = dir.resolve("parquet").toString();
        String albis = dir.resolve("albis").toString();
        df.write().parquet(parquet);
        df.write().format("albis").save(albis);
        assertSameRows(spark.read().parquet(parquet), spark.read().format("albis").load(albis));
        assertEquals(spark.read().parquet(parquet).schema(), spark.read().format("albis").load(albis).schema());
    }

    @Test
    void projectionsAndCountsMatchParquet() {
        Dataset<Row> df = everyType();
        String parquet = dir.resolve("parquet").toString();
        String albis = dir.resolve("albis").toString();
        df.write().parquet(parquet);
        df.write().format("albis").save(albis);
        Dataset<Row> a = spark.read().format("albis").load(albis);
        Dataset<Row> p = spark.read().parquet(parquet);
        assertEquals(3000, a.count());
        assertSameRows(p.select("m", "id", "st"), a.select("m", "id", "st"));
        assertSameRows(p.where("l > 5000 AND str IS NOT NULL").select("id", "str"),
                a.where("l > 5000 AND str IS NOT NULL").select("id", "str"));
        assertEquals(p.selectExpr("sum(i)", "max(str)", "count(st)").collectAsList(),
                a.selectExpr("sum(i)", "max(str)", "count(st)").collectAsList());
    }

    @Test
    void partitionedTablesWriteOneTablePerPartitionAndReadBack() {
        Dataset<Row> df = everyType();
        String parquet = dir.resolve("parquet").toString();
        String albis = dir.resolve("albis").toString();
        df.write().partitionBy("part").parquet(parquet);
        df.write().partitionBy("part").format("albis").save(albis);
        assertTrue(dir.resolve("albis/part=3").toFile().isDirectory());
        assertSameRows(spark.read().parquet(parquet), spark.read().format("albis").load(albis));
        assertSameRows(spark.read().parquet(parquet).where("part = 2"),
                spark.read().format("albis").load(albis).where("part = 2"));
    }

    @Test
    void saveModesAppendOverwriteIgnoreAndErrorIfExists() {
        String albis = dir.resolve("albis").toString();
        Dataset<Row> first = spark.range(0, 100).toDF("id");
        Dataset<Row> second = spark.range(100, 150).toDF("id");
        first.write().format("albis").save(albis);
        second.write().format("albis").mode(SaveMode.Append).save(albis);
        assertEquals(150, spark.read().format("albis").load(albis).count());
        second.write().format("albis").mode(SaveMode.Ignore).save(albis);
        assertEquals(150, spark.read().format("albis").load(albis).count());
        assertThrows(Exception.class, () -> second.write().format("albis").mode(SaveMode.ErrorIfExists).save(albis));
        second.write().format("albis").mode(SaveMode.Overwrite).save(albis);
        assertSameRows(second, spark.read().format("albis").load(albis));
    }

    @Test
    void sqlTablesUseTheSource() {
        String location = dir.resolve("t").toUri().toString();
        spark.sql("DROP TABLE IF EXISTS albis_sql_t");
        spark.sql("CREATE TABLE albis_sql_t (id BIGINT, name STRING) USING albis LOCATION '" + location + "'");
        spark.sql("INSERT INTO albis_sql_t VALUES (1, 'one'), (2, NULL)");
        spark.sql("INSERT INTO albis_sql_t SELECT id, concat('n', id) FROM range(3, 10)");
        assertEquals(9, spark.sql("SELECT * FROM albis_sql_t").count());
        assertEquals(2L, spark.sql("SELECT count(*) FROM albis_sql_t WHERE name IS NULL OR id = 1").first().getLong(0));
        spark.sql("DROP TABLE albis_sql_t");
    }
}
