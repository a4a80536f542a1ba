package io.albis.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.albis.filter.Predicate;
import io.albis.read.ReadOptions;
import io.albis.scan.ScanVersusRaw;
import io.albis.scan.VectorApi;
import io.albis.table.AlbisTable;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code albis scan TABLE}: goodput of a full checksum read, and how close it gets to a raw read,
 * on whatever storage serves TABLE's path. (The bench's {@code scan} compares in-process HDFS and
 * Crail backends on one machine.)
 */
@Command(name = "scan", header = "Read every value into a checksum; report goodput and the ratio to a raw read.",
        description = {
            "Goodput is logical data bytes (1 per boolean or byte, 2 per short, 4 per int, float or date, 8 per long,"
                    + " double, timestamp or decimal of up to 18 digits, 16 per wider decimal, the length of each string or binary;"
                    + " nulls count 0) divided by the"
                    + " median scan time, in GB/s (10^9 bytes per second).",
            "Each repetition also reads the same data files raw through the same storage layer (every byte touched,"
                    + " nothing parsed); ratio to raw = raw time / scan time. Scans and raw reads alternate."})
final class ScanCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    TableArgument table;

    @Option(names = "--columns", split = ",", paramLabel = "COL", description = "Columns to read (default: all).")
    List<String> columns;

    @Option(names = "--where", paramLabel = "EXPR", converter = WhereConverter.class,
            description = "Only rows matching the filter (see 'albis cat --help').")
    Predicate where;

    @Option(names = "--no-verify", description = "Skip the CRC-32C check of each segment.")
    boolean noVerify;

    @Option(names = "--json", description = "Print one JSON object.")
    boolean json;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
            description = "Reader threads; each takes every N-th row group (default 1).")
    int threads;

    @Option(names = "--warmup", paramLabel = "W|auto", defaultValue = "auto",
            description = "Unmeasured repetitions first, to warm the JIT and page cache: a number, or 'auto' (default):"
                    + " until the last " + ScanVersusRaw.Warmup.WINDOW + " scans and raw reads are each within "
                    + ScanVersusRaw.Warmup.SPREAD_PERCENT + "%% of each other, at most "
                    + ScanVersusRaw.Warmup.MAX_ROUNDS + " repetitions or " + ScanVersusRaw.Warmup.MAX_SECONDS + " s.")
    String warmup;

    @Option(names = "--repeat", paramLabel = "R", defaultValue = "5",
            description = "Measured repetitions; the median is reported, with the spread (default 5).")
    int repeat;

    /** The warm-up {@code --warmup} asks for. */
    private ScanVersusRaw.Warmup warmup() {
        if (warmup.equalsIgnoreCase("auto")) {
            return ScanVersusRaw.Warmup.settle();
        }
        try {
            int rounds = Integer.parseInt(warmup.trim());
            if (rounds >= 0) {
                return ScanVersusRaw.Warmup.fixed(rounds);
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new ParameterException(spec.commandLine(), "--warmup must be 'auto' or a number of 0 or more, got '"
                + warmup + "'");
    }

    @Override
    public Integer call() throws Exception {
        if (threads < 1) {
            throw new ParameterException(spec.commandLine(), "--threads must be at least 1, got " + threads);
        }
        if (repeat < 1) {
            throw new ParameterException(spec.commandLine(), "--repeat must be at least 1, got " + repeat);
        }
        ScanVersusRaw.Warmup warm = warmup();
        ReadOptions options = ReadOptions.all().withColumns(columns).withFilter(where).withVerifyChecksums(!noVerify);
        AlbisTable scanned = table.open();
        ScanVersusRaw.Result r = ScanVersusRaw.run(scanned, options, threads, warm, repeat);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().writeValueAsString(toMap(r, scanned)));
        } else {
            printText(out, r, scanned);
        }
        out.flush();
        return 0;
    }

    private Map<String, Object> toMap(ScanVersusRaw.Result r, AlbisTable scanned) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("table", scanned.path());
        m.put("rows", r.rows());
        m.put("logical_bytes", r.logicalBytes());
        m.put("nulls", r.nulls());
        m.put("seconds", r.scan().median());
        m.put("seconds_min", r.scan().min());
        m.put("seconds_max", r.scan().max());
        m.put("goodput_gbps", r.goodputGBps());
        m.put("raw_seconds", r.raw().median());
        m.put("raw_seconds_min", r.raw().min());
        m.put("raw_seconds_max", r.raw().max());
        m.put("raw_gbps", r.rawGBps());
        m.put("ratio_to_raw", r.ratioToRaw());
        m.put("file_bytes", r.fileBytes());
        m.put("checksum", r.checksum());
        m.put("threads", r.threads());
        m.put("repeat", r.repeat());
        m.put("warmup", r.warmup());
        m.put("warmup_settled", r.settled());
        m.put("spread", r.spread());
        m.put("raw_spread", r.rawSpread());
        m.put("verify_checksums", !noVerify);
        m.put("vector_bits", VectorApi.vectorBits());
        return m;
    }

    private void printText(PrintWriter out, ScanVersusRaw.Result r, AlbisTable scanned) {
        String runs = r.repeat() == 1 ? "1 run" : "median of " + r.repeat() + " runs";
        out.printf("table          %s%n", scanned.path());
        out.printf("rows           %,d%n", r.rows());
        out.printf("logical bytes  %,d (%.1f MB)%n", r.logicalBytes(), r.logicalBytes() / 1e6);
        out.printf("warm-up        %d run%s%s%n", r.warmup(), r.warmup() == 1 ? "" : "s",
                r.settled() ? "" : " (times had not settled: the figures below may still move)");
        out.printf("scan time      %.3f s (%s; min %.3f, max %.3f, spread %.0f%%; %d thread%s)%n", r.scan().median(), runs,
                r.scan().min(), r.scan().max(), 100 * r.spread(), r.threads(), r.threads() == 1 ? "" : "s");
        out.printf("goodput        %.3f GB/s%n", r.goodputGBps());
        out.printf("raw read       %.3f s (%s; min %.3f, max %.3f, spread %.0f%%) of %,d file bytes%n",
                r.raw().median(), runs, r.raw().min(), r.raw().max(), 100 * r.rawSpread(), r.fileBytes());
        out.printf("raw goodput    %.3f GB/s (same logical bytes over the raw read time)%n", r.rawGBps());
        out.printf("ratio to raw   %.2f%n", r.ratioToRaw());
        out.printf("checksum       %s%n", r.checksum());
        int bits = VectorApi.vectorBits();
        out.printf("sums           %s%n", bits == 0
                ? "scalar (a JVM started with --add-modules jdk.incubator.vector sums vectors, as scripts/albis does)"
                : bits + "-bit vectors of the JDK's Vector API, in the scan and the raw read");
    }
}
