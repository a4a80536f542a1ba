package io.albis.spark;

import static io.albis.spark.SparkRows.assertSameRows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A catalog table declared with {@code CHAR(n)} and {@code VARCHAR(n)} columns over an existing
 * Albis table (as Spark's TPC-DS schema declares its tables) is read as Spark reads the same
 * declaration over Parquet: CHAR values padded, and compared with shorter literals padded too.
 */
class CatalogCharColumnsTest {
    @TempDir
    static Path dir;

    private static final SparkSession spark = SparkSessions.local();
    private static final String COLUMNS = "(id INT, day CHAR(9), code VARCHAR(4))";

    @BeforeAll
    static void tables() {
        // Written padded, as a CHAR column is stored.
        Dataset<Row> rows = spark.sql("SELECT CAST(id AS INT) AS id, rpad(CASE WHEN id % 2 = 0 THEN 'Sunday'"
                + " ELSE 'Wednesday' END, 9, ' ') AS day, concat('c', id) AS code FROM range(0, 10)");
        for (String format : List.of("parquet", "albis")) {
            String path = dir.resolve(format).toString();
            rows.write().format(format).save(path);
            spark.sql("CREATE TABLE char_" + format + " " + COLUMNS + " USING " + format + " LOCATION '" + path + "'");
        }
    }

    @AfterAll
    static void dropTables() {
        spark.sql("DROP TABLE IF EXISTS char_parquet");
        spark.sql("DROP TABLE IF EXISTS char_albis");
    }

    @Test
    void charColumnsCompareAndReadAsOnParquet() {
        for (String query : List.of("SELECT id, day FROM %s WHERE day = 'Sunday'",
                "SELECT id FROM %s WHERE day IN ('Wednesday', 'Monday')", "SELECT id, code FROM %s WHERE code = 'c3'",
                "SELECT day, count(*) FROM %s GROUP BY day")) {
            List<Row> parquet = spark.sql(String.format(query, "char_parquet")).collectAsList();
            assertSameRows(parquet, spark.sql(String.format(query, "char_albis")).collectAsList());
        }
        assertEquals(5, spark.sql("SELECT id FROM char_albis WHERE day = 'Sunday'").count());
        assertEquals(spark.table("char_parquet").schema(), spark.table("char_albis").schema());
    }
}
