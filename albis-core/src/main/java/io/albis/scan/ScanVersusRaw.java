package io.albis.scan;

import io.albis.read.ReadOptions;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.util.ArrayList;
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

    /**
     * The unmeasured rounds before the measured ones: a fixed number, or ({@link #settle()}) as
     * many as it takes for the times to settle: the last {@value #WINDOW} scans within
     * {@value #SPREAD_PERCENT}% of each other and the last {@value #WINDOW} raw reads too, at most
     * {@value #MAX_ROUNDS} rounds or {@value #MAX_SECONDS} s. A cold JVM reads a table at a third
     * to three quarters of the speed it settles at; a fixed count that is right for one table is
     * wrong for another.
     */
    public record Warmup(int rounds, boolean untilSettled) {
        public static final int WINDOW = 3;
        public static final int SPREAD_PERCENT = 5;
        public static final int MAX_ROUNDS = 30;
        public static final int MAX_SECONDS = 30;

        public Warmup {
            if (rounds < 0) {
                throw new IllegalArgumentException("warm-up rounds must be 0 or more, got " + rounds);
            }
        }

        public static Warmup fixed(int rounds) {
            return new Warmup(rounds, false);
        }

        public static Warmup settle() {
            return new Warmup(MAX_ROUNDS, true);
        }

        /** Whether warm-up is over after {@code scans} and {@code raws} (nanoseconds, oldest first), {@code elapsed} in all. */
        boolean over(List<Long> scans, List<Long> raws, long elapsed) {
            if (!untilSettled) {
                return scans.size() >= rounds;
            }
            return scans.size() >= MAX_ROUNDS || elapsed >= MAX_SECONDS * 1_000_000_000L
                    || (settled(scans) && settled(raws));
        }

        /** Whether the last {@value #WINDOW} times are within {@value #SPREAD_PERCENT}% of each other. */
        static boolean settled(List<Long> nanos) {
            if (nanos.size() < WINDOW) {
                return false;
            }
            List<Long> last = nanos.subList(nanos.size() - WINDOW, nanos.size());
            long min = last.stream().mapToLong(Long::longValue).min().orElseThrow();
            long max = last.stream().mapToLong(Long::longValue).max().orElseThrow();
            return max * 100 <= min * (100 + SPREAD_PERCENT);
        }
    }

    /**
     * What {@link #run} measured. {@code warmup} is the number of unmeasured rounds it ran;
     * {@code settled} says whether the times had settled by then (true for a fixed warm-up).
     */
    public record Result(long rows, long logicalBytes, long nulls, String checksum, long fileBytes, Timing scan,
            Timing raw, int threads, int repeat, int warmup, boolean settled) {

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

        /** (max - min) / median of the scans: how far apart the measured runs were. */
        public double spread() {
            return scan.median() == 0 ? 0 : (scan.max() - scan.min()) / scan.median();
        }

        /** The same for the raw reads. */
        public double rawSpread() {
            return raw.median() == 0 ? 0 : (raw.max() - raw.min()) / raw.median();
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
        return run(table, options, threads, Warmup.fixed(warmup), repeat);
    }

    /** Warm-up rounds as {@code warmup} says, then {@code repeat} measured scans and raw reads, each pair on {@code threads} threads. */
    public static Result run(AlbisTable table, ReadOptions options, int threads, Warmup warmup, int repeat)
            throws IOException {
        List<String> files = ChecksumScan.dataFiles(table, options);
        Round first = null;
        List<Long> warmScans = new ArrayList<>();
        List<Long> warmRaws = new ArrayList<>();
        long start = System.nanoTime();
        while (!warmup.over(warmScans, warmRaws, System.nanoTime() - start)) {
            Round r = Round.run(table, options, threads, files, first);
            first = first == null ? r : first;
            warmScans.add(r.scan.nanos());
            warmRaws.add(r.raw.nanos());
        }
        boolean settled = !warmup.untilSettled() || (Warmup.settled(warmScans) && Warmup.settled(warmRaws));
        long[] scanNanos = new long[repeat];
        long[] rawNanos = new long[repeat];
        for (int i = 0; i < repeat; i++) {
            Round r = Round.run(table, options, threads, files, first);
            first = first == null ? r : first;
            scanNanos[i] = r.scan.nanos();
            rawNanos[i] = r.raw.nanos();
        }
        ScanResult s = first.scan;
        return new Result(s.rows(), s.logicalBytes(), s.nulls(), s.checksumHex(), first.raw.bytes(),
                Timing.of(scanNanos), Timing.of(rawNanos), threads, repeat, warmScans.size(), settled);
    }

    /** One scan and one raw read of the same files, checked against the first round's. */
    private record Round(ScanResult scan, RawRead.Result raw) {
        static Round run(AlbisTable table, ReadOptions options, int threads, List<String> files, Round first)
                throws IOException {
            ScanResult s = ChecksumScan.scan(table, options, threads);
            RawRead.Result r = RawRead.read(table.storage(), files, threads, true);
            if (first != null && (s.checksum() != first.scan.checksum() || s.rows() != first.scan.rows()
                    || s.logicalBytes() != first.scan.logicalBytes() || r.bytes() != first.raw.bytes())) {
                throw new IOException("a scan of " + table.path() + " disagrees with the first: rows " + s.rows() + " vs "
                        + first.scan.rows() + ", checksum " + s.checksumHex() + " vs " + first.scan.checksumHex()
                        + ", raw bytes " + r.bytes() + " vs " + first.raw.bytes() + "; is the table being changed?");
            }
            return new Round(s, r);
        }
    }
}
