package io.albis.bench.tpcds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import io.albis.table.TableProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/tpcds --sorted-facts in miniature: the fact table the query reads is written sorted by
 * its date key in every format (each Albis row group, each Parquet and ORC file in order of
 * {@code ss_sold_date_sk}, nulls first), dimensions as they come, and the answers agree.
 */
class TpcdsSortedFactsTest {
    private static final String KEY = "ss_sold_date_sk";

    @Test
    void factTablesAreSortedByTheirDateKeyInEveryFormat(@TempDir Path dir) throws Exception {
        String log = PrintedRun.of("tpcds", "--scale", "0.01", "--queries", "q3", "--formats",
                "albis,parquet-snappy,orc-zlib", "--sorted-facts", "--warmup", "0", "--repeat", "1",
                "--data", dir.resolve("data").toString(), "--out", dir.resolve("out").toString());
        assertTrue(log.contains("writing store_sales as albis, sorted by " + KEY), log);
        assertTrue(log.contains("matches the answer on parquet-snappy"), log);
        assertTrue(Files.readString(dir.resolve("out").resolve("tpcds-run.txt")).contains("--sorted-facts"));

        Path tables = dir.resolve("data").resolve("tpcds").resolve("sf0.01-seed100");
        String albis = tables.resolve("albis").resolve("store_sales" + TpcdsData.SORTED_SUFFIX).toString();
        assertEquals(KEY, TableProperties.of(LocalStorage.INSTANCE, albis).get("sortBy"), "the table records its order");
        AlbisTable table = AlbisTable.open(albis);
        for (RowGroupRef rg : table.rowGroups()) {
            List<Long> keys = new ArrayList<>();
            try (AlbisReader r = table.newReader(ReadOptions.all().withColumns(KEY).withRowGroups(rg.index()))) {
                while (r.advance()) {
                    keys.add(r.isNull(0) ? null : (long) r.getInt(0));
                }
            }
            assertInOrder(keys, rg.name());
        }
        SparkSession spark = SparkSession.active();
        for (String format : List.of("parquet-snappy", "orc-zlib")) {
            List<Path> files = dataFiles(tables.resolve(format).resolve("store_sales" + TpcdsData.SORTED_SUFFIX));
            assertFalse(files.isEmpty(), format);
            for (Path f : files) {
                List<Long> keys = new ArrayList<>();
                for (Row row : spark.read().format(format.substring(0, format.indexOf('-'))).load(f.toString())
                        .select(KEY).collectAsList()) {
                    keys.add(row.isNullAt(0) ? null : (long) row.getInt(0));
                }
                assertInOrder(keys, f.toString());
            }
        }
        assertTrue(Files.isDirectory(tables.resolve("albis").resolve("date_dim")), "dimensions are written as they come");
    }

    private static List<Path> dataFiles(Path table) throws IOException {
        try (Stream<Path> s = Files.list(table)) {
            return s.filter(p -> p.getFileName().toString().startsWith("part-")).toList();
        }
    }

    /** Nulls, then non-null keys in non-decreasing order. */
    private static void assertInOrder(List<Long> keys, String where) {
        assertFalse(keys.isEmpty(), where);
        Long last = null;
        for (Long k : keys) {
            assertTrue(k == null ? last == null : last == null || k >= last, where + ": " + k + " after " + last);
            if (k != null) {
                last = k;
            }
        }
    }
}
