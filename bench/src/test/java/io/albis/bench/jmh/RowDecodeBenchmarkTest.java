package io.albis.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RowDecodeBenchmarkTest {
    private static final List<String> TYPES = List.of("int", "long", "double", "decimal", "string", "binary");

    @Test
    void runsInMiniatureForEveryTypeAndMethod() throws Exception {
        Miniature.runAndCheck(RowDecodeBenchmark.class, Map.of("type", TYPES, "rows", List.of("4096")),
                "rowGetters", "runs", "batch");
    }

    /** Enough rows to cross segments (1 MiB) and batches (4096 rows) for every type. */
    @ParameterizedTest
    @ValueSource(strings = {"int", "long", "double", "decimal", "string", "binary"})
    void everyMethodReturnsTheChecksumOfEveryValue(String type) throws Exception {
        RowDecodeBenchmark b = new RowDecodeBenchmark();
        b.type = type;
        b.rows = type.equals("binary") ? 10_000 : 250_000;
        long expected = Oracle.singleColumnChecksum(type, b.rows);
        b.setUp();
        try {
            assertEquals(expected, b.rowGetters(), "rowGetters");
            assertEquals(expected, b.runs(), "runs");
            assertEquals(expected, b.batch(), "batch");
        } finally {
            b.tearDown();
        }
    }
}
