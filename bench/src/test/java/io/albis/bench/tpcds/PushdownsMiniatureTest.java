package io.albis.bench.tpcds;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/tpcds pushdowns in miniature: q9's scalar subqueries (count and average of store_sales
 * rows in a range of quantities) get their aggregates pushed into the Albis scans with the Albis
 * rule, and none without it, where the range stays above the scans; q3 (a join) gets none.
 */
class PushdownsMiniatureTest {
    @Test
    void q9TakesItsAggregatesIntoTheScansWithTheRule(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        String log = PrintedRun.of("tpcds", "pushdowns", "--queries", "q9,q3", "--data", dir.resolve("data").toString(),
                "--out", out.toString());
        assertTrue(log.contains("pushdowns: rule on: of 2 queries, an aggregate in 1 [q9], a LIMIT in 0 [], a top-N in 0 []"),
                log);
        assertTrue(log.contains("pushdowns: rule off: of 2 queries, an aggregate in 0 []"), log);
        List<String> csv = Files.readAllLines(out.resolve("tpcds-pushdowns.csv"));
        assertTrue(csv.size() > 1 && csv.subList(1, csv.size()).stream()
                .allMatch(r -> r.startsWith("q9,on,") && r.contains("store_sales") && r.contains("COUNT(")), csv.toString());
    }
}
