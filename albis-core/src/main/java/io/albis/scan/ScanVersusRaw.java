package io.albis.scan;

import io.albis.read.ReadOptions;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * Times checksum scans of a table against raw reads of the same data files, alternating the two
 * in each repetition so both see the same machine state (page cache, JIT, noise). What
 * {@code albis scan} reports, and the bench's scan of one table on each storage backend.
 */
public final class ScanVersusRaw {

    /** Median, minimum and maximum of a set of timings, in seconds. */
    public record Timing(double median, double min, double max) {
        static Timing of(long[] nanos) {
            long[] s = nanos.clone();
            Arrays.sort(s);
            int n = s.length;
            double median = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
            return new Timing(median / 1e9, s[0] / 1e9, s[n - 1] / 1e9);
        }
    }

    public record Result(long rows, long logicalBytes, long nulls, String checksum, long fileBytes, Timing scan,
            Timing raw, int threads, int repeat, int warmup) {

        /** Logical bytes per second of the median scan, in GB/s (10^9 bytes). */
        public double goodputGBps() {
            return perSecond(logicalBytes, scan.median()) / 1e9;
        }

        /** The same logical bytes over the median raw-read time: the ceiling a format can reach. */
        public double rawGBps() {
            return perSecond(logicalBytes, raw.median()) / 1e9;
        }

        /** Scan goodput as a fraction of the raw read's: raw time over scan time. */
        public double ratioToRaw() {
            return scan.median() == 0 ? 0 : raw.median() / scan.median();
        }

        /** A rate that stays finite (0) for a time too short for the clock, e.g. an empty table. */
        private static double perSecond(long amount, double seconds) {
            return seconds == 0 ? 0 : amount / seconds;
        }
    }

    private ScanVersusRaw() {}

    /** {@code warmup} unmeasured, then {@code repeat} measured scans and raw reads, each pair on {@code threads} threads. */
    public static Result run(AlbisTable table, ReadOptions options, int threads, int warmup, int repeat)
            throws IOException {
        List<String> files = ChecksumScan.dataFiles(table, options);
        ScanResult first = null;
        long fileBytes = -1;
        long[] scanNanos = new long[repeat];
        long[] rawNanos = new long[repeat];
        for (int i = 0; i < warmup + repeat; i++) {
            ScanResult s = ChecksumScan.scan(table, options, threads);
            RawRead.Result r = RawRead.read(table.storage(), files, threads, true);
            if (first == null) {
                first = s;
                fileBytes = r.bytes();
            } else if (s.checksum() != first.checksum() || s.rows() != first.rows()
                    || s.logicalBytes() != first.logicalBytes() || r.bytes() != fileBytes) {
                throw new IOException("scan " + (i + 1) + " of " + table.path() + " disagrees with the first: rows "
                        + s.rows() + " vs " + first.rows() + ", checksum " + s.checksumHex() + " vs " + first.checksumHex()
                        + ", raw bytes " + r.bytes() + " vs " + fileBytes + "; is the table being changed?");
            }
            if (i >= warmup) {
                scanNanos[i - warmup] = s.nanos();
                rawNanos[i - warmup] = r.nanos();
            }
        }
        return new Result(first.rows(), first.logicalBytes(), first.nulls(), first.checksumHex(), fileBytes,
                Timing.of(scanNanos), Timing.of(rawNanos), threads, repeat, warmup);
    }
}
