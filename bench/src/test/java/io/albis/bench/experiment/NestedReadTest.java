package io.albis.bench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.TestData;
import io.albis.bench.dataset.NestedTable;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.spark.SparkLevelFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Experiment 9 in miniature, in process: every format that reads lists and maps (and no other)
 * reads the table whole and a column at a time, every Spark-level format ingests the same columns
 * (Albis in both layouts, the floor on the default one, each ingest with its ratio to the floor),
 * and agrees with the source's data; the CSV and the chart are written. Keeps the experiment from
 * rotting; asserts no timings.
 */
class NestedReadTest {

    @Test
    void listsAndMapsAreReadByEveryFormatThatReadsThem(@TempDir Path out) throws IOException {
        List<CSVRecord> rows = ResultFiles.runInMiniature(new NestedRead(), out);

        Set<String> readers = FormatSet.load(null).withoutFormatsNeedingJvmArgs().selected().stream()
                .filter(BenchFormat::readsListsAndMaps).map(BenchFormat::name).collect(Collectors.toSet());
        // Spark-level formats, the floor among them, ingest the same columns into Spark's noop sink.
        Set<String> ingesters = FormatSet.load(null).selected().stream().filter(f -> f instanceof SparkLevelFormat)
                .map(BenchFormat::name).collect(Collectors.toSet());
        Set<String> expected = new java.util.TreeSet<>(readers);
        expected.addAll(ingesters);
        assertEquals(expected, rows.stream().map(r -> r.get("format")).collect(Collectors.toCollection(
                java.util.TreeSet::new)), "formats measured");
        assertTrue(ingesters.containsAll(List.of("spark-albis", "spark-parquet", "spark-floor")),
                "Spark ingests: " + ingesters);
        assertTrue(readers.containsAll(List.of("albis", "albis-binary", "parquet-spark", "orc", "arrow")), "readers: " + readers);
        assertEquals(Set.of("both", NestedTable.INTS, NestedTable.COUNTS),
                rows.stream().map(r -> r.get("point")).collect(Collectors.toSet()), "points");
        assertEquals(Set.of("", "cg1"), rows.stream().filter(r -> r.get("format").equals("albis-binary"))
                .map(r -> r.get("variant")).collect(Collectors.toSet()), "Albis layouts");
        assertEquals(Set.of("", "cg1"), rows.stream().filter(r -> r.get("format").equals("spark-albis"))
                .map(r -> r.get("variant")).collect(Collectors.toSet()), "Albis layouts through Spark");
        List<CSVRecord> floor = rows.stream().filter(r -> r.get("format").equals("spark-floor")).toList();
        assertEquals(Set.of(""), floor.stream().map(r -> r.get("variant")).collect(Collectors.toSet()),
                "the floor runs on the default layout only");
        assertEquals(Set.of("both", NestedTable.INTS, NestedTable.COUNTS),
                floor.stream().map(r -> r.get("point")).collect(Collectors.toSet()), "points the floor ingests");
        for (CSVRecord r : floor) {
            assertEquals("ok", r.get("check"), "the floor agrees with the source: " + r);
        }
        // Every Spark ingest, in either layout, has a ratio to the floor of its point and thread count.
        for (CSVRecord r : rows) {
            if (ingesters.contains(r.get("format"))) {
                assertFalse(r.get("ratio_to_raw").isEmpty(), "no ratio to the floor: " + r);
            }
        }
        for (CSVRecord r : rows) {
            assertTrue(Set.of("ok", "baseline").contains(r.get("check")), r.toString());
            assertEquals(NestedTable.atScale(TestData.STORE_SALES_SCALE).key(), r.get("dataset"));
            assertNotEquals("0", r.get("rows"), r.toString());
            assertNotEquals("0", r.get("logical_bytes"), r.toString());
        }
    }
}
