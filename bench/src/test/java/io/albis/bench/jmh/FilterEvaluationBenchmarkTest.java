package io.albis.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FilterEvaluationBenchmarkTest {
    private static final List<String> PREDICATES = List.of("le", "and", "in10");

    @Test
    void runsInMiniatureForEveryPredicate() throws Exception {
        Miniature.runAndCheck(FilterEvaluationBenchmark.class,
                Map.of("rows", List.of("4096"), "predicate", PREDICATES),
                Map.of("testRows", List.of("rows", "predicate"),
                        "iterateRows", List.of("rows"),
                        "readerFilter", List.of("rows", "predicate"),
                        "mayMatchSegments", List.of("rows", "predicate")));
    }

    /** 100,000 rows make 14 segments of 64 KiB, so pruning has something to decide. */
    @Test
    void countsAgreeWithTheData() throws Exception {
        FilterEvaluationBenchmark bench = new FilterEvaluationBenchmark();
        FilterEvaluationBenchmark.Table t = new FilterEvaluationBenchmark.Table();
        t.rows = 100_000;
        t.setUp();
        try {
            assertEquals(t.rows, bench.iterateRows(t));
            assertEquals(14, segments(t));
            for (String p : PREDICATES) {
                FilterEvaluationBenchmark.Filter f = new FilterEvaluationBenchmark.Filter();
                f.predicate = p;
                f.setUp(t);
                long matches = Oracle.filterMatchCount(p, t.rows);
                assertTrue(matches > 0 && matches < t.rows, p + " selects some rows but not all");
                assertEquals(matches, bench.testRows(t, f), p + " testRows");
                assertEquals(matches, bench.readerFilter(t, f), p + " readerFilter");
                assertEquals(Oracle.filterSegmentsMayMatch(p, t.rows), bench.mayMatchSegments(f), p + " mayMatch");
            }
        } finally {
            t.tearDown();
        }
    }

    /** The AND's a >= rows/4 prunes the first quarter of the segments. */
    @Test
    void theConjunctionPrunesSegments() throws Exception {
        assertEquals(11, Oracle.filterSegmentsMayMatch("and", 100_000));
    }

    private static int segments(FilterEvaluationBenchmark.Table t) throws Exception {
        FilterEvaluationBenchmark.Filter f = new FilterEvaluationBenchmark.Filter();
        f.predicate = "le";
        f.setUp(t);
        return f.segments.size();
    }
}
