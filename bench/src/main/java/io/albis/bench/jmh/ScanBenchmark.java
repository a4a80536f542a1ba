package io.albis.bench.jmh;

import io.albis.read.ReadOptions;
import io.albis.scan.ChecksumScan;
import io.albis.scan.RawRead;
import io.albis.scan.ScanResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * {@link ChecksumScan#scan} with one thread over a store_sales-shaped table (147-byte rows,
 * 1 MiB segments), with the segments' checksums verified (the default) and not, beside the raw
 * read of the same data files ({@link RawRead}) with every byte touched and only copied. One run
 * splits a scan into its parts: the copy ({@link #rawRead} with {@code verify} false), the
 * checksums ({@code scan} with and without), and summing the values, walking the rows included
 * (the rest); and the raw limit is copy plus touch ({@link #rawRead} with {@code verify} true).
 * Logical bytes per row are 10 × 4 + 8 + 12 × 8 = 144 minus the nulls' widths, so goodput is
 * about {@code rows × 138 / time}.
 */
public class ScanBenchmark extends TableTrial {
    @Param({"4096", "500000"})
    public int rows;

    /** The scan verifies each segment's CRC-32C; the raw read touches every byte. */
    @Param({"true", "false"})
    public boolean verify;

    private List<String> files;

    @Override
    protected String tableName() {
        return "scan";
    }

    @Override
    protected void writeTable(Path dir) throws IOException {
        SyntheticData.writeStoreSales(dir, rows);
    }

    @Override
    protected void opened() throws IOException {
        files = ChecksumScan.dataFiles(table, ReadOptions.all());
    }

    /** The scan's result; JMH consumes it, tests compare it with the data. */
    public ScanResult scanResult() throws IOException {
        return ChecksumScan.scan(table, ReadOptions.all().withVerifyChecksums(verify), 1);
    }

    @Benchmark
    public long scan() throws IOException {
        return scanResult().checksum();
    }

    /** The raw read of the table's data files: touched (the limit) with {@code verify}, else only copied. */
    @Benchmark
    public long rawRead() throws IOException {
        RawRead.Result r = RawRead.read(table.storage(), files, 1, verify);
        return r.sum() + r.bytes();
    }
}
