package io.albis.bench.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.bench.TestData;
import io.albis.bench.dataset.LookupTable;
import io.albis.bench.format.albis.AlbisBloomFilters;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Experiment 12 in miniature, in process: every lookup on both tables by Albis and parquet-java in
 * each of their variants, each agreeing with the source's data; member keys find their rows,
 * non-member keys none. Keeps the experiment from rotting; asserts no timings.
 */
class LookupTest {

    @Test
    void everyLookupFindsExactlyItsRows(@TempDir Path out) throws IOException {
        List<CSVRecord> rows = ResultFiles.runInMiniature(new Lookup(), out);

        assertEquals(Set.of("albis", "albis-binary", "parquet-java"),
                rows.stream().map(r -> r.get("format")).collect(Collectors.toSet()), "formats measured");
        Set<String> albisVariants = AlbisBloomFilters.WRITTEN ? Set.of("", "bloom_key") : Set.of("");
        assertEquals(albisVariants, variants(rows, "albis-binary"), "Albis copies");
        assertEquals(Set.of("", "bloom_key", "noindex"), variants(rows, "parquet-java"), "Parquet copies");

        LookupTable table = LookupTable.atScale(true, TestData.STORE_SALES_SCALE);
        Map<String, List<Long>> lookups = Lookup.lookups(table);
        for (CSVRecord r : rows) {
            assertEquals("ok", r.get("check"), r.toString());
            String lookup = r.get("point").substring(r.get("point").indexOf(' ') + 1);
            long expected = lookup.contains("non-member") ? 0 : lookups.get(lookup).size();
            assertEquals(Long.toString(expected), r.get("rows"), r.toString());
            assertTrue(Long.parseLong(r.get("file_bytes")) > 0, r.toString());
        }
        assertEquals(2 * lookups.size(), rows.stream().map(r -> r.get("point")).distinct().count(), "points");
    }

    private static Set<String> variants(List<CSVRecord> rows, String format) {
        return rows.stream().filter(r -> r.get("format").equals(format)).map(r -> r.get("variant"))
                .collect(Collectors.toSet());
    }
}
