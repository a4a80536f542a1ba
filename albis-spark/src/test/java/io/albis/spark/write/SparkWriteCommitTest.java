package io.albis.spark.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.layout.TableLayout;
import io.albis.read.AlbisReader;
import io.albis.spark.SparkSessions;
import io.albis.table.AlbisTable;
import io.albis.table.TableState;
import io.albis.table.WriteMode;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spark writes through Albis's job commit: a retried task, a failed job, a dynamic partition
 * overwrite and Spark's output-file cutting, unpartitioned and partitioned (one table whose one
 * state lists every partition's row groups), each checked with the Albis Java API as an
 * independent reader of what was published.
 */
class SparkWriteCommitTest {
    @TempDir
    Path dir;

    private final SparkSession spark = SparkSessions.local();

    @BeforeAll
    static void udfs() {
        SparkSession s = SparkSessions.local();
        // Fails the first attempt of partition 1 half-way through its rows; the retry succeeds.
        s.udf().register("fail_first_attempt", (UDF1<Long, Long>) id -> {
            TaskContext t = TaskContext.get();
            if (t.partitionId() == 1 && t.attemptNumber() == 0 && id % 1000 == 500) {
                throw new IllegalStateException("injected failure of the first attempt");
            }
            return id;
        }, DataTypes.LongType);
        // Fails every attempt of partition 2: the job fails after the other tasks committed.
        s.udf().register("fail_partition_2", (UDF1<Long, Long>) id -> {
            if (TaskContext.get().partitionId() == 2 && id % 1000 == 700) {
                throw new IllegalStateException("injected failure of partition 2");
            }
            return id;
        }, DataTypes.LongType);
    }

    @Test
    void aRetriedTaskLeavesEachRowOnce() throws IOException {
        String t = dir.resolve("t").toString();
        spark.sql("SELECT fail_first_attempt(id) AS id FROM range(0, 4000, 1, 4)").write().format("albis").save(t);
        assertEquals(idsUpTo(4000), ids(t));
    }

    @Test
    void aFailedJobLeavesTheTableAsItWas() throws IOException {
        String t = dir.resolve("t").toString();
        spark.range(0, 100).toDF("id").write().format("albis").save(t);
        Set<String> before = names(dir.resolve("t"));
        assertThrows(Exception.class, () -> spark.sql("SELECT fail_partition_2(id) AS id FROM range(1000, 5000, 1, 4)")
                .write().format("albis").mode(SaveMode.Append).save(t));
        assertEquals(idsUpTo(100), ids(t));
        // the row groups the failed job's other tasks committed went with it, and its job directory
        assertEquals(before, names(dir.resolve("t")));
    }

    @Test
    void aPartitionedWriteIsOneTableState() throws IOException {
        String t = dir.resolve("t").toString();
        spark.sql("SELECT id, CAST(id % 3 AS INT) AS p, CASE WHEN id % 2 = 0 THEN 'a' ELSE 'b/c' END AS s"
                + " FROM range(0, 600, 1, 3)").write().partitionBy("p", "s").format("albis").save(t);
        TableState state = AlbisTable.open(t).state();
        assertEquals(1, state.version());
        assertEquals(WriteMode.CREATE, state.mode());
        assertEquals(Set.of("p=0/s=a", "p=0/s=b%2Fc", "p=1/s=a", "p=1/s=b%2Fc", "p=2/s=a", "p=2/s=b%2Fc"),
                state.partitions());
        assertEquals(600, state.rowCount());
        assertEquals("p INT,s STRING", state.properties().get(AlbisWrites.PARTITION_COLUMNS));
        // the partition directories hold row groups only, no table of their own
        try (Stream<Path> files = Files.walk(dir.resolve("t"))) {
            assertTrue(files.filter(f -> Files.isRegularFile(f) && !f.getParent().equals(dir.resolve("t")))
                    .allMatch(f -> f.getFileName().toString().startsWith(TableLayout.RG_PREFIX)));
        }
        assertEquals(idsUpTo(600), ids(t));
    }

    @Test
    void aRetriedTaskOfAPartitionedWriteLeavesEachRowOnce() throws IOException {
        String t = dir.resolve("t").toString();
        // Without a sort before the write, the failing attempt has written rows in every partition when it fails.
        SparkSessions.withConf(Map.of("spark.sql.maxConcurrentOutputFileWriters", "4"), () -> {
            spark.sql("SELECT fail_first_attempt(id) AS id, CAST(id % 3 AS INT) AS p FROM range(0, 4000, 1, 4)")
                    .write().partitionBy("p").format("albis").save(t);
            return null;
        });
        assertEquals(idsUpTo(4000), ids(t));
        assertEquals(Set.of("p=0", "p=1", "p=2"), AlbisTable.open(t).state().partitions());
    }

    @Test
    void aFailedPartitionedJobPublishesNothingInAnyPartition() throws IOException {
        String t = dir.resolve("t").toString();
        spark.sql("SELECT id, CAST(id % 4 AS INT) AS p FROM range(0, 100)").write().partitionBy("p").format("albis").save(t);
        Set<String> before = files(dir.resolve("t"));
        assertThrows(Exception.class, () -> spark.sql("SELECT fail_partition_2(id) AS id, CAST(id % 5 AS INT) AS p"
                + " FROM range(1000, 5000, 1, 4)").write().partitionBy("p").format("albis").mode(SaveMode.Append).save(t));
        assertEquals(1, AlbisTable.open(t).state().version());
        assertEquals(idsUpTo(100), ids(t));
        // no row group of the failed job in any partition, the new one (p=4) included, and no job directory
        assertEquals(before, files(dir.resolve("t")));
    }

