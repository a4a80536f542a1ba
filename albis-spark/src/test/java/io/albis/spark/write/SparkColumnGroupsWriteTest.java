package io.albis.spark.write;

import static io.albis.spark.Failures.rootCause;
import static io.albis.spark.SparkRows.assertSameRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.layout.TableLayout;
import io.albis.schema.ColumnGroup;
import io.albis.schema.ColumnGroupSpec;
import io.albis.schema.Schema;
import io.albis.spark.SparkRows;
import io.albis.spark.SparkSessions;
import io.albis.table.AlbisTable;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * The albis source's {@code columnGroups} write option: tables written with one group per column
 * or with named groups read back as Spark's Parquet does on the same DataFrame, whole, projected,
 * filtered and partitioned; a projection opens only the groups it needs; a bad spec, and an
 * append that asks for another layout than the table's, are refused naming the option before
 * anything is written.
 */
class SparkColumnGroupsWriteTest {
    @TempDir
    Path dir;

    private final SparkSession spark = SparkSessions.local();

    /** Named groups over top-level names (st is a struct of three columns and a marker; arr and m are a list and a map). */
    private static final String NAMED = "keys=id,i;text=str,bin;nested=st,arr,m";

    private DataFrameWriter<Row> albis(Dataset<Row> df, String columnGroups) {
        return df.write().format("albis").option("columnGroups", columnGroups);
    }

    private Dataset<Row> read(String table) {
        return spark.read().format("albis").load(table);
    }

    private static Schema schema(String table) throws IOException {
        return AlbisTable.open(table).schema();
    }

    private static List<String> groupNames(Schema s) {
        return s.groups().stream().map(ColumnGroup::name).toList();
    }

    @Test
    void columnPerGroupAndNamedGroupsReadBackAsFromParquet() throws IOException {
        Dataset<Row> df = SparkRows.everyType(spark);
        String parquet = dir.resolve("parquet").toString();
        df.write().parquet(parquet);
        Dataset<Row> p = spark.read().parquet(parquet);
        for (String spec : List.of("column", NAMED)) {
            String t = dir.resolve("albis-" + (spec.equals("column") ? "column" : "named")).toString();
            albis(df, spec).save(t);
            assertTrue(ColumnGroupSpec.parse(spec).laysOut(schema(t)), spec + ": " + schema(t));
            assertSameRows(p, read(t));
            assertEquals(p.schema(), read(t).schema());
            assertSameRows(p.select("m", "id", "st"), read(t).select("m", "id", "st"));
            assertSameRows(p.where("l > 5000 AND str IS NOT NULL").select("id", "str", "arr"),
                    read(t).where("l > 5000 AND str IS NOT NULL").select("id", "str", "arr"));
            assertSameRows(p.where("st.x % 3 = 1 OR i < 20").select("dec_wide", "st"),
                    read(t).where("st.x % 3 = 1 OR i < 20").select("dec_wide", "st"));
            // aggregates from the metadata of several groups
            assertEquals(p.selectExpr("count(*)", "min(i)", "max(dt)", "count(str)", "max(l)").collectAsList(),
                    read(t).selectExpr("count(*)", "min(i)", "max(dt)", "count(str)", "max(l)").collectAsList());
        }
        Schema named = schema(dir.resolve("albis-named").toString());
        assertEquals(List.of("keys", "text", "nested", "rest"), groupNames(named));
        // a struct is grouped by its top-level name: its marker and every leaf
        int nested = groupNames(named).indexOf("nested");
        for (String column : List.of("st", "st.x", "st.y", "st.z.w", "arr", "m")) {
            assertEquals(nested, named.groupOf(named.columnIndex(column)), column);
        }
        Schema column = schema(dir.resolve("albis-column").toString());
        assertEquals(column.columnCount(), column.groups().size());
    }

