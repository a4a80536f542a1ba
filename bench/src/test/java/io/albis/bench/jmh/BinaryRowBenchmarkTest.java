package io.albis.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BinaryRowBenchmarkTest {

    @Test
    void runsInMiniature() throws Exception {
        Miniature.runAndCheck(BinaryRowBenchmark.class, Map.of("rows", List.of("4096")), "view", "copy", "copyInto");
    }

    /** 10,000 rows of 147 bytes span two 1 MiB segments. */
    @Test
    void everyMethodSumsEveryRowsLengthAndQuantity() throws Exception {
        BinaryRowBenchmark b = new BinaryRowBenchmark();
        b.rows = 10_000;
        long expected = Oracle.binaryRowSum(b.rows);
        b.setUp();
        try {
            assertEquals(expected, b.view(), "view");
            assertEquals(expected, b.copy(), "copy");
            assertEquals(expected, b.copyInto(), "copyInto");
        } finally {
            b.tearDown();
        }
    }
}
