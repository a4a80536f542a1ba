package io.albis.bench.profile;

import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.spark.SparkLevelFormat;
import io.albis.read.ReadOptions;
import io.albis.scan.ChecksumScan;
import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;

/**
 * CPU flame graph of full scans of one format: reads the whole table again and again for a
 * while unprofiled (JIT warm-up), then for {@code --seconds} under async-profiler, and writes
 * the flame graph as HTML. Every scan's checksum must equal the first one's.
 *
 * <p>Formats are the goodput harness's {@link BenchFormat}s, found with {@link ServiceLoader}
 * by name, reading a directory the harness prepared. Without the harness, {@code --albis-table}
 * profiles {@link ChecksumScan} over any existing Albis table (format name {@code albis-binary}).
 * Run it through {@code scripts/profile}, which also passes Spark's JVM flags for peer formats.
 */
public final class ProfileMain {
    /** The format name of the {@code --albis-table} form: the binary run API of ChecksumScan. */
    public static final String ALBIS_BINARY = "albis-binary";

    static final String USAGE = """
            usage: ProfileMain FORMAT [options]
                   ProfileMain --list                 formats found on the classpath
                   ProfileMain --jvm-args FORMAT      extra JVM flags the format needs, one per line

            Profiles repeated full reads (ReadSpec.all(), 1 thread) of FORMAT and writes a CPU
            flame graph to bench/results/profiles/FORMAT.html.

            options:
              --seconds S        profile for S seconds (default 10)
              --warmup S         read unprofiled for S seconds first (default 3)
              --albis-table DIR  profile ChecksumScan over this existing Albis table; FORMAT must be
                                 albis-binary. Needs nothing from the goodput harness.
              --columns C[,C...] with --albis-table: read only these columns (default all)
              --data DIR         the directory FORMAT reads (as the harness's prepare step wrote it)
              --scale S          with neither of the above: read
                                 bench/data/store_sales-sf<S>/<dataFormat>-<codec>/ (default 1),
                                 written by the harness: scripts/bench prepare --experiment 1 --scale S
              --codec C          codec of that directory (default none)
              --write            with a harness format and --albis-table DIR: profile writes of that
                                 table in FORMAT (experiment 5's write) into a scratch directory
              --filter-at-most COLUMN:K
                                 with a harness format: read only rows whose COLUMN <= K, every
                                 column (experiment 4's read) instead of the full table
              --spark Q          for a Spark-level format (spark-albis, spark-parquet, ...): profile
                                 query Q instead of reads, as experiment 10 runs it: ingest (every
                                 column into the noop sink), sum (a sum of every column) or write
                                 (the Albis table given by --albis-table, from memory, written in
                                 FORMAT into a scratch directory); local[1]
              --event E          cpu (default; falls back to itimer when perf events are
                                 unavailable) or itimer
              --interval-us N    sampling interval in microseconds of CPU time (default 1000)
              --top N            print the N methods with the most samples of their own (default 12)
              --out FILE         the flame graph (default bench/results/profiles/FORMAT.html)
              --root DIR         where bench/ lives, for the defaults above (default .)
            """;

    private ProfileMain() {}

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs with {@code args}; returns the exit code (0 ok, 1 failure, 2 usage error). */
    static int run(String[] args, PrintStream out, PrintStream err) {
        Options o;
        try {
            o = Options.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("profile: " + e.getMessage());
            err.println();
            err.print(USAGE);
            return 2;
        }
        try {
            if (o.help) {
                out.print(USAGE);
                return 0;
            }
            if (o.list) {
                for (BenchFormat f : ServiceLoader.load(BenchFormat.class)) {
                    out.println(f.name() + "\t(reads " + f.dataFormat() + ", codecs " + f.codecs() + ")");
                }
                return 0;
            }
            if (o.jvmArgs) {
                // albis-binary needs no adapter (--albis-table), so an absent one is no error here.
                if (o.format.equals(ALBIS_BINARY) && find(o.format) == null) {
                    return 0;
                }
                for (String a : format(o.format).jvmArgs()) {
                    out.println(a);
                }
                return 0;
            }
            return profile(o, out, err);
        } catch (UsageException e) {
            err.println("profile: " + e.getMessage());
            return 2;
        } catch (IOException | RuntimeException e) {
            err.println("profile: " + e);
            e.printStackTrace(err);
            return 1;
        }
    }

