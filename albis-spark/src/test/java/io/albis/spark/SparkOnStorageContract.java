package io.albis.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.table.AlbisTable;
import java.io.IOException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/** The albis source on a storage's paths: writes, appends, partitions, one task per row group and reads. */
abstract class SparkOnStorageContract {
    private final SparkSession spark = SparkSessions.local();

    /** The storage's root URI, without a trailing slash. */
    abstract String root() throws IOException;

    @Test
    void writesAndReadsOnTheStorage() throws IOException {
        String t = root() + "/spark/t";
        Dataset<Row> df = spark.sql("SELECT id, concat('n', id) AS name, CAST(id % 3 AS INT) AS p FROM range(0, 20000, 1, 3)");
        df.write().format("albis").option("rowGroupRows", "4000").save(t);
        df.limit(10).write().format("albis").mode(SaveMode.Append).save(t);
        Dataset<Row> read = spark.read().format("albis").load(t);
        assertEquals(20010, read.count());
        assertEquals(7, read.rdd().getNumPartitions()); // 3 tasks × 2 row groups, and one for the append
        SparkRows.assertSameRows(df.union(df.limit(10)), read);
        assertEquals(20010, AlbisTable.open(t).rowCount());

        String partitioned = root() + "/spark/p";
        df.write().format("albis").partitionBy("p").save(partitioned);
        SparkRows.assertSameRows(df.where("p = 1"), spark.read().format("albis").load(partitioned).where("p = 1"));
    }
}
