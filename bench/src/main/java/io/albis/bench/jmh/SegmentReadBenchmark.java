package io.albis.bench.jmh;

import io.albis.read.AlbisReader;
import io.albis.read.RunReader;
import io.albis.read.ReadOptions;
import io.albis.read.RowRun;
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
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Segment loads: one positional read of the segment into the reader's buffer, plus the CRC-32C
 * check when {@code verify} is on. The table is one column group of 9-byte rows holding exactly
 * {@link #SEGMENTS} full segments of {@code segmentKiB}; without a filter {@code nextRun} hands
 * out one whole segment per call, so the loop does nothing but load segments. The score is per
 * segment: a whole-table read divided by {@link #SEGMENTS} (the reader's opening, its buffer
 * allocation and metadata read included, is 1/32 of it). The data is in the page cache after the
 * setup writes it, so this measures the copy and the checksum, not a device.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SegmentReadBenchmark {
    public static final int SEGMENTS = 32;
    /** Bytes per row: a 1-byte null bitmap and one long. */
    public static final int ROW_LENGTH = 9;

    @Param({"64", "1024", "4096"})
    public int segmentKiB;

    @Param({"true", "false"})
    public boolean verify;

    private Path dir;
    /** Package-private so the test can check the table's shape. */
    AlbisTable table;
    private ReadOptions options;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dir = SyntheticData.newTableDir("segments-" + segmentKiB);
        SyntheticData.writeLongTable(dir, rows(segmentKiB), segmentKiB << 10);
        table = AlbisTable.open(dir.toString());
        options = ReadOptions.all().withVerifyChecksums(verify);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        SyntheticData.delete(dir);
    }

    /** Rows of the table: {@link #SEGMENTS} full segments. */
    public static long rows(int segmentKiB) {
        return SEGMENTS * SyntheticData.rowsPerSegment(segmentKiB << 10, ROW_LENGTH);
    }

    /** Returns the sum of the first value of every segment, which proves each one was loaded. */
    @Benchmark
    @OperationsPerInvocation(SEGMENTS)
    public long loadSegment() throws IOException {
        long sum = 0;
        try (RunReader reader = table.newRunReader(options)) {
            RowRun[] runs = reader.newRuns();
            RowRun run = runs[reader.readGroups()[0]];
            int off = -1;
            while (reader.nextRun(runs) > 0) {
                if (off < 0) {
                    off = run.layout().fixedOffset(0);
                }
                sum += run.buffer().getLong(run.firstOffset() + off);
            }
        }
        return sum;
    }
}
