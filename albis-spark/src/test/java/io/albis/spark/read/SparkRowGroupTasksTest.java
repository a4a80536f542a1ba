package io.albis.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.spark.SparkSessions;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The paper's rule: one task per row group, many small ones included, for tables Spark and the Java API wrote. */
class SparkRowGroupTasksTest {
    @TempDir
    Path dir;

    private final SparkSession spark = SparkSessions.local();

    @Test
    void oneTaskPerRowGroupOfATableSparkWrote() throws IOException {
        String t = dir.resolve("t").toString();
        spark.range(0, 1000, 1, 2).toDF("id").write().format("albis").option("rowGroupRows", "37").save(t);
        int rowGroups = AlbisTable.open(t).rowGroups().size();
        assertEquals(28, rowGroups); // 500 rows a task: 13 full row groups of 37 and one of 19, twice
        Dataset<Row> df = spark.read().format("albis").load(t);
        assertEquals(rowGroups, df.rdd().getNumPartitions());
        assertEquals(1000, df.count());
    }

    @Test
    void oneTaskPerRowGroupOfATableTheJavaApiWrote() throws IOException {
        String t = dir.resolve("j").toString();
        Schema schema = Schema.builder().column("id", DataType.LONG).column("name", DataType.STRING).build();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema,
                WriterOptions.defaults().withRowGroupRows(10))) {
            for (long i = 0; i < 95; i++) {
                w.setLong(0, i);
                w.setString(1, "n" + i);
                w.nextRow();
            }
        }
        Dataset<Row> df = spark.read().format("albis").load(t);
        assertEquals(10, df.rdd().getNumPartitions());
        assertEquals(95 * 94 / 2, df.selectExpr("sum(id)").first().getLong(0));
    }
}
