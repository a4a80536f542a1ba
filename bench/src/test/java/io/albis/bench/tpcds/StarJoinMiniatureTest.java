package io.albis.bench.tpcds;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.input_file_name;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.format.spark.BenchSpark;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/tpcds star-join in miniature, so the benchmark cannot rot: the whole matrix on a fact
 * table of 20,000 rows, every answer equal to Parquet's, every plan running the join its case
 * names; the tables as the cases assume them.
 */
class StarJoinMiniatureTest {
    private static final int ROWS = 20_000;
    private static final List<String> FORMATS = List.of("albis", "parquet-snappy", "orc-zlib");

    @Test
    void everyCaseAnswersAsParquetWithTheJoinItNames(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        String log = PrintedRun.of("tpcds", "star-join", "--rows", Integer.toString(ROWS), "--warmup", "0",
                "--repeat", "1", "--data", dir.resolve("data").toString(), "--out", out.toString());
        assertTrue(log.contains("star-join: the scattered filter keeps 2 of 2000 dates"), log);
        assertTrue(log.contains("matches the answer on parquet-snappy"), log);
        List<String> csv = Files.readAllLines(out.resolve("star-join.csv"));
        assertEquals(1 + 2 * 5 * 2 * FORMATS.size(), csv.size(), String.join("\n", csv));
        Map<String, Integer> column = new HashMap<>();
        String[] header = csv.get(0).split(",");
        for (int i = 0; i < header.length; i++) {
            column.put(header[i], i);
        }
        for (String line : csv.subList(1, csv.size())) {
            String[] row = line.split(",", -1);
            String format = row[column.get("format")];
            long kept = Long.parseLong(row[column.get("fact_rows_kept")]);
            long scanned = Long.parseLong(row[column.get("fact_scan_rows")]);
            assertEquals("match", row[column.get("answer")], line);
            assertEquals("parquet-snappy", row[column.get("reference")], line);
            assertEquals(row[column.get("join")].equals("broadcast") ? "BroadcastHashJoin=1" : "SortMergeJoin=1",
                    row[column.get("joins")], line);
            assertEquals("1", row[column.get("runs")], line);
            assertTrue(Double.parseDouble(row[column.get("median_s")]) > 0, line);
            assertEquals(Math.round(Double.parseDouble(row[column.get("keep_pct")]) * 20),
                    Long.parseLong(row[column.get("dates_kept")]), line);
            assertTrue(kept > 0 && kept <= ROWS, line);
            if (row[column.get("keep_pct")].equals("100")) {
                assertEquals(ROWS, kept, line);
            }
            if (format.equals("albis")) {
                // The scan may drop rows the join would drop, never one it keeps.
                assertTrue(scanned >= kept && scanned <= ROWS, line);
            } else {
                // Spark's V1 file scans take runtime filters on partition columns only.
                assertEquals(ROWS, scanned, line);
                assertEquals("none", row[column.get("fact_runtime_filter")], line);
            }
        }
        assertTrue(log.contains("star-join: median seconds per format"), log);
        SparkSession spark = BenchSpark.session(2);
        for (StarJoinTables.Layout layout : StarJoinTables.Layout.values()) {
            for (String f : FORMATS.subList(1, FORMATS.size())) {
                String table = TpcdsFormat.of(f).database() + "." + layout.table();
                assertEquals(0, spark.table(table).exceptAll(spark.table("albis." + layout.table())).count(), table);
            }
        }
        assertTrue(everyFileSortedByDate(spark, "parquet_snappy.star_fact_sorted"));
        assertFalse(everyFileSortedByDate(spark, "parquet_snappy.star_fact_random"));
        for (DateFilter filter : DateFilter.values()) {
            for (int dates : new int[] {2, 20, 200, 1000, 2000}) {
                assertEquals(dates, spark.sql("SELECT COUNT(*) FROM parquet_snappy." + StarJoinTables.DATE_DIM
                        + " d WHERE " + filter.predicate(dates)).first().getLong(0), filter + " " + dates);
            }
            // No filter Spark could derive from the dimension's reaches the fact scan when the query is
            // planned: Parquet's scan of the sorted table, which would skip row groups by one, reads every row.
            spark.catalog().setCurrentDatabase("parquet_snappy");
            Dataset<Row> result = spark.sql(new StarJoinCase(StarJoinTables.Layout.SORTED, 1, filter,
                    StarJoinCase.Join.BROADCAST).sql());
            QueryAnswer.of(result);
            assertEquals(ROWS, FactScan.of(result.queryExecution().executedPlan()).rows(), filter.label());
        }
    }

    /** Whether the rows of every file of {@code table} are in (date key, ticket number) order. */
    private static boolean everyFileSortedByDate(SparkSession spark, String table) {
        Map<String, long[]> last = new HashMap<>();
        for (Row r : spark.table(table).select(input_file_name(), col("date_key"), col("ticket_number"))
                .collectAsList()) {
            long[] key = {r.getInt(1), r.getLong(2)};
            long[] before = last.put(r.getString(0), key);
            if (before != null && (before[0] > key[0] || before[0] == key[0] && before[1] > key[1])) {
                return false;
            }
        }
        return true;
    }

    @Test
    void aShareKeepsAWholeNumberOfDates() {
        assertEquals(2, StarJoinCase.dates(0.1));
        assertEquals(2000, StarJoinCase.dates(100));
        assertThrows(IllegalArgumentException.class, () -> StarJoinCase.dates(0.07));
        assertThrows(IllegalArgumentException.class, () -> StarJoinCase.dates(0));
        assertThrows(IllegalArgumentException.class, () -> StarJoinCase.dates(150));
    }
}
