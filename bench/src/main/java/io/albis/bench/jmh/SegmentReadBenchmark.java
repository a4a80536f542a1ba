package io.albis.bench.jmh;

import io.albis.read.AlbisReader;
import io.albis.read.RunReader;
import io.albis.read.ReadOptions;
import io.albis.read.RowRun;
import java.io.IOException;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;

/**
 * Segment loads: one positional read of the segment into the reader's buffer, plus the CRC-32C
 * check when {@code verify} is on. The table is one column group of 9-byte rows holding exactly
 * {@link #SEGMENTS} full segments of {@code segmentKiB}; without a filter {@code nextRun} hands
 * out one whole segment per call, so the loop does nothing but load segments. The score is per
 * segment: a whole-table read divided by {@link #SEGMENTS} (the reader's opening, its buffer
 * allocation and metadata read included, is 1/32 of it). The data is in the page cache after the
 * setup writes it, so this measures the copy and the checksum, not a device.
 */
public class SegmentReadBenchmark extends TableTrial {
    public static final int SEGMENTS = 32;
    /** Bytes per row: a 1-byte null bitmap and one long. */
    public static final int ROW_LENGTH = 9;

    @Param({"64", "1024", "4096"})
    public int segmentKiB;

    @Param({"true", "false"})
    public boolean verify;

    private ReadOptions options;

    @Override
    protected String tableName() {
        return "segments-" + segmentKiB;
    }

    @Override
    protected void writeTable(Path dir) throws IOException {
        SyntheticData.writeLongTable(dir, rows(segmentKiB), segmentKiB << 10);
    }

    @Override
    protected void opened() {
        options = ReadOptions.all().withVerifyChecksums(verify);
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
