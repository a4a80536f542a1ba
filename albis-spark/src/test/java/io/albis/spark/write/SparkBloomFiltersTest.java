package io.albis.spark.write;

import static io.albis.filter.Predicates.eq;
import static io.albis.filter.Predicates.in;
import static io.albis.spark.SparkRows.assertSameRows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.filter.Predicate;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.ColumnGroup;
import io.albis.segment.ColumnBloomFilters;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.spark.SparkSessions;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bloom filters asked for through Spark: the write option {@code bloomFilterColumns} of a path
 * write and the table property of a catalog table (set when it is created or altered later) give
 * every segment of the named columns a filter (names matched as Spark matches them, without regard
 * to case), a point lookup of a key no row holds then reads no segment where min/max would read
 * them all, and every answer is Spark's on Parquet. Bad values are refused naming the option.
 */
class SparkBloomFiltersTest {
    @TempDir
    static Path dir;

    private static final SparkSession spark = SparkSessions.local();
    /** 20,001 rows, keys in no order: k an even long, s "key-" and an even number, in 3 write tasks. */
    private static Dataset<Row> rows;
    private static String parquet;
    /** Point lookups of keys no row holds (odd ones), one a row holds, and IN lists of both. */
    private static final List<String> LOOKUPS = List.of("k = 1000001", "k IN (333333, 1555555)", "s = 'key-777777'",
            "s IN ('key-1', 'key-999999')", "k = 24680", "k IN (24680, 3)", "s = 'key-24680'");

    @BeforeAll
    static void writeTheRows() {
        rows = spark.sql("""
                SELECT id, CAST(pmod(hash(id), 1000000) AS BIGINT) * 2 AS k,
                  concat('key-', pmod(hash(id, 7), 1000000) * 2) AS s,
                  CAST(id % 3 AS INT) AS p
                FROM range(0, 20000, 1, 2)
                UNION ALL SELECT 20000, 24680, 'key-24680', 0
                """);
        parquet = dir.resolve("parquet").toString();
        rows.write().parquet(parquet);
    }

    @AfterEach
    void dropTables() {
        spark.sql("DROP TABLE IF EXISTS bloomed");
    }

    /** What a read of the id of rows matching {@code filter} skips and reads, in segments of the table at {@code path}. */
    private record Skips(long skipped, long read) {}

    private static Skips skips(String path, Predicate filter) throws IOException {
        try (AlbisReader r = AlbisTable.open(path).newReader(ReadOptions.all().withColumns("id").withFilter(filter))) {
            while (r.advance()) {
                r.getLong(0);
            }
            return new Skips(r.stats().segmentsSkipped(), r.stats().segmentsRead());
        }
    }

    /** The columns with bloom filters in each column group of each row group of the table at {@code path}, and their rate. */
    private static List<String> bloomColumns(String path) throws IOException {
        AlbisTable t = AlbisTable.open(path);
        List<String> out = new ArrayList<>();
        for (RowGroupRef rg : t.rowGroups()) {
            for (ColumnGroup g : t.schema().groups()) {
                ColumnGroupMetadata m = t.metadata(rg, g, t.presentGroups(rg));
                for (ColumnBloomFilters b : m.bloomFilters()) {
                    out.add(t.schema().column(g.column(b.slot())).name() + "@" + b.fpp());
                }
            }
        }
        return out;
    }

    @Test
    void aPathWriteWithTheOptionSkipsTheSegmentsOfKeysNoRowHolds() throws IOException {
        String bloomed = dir.resolve("path-bloomed").toString();
        String plain = dir.resolve("path-plain").toString();
        rows.write().format("albis").option("segmentSize", "4096").option("bloomFilterColumns", "K, s").save(bloomed);
        rows.write().format("albis").option("segmentSize", "4096").save(plain);
        assertEquals(List.of("k@0.01", "s@0.01", "k@0.01", "s@0.01", "k@0.01", "s@0.01"), bloomColumns(bloomed),
                "three row groups, the names as the table spells them");
        assertEquals("K, s", AlbisTable.open(bloomed).state().properties().get("bloomFilterColumns"),
                "recorded with the table's options");
        for (String where : LOOKUPS) {
            assertSameRows(spark.read().parquet(parquet).where(where),
                    spark.read().format("albis").load(bloomed).where(where));
        }
        String plan = spark.read().format("albis").load(bloomed).where("k = 1000001").queryExecution().executedPlan()
                .toString();
        assertTrue(plan.contains("EqualTo(k,1000001)"), "pushed into the scan, which prunes with it:\n" + plan);
        for (Predicate nonMember : List.of(eq("k", 1000001), in("k", 333333, 1555555), eq("s", "key-777777"))) {
            Skips withFilters = skips(bloomed, nonMember);
            Skips withStatistics = skips(plain, nonMember);
            assertTrue(withStatistics.skipped() <= 1, nonMember + ": min/max of keys in no order skip nothing but the"
                + " segment of the one-row task: " + withStatistics);
            assertTrue(withFilters.skipped() >= (withStatistics.read() * 9) / 10, nonMember + ": " + withFilters
                    + " of " + withStatistics.read() + " segments skipped");
        }
        assertTrue(skips(bloomed, eq("k", 24680)).read() >= 1, "a key a row holds is read");
    }