    @Test
    void aProjectionOpensOnlyTheGroupsItNeeds() throws IOException {
        Dataset<Row> df = SparkRows.everyType(spark);
        String parquet = dir.resolve("parquet").toString();
        String t = dir.resolve("albis").toString();
        df.write().parquet(parquet);
        albis(df, NAMED).save(t);
        Dataset<Row> p = spark.read().parquet(parquet);
        // Every file of the groups a query must not open is overwritten with zeros: opening one fails.
        spoilGroups(t, "text", "nested", "rest");
        for (boolean v1 : new boolean[] {false, true}) {
            withV1(v1, () -> {
                assertSameRows(p.select("id", "i"), read(t).select("id", "i"));
                assertSameRows(p.where("i > 1500 AND id % 2 = 0").select("i"), read(t).where("i > 1500 AND id % 2 = 0").select("i"));
                // and a query that needs a spoiled group does open it
                Exception e = assertThrows(Exception.class, () -> read(t).select("id", "str").collectAsList());
                assertTrue(String.valueOf(rootCause(e).getMessage()).contains(".cg-"), rootCause(e).toString());
            });
        }
    }

    @Test
    void aPartitionedTableHasOneLayoutForEveryPartition() throws IOException {
        Dataset<Row> df = SparkRows.everyType(spark);
        String parquet = dir.resolve("parquet").toString();
        String t = dir.resolve("albis").toString();
        df.write().partitionBy("part").parquet(parquet);
        albis(df, NAMED).partitionBy("part").save(t);
        assertEquals(List.of("keys", "text", "nested", "rest"), groupNames(schema(t)));
        assertEquals(Set.of("part=0", "part=1", "part=2", "part=3"), AlbisTable.open(t).state().partitions());
        Dataset<Row> p = spark.read().parquet(parquet);
        assertSameRows(p, read(t));
        assertSameRows(p.where("part = 2 AND i > 100").select("id", "st", "part"),
                read(t).where("part = 2 AND i > 100").select("id", "st", "part"));
    }

    @Test
    void badSpecsAreRefusedNamingTheOptionAndTheColumn() {
        Dataset<Row> df = spark.sql("SELECT id, CAST(id AS INT) AS i, CAST(id % 2 AS INT) AS part FROM range(10)");
        Map<String, List<String>> refused = Map.of(
                "g=id,nosuch", List.of("unknown column 'nosuch'", "the columns are id, i"),
                "g=id;h=id", List.of("column id is listed in two column groups"),
                "g=id,id", List.of("column id is listed in two column groups"),
                "g=i,part", List.of("partition column 'part'", "not stored"),
                "g=", List.of("group 'g' is empty"),
                "g=id,,i", List.of("group 'g' has an empty column name"),
                "rest=id", List.of("'rest' is reserved"),
                "id,i", List.of("has no '='"));
        refused.forEach((spec, says) -> {
            String t = dir.resolve("t" + Math.abs(spec.hashCode())).toString();
            Exception e = assertThrows(Exception.class, () -> albis(df, spec).partitionBy("part").save(t), spec);
            String message = rootCause(e).getMessage();
            assertTrue(message.startsWith("option columnGroups: "), message);
            says.forEach(s -> assertTrue(message.contains(s), spec + ": " + message));
            assertTrue(!new File(t).exists() || new File(t).list().length == 0, "nothing written for " + spec);
        });
    }

    @Test
    void anAppendKeepsTheTablesLayoutAndRefusesAnother() throws IOException {
        String t = dir.resolve("t").toString();
        Dataset<Row> rows = spark.sql("SELECT id, CAST(id AS INT) AS i, concat('s', id) AS s FROM range(100)");
        albis(rows, "keys=id,i").save(t);
        albis(rows, "keys = i, id").mode(SaveMode.Append).save(t); // the same layout, spelled otherwise
        rows.write().format("albis").mode(SaveMode.Append).save(t); // no option: the table's layout
        assertEquals(300, read(t).count());
        for (String other : List.of("column", "single", "keys=id", "k=id,i")) {
            Exception e = assertThrows(Exception.class, () -> albis(rows, other).mode(SaveMode.Append).save(t), other);
            String message = rootCause(e).getMessage();
            assertTrue(message.startsWith("option columnGroups: '" + ColumnGroupSpec.parse(other) + "' is not the layout"),
                    message);
            assertTrue(message.contains("whose column groups are 'keys=id,i'") && message.contains("leave the option out"),
                    message);
        }
        assertEquals(List.of("keys", "rest"), groupNames(schema(t)));
        assertEquals(300, AlbisTable.open(t).rowCount());
        try (Stream<Path> files = Files.list(Path.of(t))) {
            assertEquals(List.of(TableLayout.schemaName(1)), files.map(f -> f.getFileName().toString())
                    .filter(n -> n.startsWith(TableLayout.SCHEMA_PREFIX)).toList(), "no other schema was published");
        }
    }

