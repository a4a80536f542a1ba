package io.albis.bench.jmh;

import io.albis.read.ReadOptions;
import io.albis.scan.ChecksumScan;
import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link ChecksumScan#scan} with one thread over a store_sales-shaped table (147-byte rows,
 * 1 MiB segments, checksums verified): the whole read path the goodput figures come from.
 * Logical bytes per row are 10 × 4 + 8 + 12 × 8 = 144 minus the nulls' widths, so goodput is
 * about {@code rows × 138 / time}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ScanBenchmark {
    @Param({"4096", "500000"})
    public int rows;

    private Path dir;
    private AlbisTable table;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dir = SyntheticData.newTableDir("scan");
        SyntheticData.writeStoreSales(dir, rows);
        table = AlbisTable.open(dir.toString());
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        SyntheticData.delete(dir);
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
