package io.albis.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.scan.ScanResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScanBenchmarkTest {

    @Test
    void runsInMiniature() throws Exception {
        Miniature.runAndCheck(ScanBenchmark.class, Map.of("rows", List.of("4096")), "scan");
    }

    /** 20,000 rows of 147 bytes span three 1 MiB segments. */
    @Test
    void scanReadsEveryValueOfTheTable() throws Exception {
        ScanBenchmark b = new ScanBenchmark();
        b.rows = 20_000;
        Oracle.StoreSales expected = Oracle.storeSales(b.rows);
        b.setUp();
        try {
            ScanResult r = b.scanResult();
            assertEquals(expected.rows(), r.rows());
            assertEquals(expected.nulls(), r.nulls());
            assertEquals(expected.logicalBytes(), r.logicalBytes());
            assertEquals(expected.checksum(), r.checksum());
            assertEquals(expected.checksum(), b.scan());
        } finally {
            b.tearDown();
        }
    }

    /** The synthetic table has about the null share of TPC-DS store_sales (4.5% of nullable values). */
    @Test
    void nullShareIsAboutThatOfStoreSales() {
        Oracle.StoreSales s = Oracle.storeSales(100_000);
        double share = s.nulls() / (100_000.0 * 21);
        assertEquals(0.045, share, 0.003);
    }
}
