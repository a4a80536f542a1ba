package io.albis.bench.jmh;

import io.albis.read.ReadOptions;
import io.albis.scan.ChecksumScan;
import io.albis.scan.ScanResult;
import java.io.IOException;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * {@link ChecksumScan#scan} with one thread over a store_sales-shaped table (147-byte rows,
 * 1 MiB segments, checksums verified): the whole read path the goodput figures come from.
 * Logical bytes per row are 10 × 4 + 8 + 12 × 8 = 144 minus the nulls' widths, so goodput is
 * about {@code rows × 138 / time}.
 */
public class ScanBenchmark extends TableTrial {
    @Param({"4096", "500000"})
    public int rows;

    @Override
    protected String tableName() {
        return "scan";
    }

    @Override
    protected void writeTable(Path dir) throws IOException {
        SyntheticData.writeStoreSales(dir, rows);
    }

    /** The scan's result; JMH consumes it, tests compare it with the data. */
    public ScanResult scanResult() throws IOException {
        return ChecksumScan.scan(table, ReadOptions.all(), 1);
    }

    @Benchmark
    public long scan() throws IOException {
        return scanResult().checksum();
    }
}
