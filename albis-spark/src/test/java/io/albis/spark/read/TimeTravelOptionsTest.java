package io.albis.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.spark.SparkSessions;
import java.nio.file.Path;
import java.time.Instant;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The read options versionAsOf (stateVersion) and timestampAsOf of a path read, against the rows each commit wrote. */
class TimeTravelOptionsTest {
    @TempDir
    Path dir;

    private final SparkSession spark = SparkSessions.local();

    @Test
    void versionAndTimestampNameAStateOfAPathTable() throws InterruptedException {
        String t = dir.resolve("t").toString();
        spark.range(10).toDF("id").write().format("albis").save(t); // state 1
        Thread.sleep(20);
        String afterFirst = Instant.now().toString();
        Thread.sleep(20);
        spark.range(10, 14).toDF("id").write().format("albis").mode(SaveMode.Append).save(t); // 2
        spark.range(3).toDF("id").write().format("albis").mode(SaveMode.Append).save(t); // 3
        assertEquals(10L, spark.read().format("albis").option("versionAsOf", 1).load(t).count());
        assertEquals(14L, spark.read().format("albis").option("stateVersion", 2).load(t).count());
        assertEquals(17L, spark.read().format("albis").load(t).count());
        String at = afterFirst.replace("T", " ").replace("Z", "");
        assertEquals(10L, spark.read().format("albis").option("timestampAsOf", at).load(t).count());
        Exception both = assertThrows(Exception.class, () -> spark.read().format("albis").option("versionAsOf", 1)
                .option("timestampAsOf", at).load(t).count());
        assertTrue(both.getMessage().contains("give one"), both.getMessage());
        Exception early = assertThrows(Exception.class,
                () -> spark.read().format("albis").option("timestampAsOf", "2000-01-01").load(t).count());
        assertTrue(early.getMessage().contains("no state committed by then"), early.getMessage());
    }
}