    @Test
    void newPartitionsOfAnAppendTakeTheTablesLayout() throws IOException {
        String t = dir.resolve("t").toString();
        albis(spark.sql("SELECT id, CAST(id AS INT) AS i, CAST(id % 2 AS INT) AS p FROM range(100)"), "keys=id")
                .partitionBy("p").save(t);
        Dataset<Row> more = spark.sql("SELECT id, CAST(id AS INT) AS i, 7 AS p FROM range(10)");
        more.write().format("albis").partitionBy("p").mode(SaveMode.Append).save(t);
        assertEquals(List.of("keys", "rest"), groupNames(schema(t)));
        assertTrue(AlbisTable.open(t).state().partitions().contains("p=7"));
        // with another layout even a new partition is refused: the table has its own
        Dataset<Row> other = spark.sql("SELECT id, CAST(id AS INT) AS i, 8 AS p FROM range(10)");
        Exception e = assertThrows(Exception.class, () -> albis(other, "column").partitionBy("p").mode(SaveMode.Append).save(t));
        assertTrue(rootCause(e).getMessage().contains("option columnGroups"), rootCause(e).getMessage());
        assertTrue(!new File(t + "/p=8").exists());
        // a dynamic partition overwrite replaces rows, not layouts
        spark.conf().set("spark.sql.sources.partitionOverwriteMode", "dynamic");
        try {
            Dataset<Row> replacement = spark.sql("SELECT id, CAST(id AS INT) AS i, 1 AS p FROM range(5)");
            Exception d = assertThrows(Exception.class,
                    () -> albis(replacement, "column").partitionBy("p").mode(SaveMode.Overwrite).save(t));
            assertTrue(rootCause(d).getMessage().contains("whose column groups are 'keys=id'"), rootCause(d).getMessage());
            albis(replacement, "keys=id").partitionBy("p").mode(SaveMode.Overwrite).save(t);
        } finally {
            spark.conf().unset("spark.sql.sources.partitionOverwriteMode");
        }
        assertEquals(5 + 50 + 10, read(t).count());
        assertEquals(List.of("keys", "rest"), groupNames(schema(t)));
    }

    @Test
    void aSqlTableKeepsItsColumnGroupsOption() throws IOException {
        String location = dir.resolve("t").toUri().toString();
        spark.sql("DROP TABLE IF EXISTS albis_groups_t");
        spark.sql("CREATE TABLE albis_groups_t (id BIGINT, name STRING, score DOUBLE) USING albis"
                + " OPTIONS (columnGroups 'ids=id') LOCATION '" + location + "'");
        try {
            spark.sql("INSERT INTO albis_groups_t VALUES (1, 'one', 1.5), (2, NULL, NULL)");
            spark.sql("INSERT INTO albis_groups_t SELECT id, concat('n', id), id / 2 FROM range(3, 10)");
            assertEquals(9, spark.sql("SELECT * FROM albis_groups_t").count());
            assertEquals(List.of("ids", "rest"), groupNames(schema(dir.resolve("t").toString())));
        } finally {
            spark.sql("DROP TABLE albis_groups_t");
        }
    }

    /** Overwrites every data and metadata file of the named groups with zeros of the same length. */
    private static void spoilGroups(String table, String... groups) throws IOException {
        Schema s = schema(table);
        Set<String> ids = Stream.of(groups).map(g -> s.groups().get(groupNames(s).indexOf(g)).id())
                .map(id -> "." + TableLayout.columnGroupName(id) + ".").collect(Collectors.toSet());
        int spoiled = 0;
        try (Stream<Path> files = Files.list(Path.of(table))) {
            for (Path f : files.toList()) {
                if (ids.stream().anyMatch(f.getFileName().toString()::contains)) {
                    try (RandomAccessFile raf = new RandomAccessFile(f.toFile(), "rw")) {
                        raf.write(new byte[(int) raf.length()]);
                    }
                    spoiled++;
                }
            }
        }
        assertTrue(spoiled >= 2 * groups.length, "spoiled " + spoiled + " files");
    }

    private void withV1(boolean v1, Runnable body) {
        String key = "spark.sql.sources.useV1SourceList";
        String before = spark.conf().get(key);
        spark.conf().set(key, v1 ? before + ",albis" : before);
        try {
            body.run();
        } finally {
            spark.conf().set(key, before);
        }
    }
}
