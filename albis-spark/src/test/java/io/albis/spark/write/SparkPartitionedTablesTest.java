package io.albis.spark.write;

import static io.albis.spark.Failures.rootCause;
import static io.albis.spark.SparkRows.assertSameRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.spark.SparkSessions;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.table.TableState;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Partitioned path writes make one table: the same writes to Spark's Parquet source read back the
 * same rows and partitions, with partition pruning; the table records its partition columns'
 * types; its states are versions of the whole table; an append must name its partition columns;
 * a directory of per-partition tables (the layout before format 5.0) is read but not written to.
 */
class SparkPartitionedTablesTest {
    @TempDir
    Path dir;

    private final SparkSession spark = SparkSessions.local();

    private static final String DYNAMIC = "spark.sql.sources.partitionOverwriteMode";

    private Dataset<Row> rows(String sql) {
        return spark.sql(sql);
    }

    private Dataset<Row> read(String table) {
        return spark.read().format("albis").load(table);
    }

    @Test
    void partitionedWritesReadBackAsParquetsDo() throws IOException {
        String parquet = dir.resolve("parquet").toString();
        String albis = dir.resolve("albis").toString();
        // partition values Spark escapes in directory names, and nulls
        Dataset<Row> first = rows("SELECT id, concat('n', id) AS name, CAST(id % 3 AS INT) AS p,"
                + " CASE WHEN id % 5 = 0 THEN NULL WHEN id % 2 = 0 THEN 'a b' ELSE 'x=y/z' END AS s FROM range(0, 300, 1, 2)");
        writeBoth(first, parquet, albis, w -> w.option("rowGroupRows", "20"), Map.of());
        assertSameTables(parquet, albis);
        // an append into old and new partitions, rows of several partitions open at once in one task
        Dataset<Row> more = rows("SELECT id, concat('m', id) AS name, CAST(2 + id % 2 AS INT) AS p, 'a b' AS s"
                + " FROM range(1000, 1100, 1, 2)");
        writeBoth(more, parquet, albis, w -> w.mode(SaveMode.Append),
                Map.of("spark.sql.maxConcurrentOutputFileWriters", "8"));
        assertSameTables(parquet, albis);
        // a dynamic overwrite of p=0/s=a b (p=0's other partitions stay) and a new p=4/s=a b
        Dataset<Row> replace = rows("SELECT id, 'r' AS name, CAST(4 * (id % 2) AS INT) AS p, 'a b' AS s FROM range(2000, 2010)");
        writeBoth(replace, parquet, albis, w -> w.mode(SaveMode.Overwrite), Map.of(DYNAMIC, "dynamic"));
        assertSameTables(parquet, albis);
        assertEquals(3, AlbisTable.open(albis).state().version());
        assertEquals(5, read(albis).where("p = 0 AND s = 'a b'").count());
    }

    private void writeBoth(Dataset<Row> rows, String parquet, String albis,
            Function<DataFrameWriter<Row>, DataFrameWriter<Row>> how, Map<String, String> conf) {
        SparkSessions.withConf(conf, () -> {
            how.apply(rows.write().partitionBy("p", "s")).parquet(parquet);
            how.apply(rows.write().partitionBy("p", "s").format("albis")).save(albis);
            return null;
        });
    }

    /** The same rows, schema and partition pruning; the Albis scan plans only the row groups of the partitions a filter keeps. */
    private void assertSameTables(String parquet, String albis) throws IOException {
        Dataset<Row> p = spark.read().parquet(parquet);
        Dataset<Row> a = read(albis);
        assertEquals(p.schema(), a.schema());
        assertSameRows(p, a);
        for (String where : List.of("p = 1", "p >= 2 AND s = 'a b'", "s IS NULL", "s = 'x=y/z' AND id % 7 = 1")) {
            assertSameRows(p.where(where), a.where(where));
        }
        assertSameRows(p.groupBy("p", "s").count(), a.groupBy("p", "s").count());
        TableState state = AlbisTable.open(albis).state();
        long inP1 = state.rowGroups().stream().filter(e -> e.partition().startsWith("p=1/")).count();
        assertEquals(inP1, a.where("p = 1").rdd().getNumPartitions());
        long aB = state.rowGroups().stream().filter(e -> e.partition().endsWith("/s=a b")).count();
        assertEquals(aB, a.where("s = 'a b'").rdd().getNumPartitions());
    }

    @Test
    void theTableRecordsItsPartitionColumnsTypes() throws IOException {
        String t = dir.resolve("t").toString();
        rows("SELECT id, format_string('%02d', id % 3) AS code, DATE_ADD(DATE'2024-01-01', CAST(id % 2 AS INT)) AS day,"
                + " CAST(id % 2 AS BIGINT) AS big FROM range(12)").write().partitionBy("code", "day", "big")
                .format("albis").save(t);
        assertEquals("code STRING,day DATE,big BIGINT",
                AlbisTable.open(t).state().properties().get(AlbisWrites.PARTITION_COLUMNS));
        Dataset<Row> read = read(t);
        assertEquals("struct<id:bigint,code:string,day:date,big:bigint>", read.schema().simpleString());
        // "01" stays a string: the directory name alone would read as the number 1
        assertEquals(4, read.where("code = '01'").count());
    }