    /** One full read of the table being profiled. */
    private interface Scan {
        ScanResult read() throws IOException;
    }

    private static int profile(Options o, PrintStream out, PrintStream err) throws IOException {
        Scan scan;
        String source;
        if (o.write) {
            scan = write(o, format(o.format));
            source = "writes of " + o.albisTable;
        } else if (o.spark != null) {
            scan = sparkQuery(o, format(o.format));
            source = o.spark + " " + (o.albisTable != null ? o.albisTable : o.data);
        } else if (o.albisTable != null) {
            if (!o.format.equals(ALBIS_BINARY)) {
                throw new UsageException("--albis-table profiles ChecksumScan, i.e. format " + ALBIS_BINARY
                        + "; got format " + o.format);
            }
            if (!Files.isDirectory(o.albisTable)) {
                throw new UsageException("no Albis table at " + o.albisTable);
            }
            AlbisTable table = AlbisTable.open(o.albisTable.toString());
            ReadOptions read = o.columns == null ? ReadOptions.all() : ReadOptions.all().withColumns(o.columns);
            scan = () -> ChecksumScan.scan(table, read, 1);
            source = o.albisTable.toString();
        } else {
            BenchFormat format = format(o.format);
            Path dir = o.data != null ? o.data
                    : o.root.resolve("bench/data/store_sales-sf" + o.scale).resolve(format.dataFormat() + "-" + o.codec);
            if (!Files.isDirectory(dir)) {
                throw new UsageException("no data for " + o.format + " at " + dir + "; write it with the goodput"
                        + " harness (scripts/bench prepare --experiment 1 --scale " + o.scale + "), pass --data DIR,"
                        + " or profile an Albis table with: " + ALBIS_BINARY + " --albis-table DIR");
            }
            ReadSpec spec = o.filterColumn == null ? ReadSpec.all()
                    : ReadSpec.all().withFilterAtMost(o.filterColumn, o.filterMax);
            scan = () -> format.read(dir, spec, 1);
            source = dir.toString() + (o.filterColumn == null ? "" : " where " + o.filterColumn + " <= " + o.filterMax);
        }
        Path file = o.out != null ? o.out : o.root.resolve("bench/results/profiles").resolve(o.format + ".html");
        if (file.toAbsolutePath().toString().indexOf(',') >= 0) {
            throw new UsageException("the output path must not contain a comma (async-profiler's separator): " + file);
        }
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);

        CpuProfiler profiler = CpuProfiler.load();
        out.printf(Locale.ROOT, "profile: %s on %s (async-profiler %s)%n", o.format, source, profiler.version());

        ScanResult first = scan.read();
        long warmupEnd = System.nanoTime() + (long) (o.warmupSeconds * 1e9);
        int warmupReads = 1;
        while (System.nanoTime() < warmupEnd) {
            check(first, scan.read());
            warmupReads++;
        }
        out.printf(Locale.ROOT, "profile: %d unprofiled reads; each %d rows, %d logical bytes, checksum %s%n",
                warmupReads, first.rows(), first.logicalBytes(), first.checksumHex());

        String event = profiler.start(o.event, o.intervalMicros, err);
        List<Long> nanos = new ArrayList<>();
        long end = System.nanoTime() + (long) (o.seconds * 1e9);
        do {
            long t0 = System.nanoTime();
            ScanResult r = scan.read();
            nanos.add(System.nanoTime() - t0);
            check(first, r);
        } while (System.nanoTime() < end);
        long samples = profiler.samples();
        String top = profiler.topMethods(o.top);
        String title = o.format + (o.filterColumn == null ? " full read of " : " filtered read of ") + source + " (" + first.rows() + " rows) - event " + event;
        profiler.stop(file, title);