    @Test
    void aFailedPartitionedWriteIntoANewPathLeavesNoTable() throws IOException {
        String t = dir.resolve("t").toString();
        assertThrows(Exception.class, () -> spark.sql("SELECT fail_partition_2(id) AS id, CAST(id % 5 AS INT) AS p"
                + " FROM range(1000, 5000, 1, 4)").write().partitionBy("p").format("albis").save(t));
        assertEquals(Set.of(), files(dir.resolve("t")));
    }

    @Test
    void dynamicPartitionOverwriteReplacesOnlyThePartitionsWrittenInOneState() throws IOException {
        String t = dir.resolve("t").toString();
        spark.sql("SELECT id, CAST(id % 3 AS INT) AS p FROM range(0, 300)").write().partitionBy("p").format("albis").save(t);
        TableState first = AlbisTable.open(t).state();
        SparkSessions.withConf(Map.of("spark.sql.sources.partitionOverwriteMode", "dynamic"), () -> {
            spark.sql("SELECT id + 1000 AS id, CAST(1 + 2 * (id % 2) AS INT) AS p FROM range(0, 20)").write()
                    .partitionBy("p").format("albis").mode(SaveMode.Overwrite).save(t);
            return null;
        });
        TableState second = AlbisTable.open(t).state();
        assertEquals(2, second.version());
        assertEquals(WriteMode.OVERWRITE_WRITTEN_PARTITIONS, second.mode());
        // p=0 and p=2 keep their row groups, p=1's are replaced, p=3 is new
        assertEquals(rowGroupsIn(first, "p=0", "p=2"), rowGroupsIn(second, "p=0", "p=2"));
        assertTrue(rowGroupsIn(second, "p=1").stream().noneMatch(rowGroupsIn(first, "p=1")::contains));
        assertEquals(Set.of("p=0", "p=1", "p=2", "p=3"), second.partitions());
        Dataset<Row> read = spark.read().format("albis").load(t);
        assertEquals(10, read.where("p = 1").count());
        assertEquals(1000L, read.where("p = 1").selectExpr("min(id)").first().getLong(0));
        assertEquals(10, read.where("p = 3").count());
        assertEquals(100, read.where("p = 0").count());
        assertEquals(100, read.where("p = 2").count());
        // the state before stays readable whole
        Dataset<Row> before = spark.read().format("albis").option("versionAsOf", 1).load(t);
        assertEquals(300, before.count());
        assertEquals(100, before.where("p = 1").count());
        assertEquals(1L, before.where("p = 1").selectExpr("min(id)").first().getLong(0));
    }

    @Test
    void maxRecordsPerFileCutsWholeRowGroups() throws IOException {
        String t = dir.resolve("t").toString();
        spark.range(0, 1000, 1, 1).toDF("id").write().format("albis").option("maxRecordsPerFile", 300).save(t);
        AlbisTable table = AlbisTable.open(t);
        assertEquals(4, table.rowGroups().size());
        assertEquals(1000, table.rowCount());
        assertEquals(idsUpTo(1000), ids(t));
    }

    @Test
    void invalidOptionsAreRefusedByName() {
        String t = dir.resolve("t").toString();
        Exception e = assertThrows(Exception.class,
                () -> spark.range(10).write().format("albis").option("rowGroupRows", "-3").save(t));
        assertTrue(rootMessage(e).contains("rowGroupRows"), rootMessage(e));
        assertTrue(!new File(t).exists() || new File(t).list().length == 0);
    }

    /** The names of the row groups of {@code state} in the partitions named. */
    private static List<String> rowGroupsIn(TableState state, String... partitions) {
        Set<String> in = Set.of(partitions);
        return state.rowGroups().stream().filter(e -> in.contains(e.partition())).map(TableState.Entry::name).toList();
    }

    /** Every file below {@code d}, by its path relative to it (none when {@code d} does not exist). */
    private static Set<String> files(Path d) throws IOException {
        if (!Files.exists(d)) {
            return Set.of();
        }
        try (Stream<Path> files = Files.walk(d)) {
            return files.filter(Files::isRegularFile).map(f -> d.relativize(f).toString())
                    .collect(java.util.stream.Collectors.toSet());
        }
    }

    private static Set<String> names(Path d) throws IOException {
        try (Stream<Path> files = Files.list(d)) {
            return files.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toSet());
        }
    }

    private static String rootMessage(Throwable e) {
        while (e.getCause() != null) {
            e = e.getCause();
        }
        return e.getMessage();
    }

    private static Set<Long> idsUpTo(long n) {
        Set<Long> out = new HashSet<>();
        for (long i = 0; i < n; i++) {
            out.add(i);
        }
        return out;
    }

    /** The ids in the table, read with the Albis Java API; a repeated id fails. */
    private static Set<Long> ids(String table) throws IOException {
        Set<Long> out = new HashSet<>();
        try (AlbisReader r = AlbisTable.open(table).newReader()) {
            while (r.hasNext()) {
                long id = r.next().getLong(0);
                assertTrue(out.add(id), "row " + id + " is in the table twice");
            }
        }
        return out;
    }
}