    @Test
    void eachStateOfAPartitionedTableIsAVersionOfTheWholeTable() {
        String t = dir.resolve("t").toString();
        rows("SELECT id, CAST(id % 2 AS INT) AS p FROM range(10)").write().partitionBy("p").format("albis").save(t);
        rows("SELECT id, CAST(id % 3 AS INT) AS p FROM range(10, 16)").write().partitionBy("p").format("albis")
                .mode(SaveMode.Append).save(t);
        SparkSessions.withConf(Map.of(DYNAMIC, "dynamic"), () -> {
            rows("SELECT id, 1 AS p FROM range(100, 101)").write().partitionBy("p").format("albis")
                    .mode(SaveMode.Overwrite).save(t);
            return null;
        });
        List<Long> counts = List.of(10L, 16L, 16L - 7 + 1);
        for (int v = 1; v <= 3; v++) {
            assertEquals(counts.get(v - 1), read(t, v).count(), "state " + v);
        }
        assertEquals(5, read(t, 1).where("p = 1").count());
        assertEquals(0, read(t, 1).where("p = 2").count());
        assertEquals(2, read(t, 2).where("p = 2").count());
        assertEquals(List.of(100L), read(t, 3).where("p = 1").select("id").as(org.apache.spark.sql.Encoders.LONG())
                .collectAsList());
    }

    private Dataset<Row> read(String table, int version) {
        return spark.read().format("albis").option("versionAsOf", version).load(table);
    }

    @Test
    void anAppendMustNameTheTablesPartitionColumns() {
        String t = dir.resolve("t").toString();
        String u = dir.resolve("u").toString();
        rows("SELECT id, CAST(id % 2 AS INT) AS p, CAST(id % 3 AS INT) AS q FROM range(10)").write().partitionBy("p")
                .format("albis").save(t);
        rows("SELECT id, CAST(id % 2 AS INT) AS p FROM range(10)").write().format("albis").save(u);
        Map<String, Runnable> refused = Map.of(
                "partitioned by (p), the rows by (q)", () -> rows("SELECT id, CAST(id % 2 AS INT) AS p, 1 AS q FROM range(3)")
                        .write().partitionBy("q").format("albis").mode(SaveMode.Append).save(t),
                "partitioned by (p), the rows by (p, q)", () -> rows("SELECT id, 1 AS p, 1 AS q FROM range(3)")
                        .write().partitionBy("p", "q").format("albis").mode(SaveMode.Append).save(t),
                "partitioned by no column, the rows by (p)", () -> rows("SELECT id, 1 AS p FROM range(3)")
                        .write().partitionBy("p").format("albis").mode(SaveMode.Append).save(u));
        refused.forEach((says, write) -> {
            Exception e = assertThrows(Exception.class, write::run, says);
            assertTrue(rootCause(e).getMessage().contains(says), rootCause(e).getMessage());
        });
        assertEquals(10, read(t).count());
        assertEquals(10, read(u).count());
        // Spark names the directories as partitionBy names the column: P=1 is not a partition of p
        Exception e = assertThrows(Exception.class, () -> rows("SELECT id, 1 AS p, 7 AS q FROM range(3)").write()
                .partitionBy("P").format("albis").mode(SaveMode.Append).save(t));
        assertTrue(rootCause(e).getMessage().contains("partitioned by (p), the rows by (P)"), rootCause(e).getMessage());
        rows("SELECT id, CAST(id % 2 AS INT) AS p, 7 AS q FROM range(3)").write().partitionBy("p").format("albis")
                .mode(SaveMode.Append).save(t);
        assertEquals(13, read(t).count());
    }

    @Test
    void aDirectoryOfPartitionTablesIsReadButNotWrittenTo() throws IOException {
        String t = dir.resolve("t").toString();
        writePartitionTable(t + "/p=1", 0, 5);
        writePartitionTable(t + "/p=2", 5, 8);
        assertEquals(8, read(t).count());
        assertEquals(3, read(t).where("p = 2").count());
        Set<String> before = files(dir.resolve("t"));
        Dataset<Row> more = rows("SELECT id, 3 AS p FROM range(100, 103)");
        Map<String, Runnable> writes = Map.of(
                "append", () -> more.write().partitionBy("p").format("albis").mode(SaveMode.Append).save(t),
                "unpartitioned append", () -> rows("SELECT id FROM range(3)").write().format("albis")
                        .mode(SaveMode.Append).save(t),
                "dynamic overwrite", () -> SparkSessions.withConf(Map.of(DYNAMIC, "dynamic"), () -> {
                    more.write().partitionBy("p").format("albis").mode(SaveMode.Overwrite).save(t);
                    return null;
                }));
        writes.forEach((write, run) -> {
            Exception e = assertThrows(Exception.class, run::run, write);
            String message = rootCause(e).getMessage();
            assertTrue(message.startsWith(t + " holds a table per key=value directory") && message.contains("overwrite it"),
                    write + ": " + message);
            assertEquals(1, message.lines().count(), message);
        });
        assertEquals(before, files(dir.resolve("t")), "nothing written");
        // a static overwrite writes one table in its place (Spark deletes the directory first)
        more.write().partitionBy("p").format("albis").mode(SaveMode.Overwrite).save(t);
        assertEquals(Set.of("p=3"), AlbisTable.open(t).state().partitions());
        assertEquals(3, read(t).count());
    }

    /** A table of one column id in {@code path}, as partitioned writes laid out a partition before format 5.0. */
    private static void writePartitionTable(String path, long from, long to) throws IOException {
        Schema schema = Schema.builder().column("id", DataType.LONG).build();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, path, schema, WriterOptions.defaults())) {
            for (long id = from; id < to; id++) {
                w.setLong(0, id);
                w.nextRow();
            }
        }
    }

    private static Set<String> files(Path d) throws IOException {
        try (Stream<Path> files = Files.walk(d)) {
            return files.filter(Files::isRegularFile).map(f -> d.relativize(f).toString()).collect(Collectors.toSet());
        }
    }
}
