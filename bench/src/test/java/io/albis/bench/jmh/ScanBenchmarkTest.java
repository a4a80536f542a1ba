package io.albis.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.read.ReadOptions;
import io.albis.scan.ChecksumScan;
import io.albis.scan.RawRead;
import io.albis.scan.ScanResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScanBenchmarkTest {

    @Test
    void runsInMiniature() throws Exception {
        Miniature.runAndCheck(ScanBenchmark.class, Map.of("rows", List.of("4096"), "verify", List.of("true", "false")),
                "scan", "rawRead");
    }

    /** 20,000 rows of 147 bytes span three 1 MiB segments; with and without verifying their checksums. */
    @Test
    void scanReadsEveryValueOfTheTable() throws Exception {
        for (boolean verify : new boolean[] {true, false}) {
            ScanBenchmark b = new ScanBenchmark();
            b.rows = 20_000;
            b.verify = verify;
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
    }

    /** The raw read reads every byte of the table's data files, touched or not. */
    @Test
    void rawReadReadsEveryByteOfTheDataFiles() throws Exception {
        for (boolean verify : new boolean[] {true, false}) {
            ScanBenchmark b = new ScanBenchmark();
            b.rows = 20_000;
            b.verify = verify;
            b.setUp();
            try {
                List<String> files = ChecksumScan.dataFiles(b.table, ReadOptions.all());
                long bytes = 0;
                for (String f : files) {
                    bytes += Files.size(Path.of(f));
                }
                RawRead.Result r = RawRead.read(b.table.storage(), files, 1, verify);
                assertEquals(bytes, r.bytes());
                assertEquals(r.sum() + r.bytes(), b.rawRead());
            } finally {
                b.tearDown();
            }
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
