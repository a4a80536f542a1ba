package io.albis.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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
        return everyType(spark);
    }

    /** Every type Albis holds, with nulls in every column and at every nested level. */
    static Dataset<Row> everyType(SparkSession spark) {
        return spark.sql("""
                SELECT id,
                  CAST(id % 128 AS TINYINT) AS b,
                  CAST(id % 30000 AS SMALLINT) AS s,
                  CAST(id AS INT) AS i,
                  CASE WHEN id % 11 = 0 THEN NULL ELSE id * 1000000007 END AS l,
                  CAST(id / 3 AS FLOAT) AS f,
                  CASE WHEN id % 13 = 0 THEN CAST('NaN' AS DOUBLE) ELSE id / 7.0D END AS d,
                  CAST(id / 100 AS DECIMAL(10, 2)) AS dec_short,
                  CASE WHEN id % 9 = 0 THEN NULL ELSE CAST(id * 123456789 AS DECIMAL(38, 6)) END AS dec_wide,
                  DATE_ADD(DATE'2020-01-01', CAST(id AS INT)) AS dt,
                  TIMESTAMP'2020-01-01 00:00:00' + make_interval(0, 0, 0, 0, 0, 0, id) AS ts,
                  TIMESTAMP_NTZ'2021-03-04 05:06:07' + make_interval(0, 0, 0, 0, 0, id, 0) AS ntz,
                  CASE WHEN id % 5 = 0 THEN NULL ELSE concat('s', id, repeat('x', CAST(id % 40 AS INT))) END AS str,
                  CAST(concat('b', id) AS BINARY) AS bin,
                  CASE WHEN id % 17 = 0 THEN NULL ELSE id % 2 = 0 END AS bool,
                  CASE WHEN id % 19 = 0 THEN NULL
                       ELSE named_struct('x', id, 'y', CASE WHEN id % 3 = 0 THEN NULL ELSE concat('y', id) END,
                                         'z', named_struct('w', CAST(id AS DOUBLE))) END AS st,
                  CASE WHEN id % 7 = 0 THEN NULL
                       ELSE array(CAST(id AS INT), CAST(id + 1 AS INT), CASE WHEN id % 2 = 0 THEN NULL ELSE CAST(id AS INT) END) END AS arr,
                  map(concat('k', id), id, 'z', CASE WHEN id % 4 = 0 THEN NULL ELSE id END) AS m,
                  array(named_struct('a', id, 'b', concat('b', id)), CAST(NULL AS STRUCT<a: BIGINT, b: STRING>)) AS arr_struct,
                  map('m', array(CAST(id AS DECIMAL(30, 3)), NULL)) AS map_arr_dec,
                  CAST(id % 4 AS INT) AS part
                FROM range(0, 3000, 1, 3)
                """);
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

    /** Equal rows, in any order. */
    static void assertSameRows(Dataset<Row> expected, Dataset<Row> actual) {
        assertSameRows(expected.collectAsList(), actual.collectAsList());
    }

    /** Equal rows, in any order. */
    static void assertSameRows(List<Row> expected, List<Row> actual) {
        List<Row> e = sorted(expected);
        List<Row> a = sorted(actual);
        assertEquals(e.size(), a.size(), "row count");
        for (int r = 0; r < e.size(); r++) {
            assertEquals(e.get(r), a.get(r), "row " + r);
        }
    }

    private static List<Row> sorted(List<Row> rows) {
        List<Row> out = new ArrayList<>(rows);
        out.sort(Comparator.comparing(SparkRoundTripTest::key));
        return out;
    }

    /** A row's values as text, binaries by content (a byte[]'s own text is its identity). */
    private static String key(Row r) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < r.length(); i++) {
            Object v = r.get(i);
            sb.append(v instanceof byte[] b ? java.util.Arrays.toString(b) : String.valueOf(v)).append('|');
        }
        return sb.toString();
    }
}