    @Test
    void aCatalogTablePropertyAppliesToTheWritesAfterIt() throws Exception {
        spark.sql("CREATE TABLE bloomed (id BIGINT, k BIGINT, s STRING, p INT) USING albis"
                + " TBLPROPERTIES ('bloomFilterColumns' = 'k', 'segmentSize' = '4096')");
        rows.writeTo("bloomed").append();
        String path = spark.sql("DESCRIBE TABLE EXTENDED bloomed").where("col_name = 'Location'").first().getString(1)
                .replaceFirst("^file:", "");
        assertEquals(List.of("k@0.01", "k@0.01", "k@0.01"), bloomColumns(path));
        spark.sql("ALTER TABLE bloomed SET TBLPROPERTIES ('bloomFilterColumns' = 'k, S', 'bloomFilterFpp' = '0.05')");
        spark.sql("INSERT INTO bloomed SELECT * FROM parquet.`" + parquet + "` WHERE id < 10000");
        List<String> after = bloomColumns(path);
        assertEquals(List.of("k@0.01", "k@0.01", "k@0.01"), after.subList(0, 3), "rows written before keep theirs");
        assertTrue(after.size() > 3 && after.subList(3, after.size()).stream()
                .allMatch(c -> c.equals("k@0.05") || c.equals("s@0.05")), after.toString());
        Dataset<Row> both = spark.read().parquet(parquet).unionAll(spark.read().parquet(parquet).where("id < 10000"));
        for (String where : LOOKUPS) {
            assertSameRows(both.where(where), spark.table("bloomed").where(where));
        }
        Skips nonMember = skips(path, eq("k", 1000001));
        assertTrue(nonMember.skipped() >= (nonMember.skipped() + nonMember.read()) * 9 / 10, "a few false positives: "
                + nonMember);
    }

    @Test
    void badValuesAreRefusedNamingTheOption() {
        String path = dir.resolve("refused").toString();
        for (String[] bad : new String[][] {
            {"bloomFilterColumns", "k, nope", "option bloomFilterColumns: 'nope' is not a stored column"},
            {"bloomFilterFpp", "1", "option bloomFilterFpp: the bloom filter false-positive rate must be above 0"},
            {"bloomFilterFpp", "often", "option bloomFilterFpp: 'often' is not a number"}}) {
            Exception e = assertThrows(Exception.class,
                    () -> rows.write().format("albis").option(bad[0], bad[1]).save(path), bad[1]);
            assertTrue(messages(e).contains(bad[2]), messages(e));
        }
        Exception partition = assertThrows(Exception.class, () -> rows.write().format("albis").partitionBy("p")
                .option("bloomFilterColumns", "k,P").save(path));
        assertTrue(messages(partition).contains("option bloomFilterColumns: 'P' is a partition column"),
                messages(partition));
        spark.sql("CREATE TABLE bloomed (id BIGINT, k BIGINT) USING albis");
        Exception altered = assertThrows(Exception.class,
                () -> spark.sql("ALTER TABLE bloomed SET TBLPROPERTIES ('bloomFilterColumns' = 'id, s')"));
        assertTrue(messages(altered).contains("option bloomFilterColumns: 's' is not a stored column"), messages(altered));
        Exception created = assertThrows(Exception.class, () -> spark.sql("CREATE TABLE bloomed2 (id BIGINT) USING albis"
                + " TBLPROPERTIES ('bloomFilterFpp' = '0')"));
        assertTrue(messages(created).contains("option bloomFilterFpp"), messages(created));
        spark.sql("DROP TABLE IF EXISTS bloomed2");
    }

    /** The messages of an exception and its causes, one a line. */
    private static String messages(Throwable e) {
        StringBuilder b = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            b.append(t.getMessage()).append('\n');
        }
        return b.toString();
    }
}