        long median = median(nanos);
        out.printf(Locale.ROOT, "profile: %d profiled reads, median %.4f s, %.2f GB/s logical; event %s, %d samples%n",
                nanos.size(), median / 1e9, first.logicalBytes() / (double) median, event, samples);
        out.print(top);
        out.println("profile: flame graph written to " + file);
        return 0;
    }

    /**
     * A Spark-level query as experiment 10 times it, at local[1]. The data is checked once, before
     * profiling: a query's "result" is that check's totals.
     */
    private static Scan sparkQuery(Options o, BenchFormat format) throws IOException {
        if (!(format instanceof SparkLevelFormat spark)) {
            throw new UsageException("--spark needs a Spark-level format (spark-albis, spark-parquet, ...), not "
                    + o.format);
        }
        if (o.spark.equals("write")) {
            AlbisTable table = AlbisTable.open(o.albisTable.toString());
            Path scratch = scratchDirectory();
            ScanResult data = ChecksumScan.scan(table, ReadOptions.all(), 1);
            return () -> {
                spark.write(table, scratch.resolve("out"), o.codec, 1);
                return data;
            };
        }
        if (o.data == null) {
            throw new UsageException("--spark " + o.spark + " reads the copy given by --data DIR");
        }
        Path dir = o.data;
        ScanResult data = spark.read(dir, ReadSpec.all(), 1);
        return () -> {
            if (o.spark.equals("ingest")) {
                spark.ingest(dir, ReadSpec.all(), 1);
            } else {
                spark.sum(dir, 1);
            }
            return data;
        };
    }

    /**
     * Writes of the Albis table at {@code --albis-table} in the format, as experiment 5 times them,
     * each into an emptied scratch directory. The data is read once, before profiling: a write's
     * "result" is that read's totals.
     */
    private static Scan write(Options o, BenchFormat format) throws IOException {
        AlbisTable table = AlbisTable.open(o.albisTable.toString());
        Path scratch = scratchDirectory();
        // Named as the harness names a copy (data format and codec): some formats take their layout from it.
        Path dir = scratch.resolve(format.dataFormat() + "-" + o.codec);
        ScanResult data = ChecksumScan.scan(table, ReadOptions.all(), 1);
        return () -> {
            io.albis.storage.LocalStorage.INSTANCE.delete(dir.toString());
            Files.createDirectories(dir);
            format.write(table, dir, o.codec, 1);
            return data;
        };
    }

    /** A scratch directory for the profiled writes, removed when the JVM exits (a write leaves tens of MB). */
    private static Path scratchDirectory() throws IOException {
        Path scratch = Files.createTempDirectory("albis-profile-write");
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                io.albis.storage.LocalStorage.INSTANCE.delete(scratch.toString());
            } catch (IOException e) {
                System.err.println("profile: cannot remove " + scratch + ": " + e.getMessage());
            }
        }));
        return scratch;
    }

    private static void check(ScanResult expected, ScanResult got) {
        if (got.rows() != expected.rows() || got.checksum() != expected.checksum()) {
            throw new IllegalStateException("a read returned " + got.rows() + " rows, checksum " + got.checksumHex()
                    + "; the first returned " + expected.rows() + " rows, checksum " + expected.checksumHex());
        }
    }

    private static long median(List<Long> values) {
        long[] v = values.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(v);
        return v[v.length / 2];
    }

    /** The format of this name on the classpath, or null. */
    private static BenchFormat find(String name) {
        for (BenchFormat f : ServiceLoader.load(BenchFormat.class)) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        return null;
    }

    /** The format of this name on the classpath; a usage error naming the ones found if there is none. */
    static BenchFormat format(String name) {
        BenchFormat f = find(name);
        if (f != null) {
            return f;
        }
        List<String> names = new ArrayList<>();
        for (BenchFormat other : ServiceLoader.load(BenchFormat.class)) {
            names.add(other.name());
        }
        throw new UsageException("no format named " + name + " on the classpath (found " + names + "). Format"
                + " adapters come with the goodput harness; without it use: " + ALBIS_BINARY + " --albis-table DIR");
    }

    /** A mistake in the command line or its paths: exit code 2, no stack trace. */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }

    /** The parsed command line. */
    static final class Options {
        String format;
        double seconds = 10;
        double warmupSeconds = 3;
        Path albisTable;
        /** With --albis-table: the columns read, or null for all. */
        List<String> columns;
        Path data;
        String scale = "1";
        String codec = "none";
        String filterColumn;
        long filterMax;
        boolean write;
        String spark;
        String event = CpuProfiler.CPU;
        long intervalMicros = 1000;
        int top = 12;
        Path out;
        Path root = Path.of(".");
        boolean list;
        boolean jvmArgs;
        boolean help;

        static Options parse(String[] args) {
            Options o = new Options();
            List<String> positional = new ArrayList<>();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "-h", "--help" -> o.help = true;
                    case "--list" -> o.list = true;
                    case "--jvm-args" -> o.jvmArgs = true;
                    case "--seconds" -> o.seconds = positive(a, value(args, ++i, a));
                    case "--warmup" -> o.warmupSeconds = nonNegative(a, value(args, ++i, a));
                    case "--albis-table" -> o.albisTable = Path.of(value(args, ++i, a));
                    case "--columns" -> o.columns = List.of(value(args, ++i, a).split(","));
                    case "--data" -> o.data = Path.of(value(args, ++i, a));
                    case "--scale" -> {
                        o.scale = value(args, ++i, a);
                        positive(a, o.scale);
                    }
                    case "--codec" -> o.codec = value(args, ++i, a);
                    case "--write" -> o.write = true;
                    case "--filter-at-most" -> {
                        String v = value(args, ++i, a);
                        int colon = v.lastIndexOf(':');
                        if (colon <= 0) {
                            throw new IllegalArgumentException(a + " needs COLUMN:K, got " + v);
                        }
                        o.filterColumn = v.substring(0, colon);
                        try {
                            o.filterMax = Long.parseLong(v.substring(colon + 1));
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException(a + " needs a whole number K in COLUMN:K, got " + v);
                        }
                    }
                    case "--spark" -> {
                        o.spark = value(args, ++i, a);
                        if (!List.of("ingest", "sum", "write").contains(o.spark)) {
                            throw new IllegalArgumentException("--spark must be ingest, sum or write, got " + o.spark);
                        }
                    }
                    case "--event" -> {
                        o.event = value(args, ++i, a);
                        if (!o.event.equals(CpuProfiler.CPU) && !o.event.equals(CpuProfiler.ITIMER)) {
                            throw new IllegalArgumentException("--event must be cpu or itimer, got " + o.event);
                        }
                    }
                    case "--interval-us" -> o.intervalMicros = wholePositive(a, value(args, ++i, a));
                    case "--top" -> o.top = Math.toIntExact(wholePositive(a, value(args, ++i, a)));
                    case "--out" -> o.out = Path.of(value(args, ++i, a));
                    case "--root" -> o.root = Path.of(value(args, ++i, a));
                    default -> {
                        if (a.startsWith("-")) {
                            throw new IllegalArgumentException("unknown option " + a);
                        }
                        positional.add(a);
                    }
                }
            }
            if (o.help || o.list) {
                return o;
            }
            if (positional.size() != 1) {
                throw new IllegalArgumentException("expected one FORMAT, got " + positional);
            }
            o.format = positional.get(0);
            if (o.albisTable != null && o.data != null) {
                throw new IllegalArgumentException("give --albis-table or --data, not both");
            }
            if (o.write && (o.albisTable == null || o.spark != null || o.filterColumn != null)) {
                throw new IllegalArgumentException("--write writes the Albis table given by --albis-table, in a"
                        + " harness format; not with --spark or --filter-at-most");
            }
            if (o.filterColumn != null && (o.albisTable != null || o.spark != null)) {
                throw new IllegalArgumentException("--filter-at-most reads through a harness format, not with"
                        + " --albis-table or --spark");
            }
            if (o.columns != null && (o.albisTable == null || o.write || o.spark != null)) {
                throw new IllegalArgumentException("--columns projects the ChecksumScan of --albis-table, not with"
                        + " --write or --spark");
            }
            if ("write".equals(o.spark) && o.albisTable == null) {
                throw new IllegalArgumentException("--spark write writes the Albis table given by --albis-table");
            }
            return o;
        }

        private static String value(String[] args, int i, String option) {
            if (i >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            return args[i];
        }

        private static double positive(String option, String v) {
            double d = number(option, v);
            if (!(d > 0)) {
                throw new IllegalArgumentException(option + " must be positive, got " + v);
            }
            return d;
        }

        private static long wholePositive(String option, String v) {
            try {
                long n = Long.parseLong(v);
                if (n < 1) {
                    throw new NumberFormatException();
                }
                return n;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " needs a whole number of at least 1, got " + v);
            }
        }

        private static double nonNegative(String option, String v) {
            double d = number(option, v);
            if (!(d >= 0)) {
                throw new IllegalArgumentException(option + " must be 0 or more, got " + v);
            }
            return d;
        }

        private static double number(String option, String v) {
            try {
                double d = Double.parseDouble(v);
                if (Double.isInfinite(d) || Double.isNaN(d)) {
                    throw new NumberFormatException();
                }
                return d;
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " needs a number, got " + v);
            }
        }
    }
}
