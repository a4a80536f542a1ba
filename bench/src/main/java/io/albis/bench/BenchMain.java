package io.albis.bench;

import io.albis.bench.experiment.BenchDirs;
import io.albis.bench.experiment.Experiment;
import io.albis.bench.experiment.ExperimentRunner;
import io.albis.bench.experiment.Experiments;
import io.albis.bench.experiment.FormatSet;
import io.albis.bench.experiment.RunInfo;
import io.albis.bench.experiment.Settings;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.storage.CrailLocalCommand;
import io.albis.bench.storage.StorageBackends;
import io.albis.tpcds.TpcdsGenerator;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code scripts/bench}: the goodput harness. */
@Command(name = "bench", subcommands = {BenchMain.Prepare.class, io.albis.bench.tpcds.TpcdsCommand.class,
        StorageScanCommand.class, CrailLocalCommand.class},
        header = "Goodput of Albis next to other table formats: every value read into a checksum.",
        description = {
            "Writes each experiment's datasets in every format (once; cached under --data), reads them back in"
                    + " --forks JVMs per case with the formats interleaved, checks that every format returns the"
                    + " source's rows, logical bytes and checksum, and writes <n>-<name>.csv and .png per experiment"
                    + " to --out.",
            "Experiments: 1 store_sales read, 2 data types, 3 projectivity, 4 selectivity, 5 write, 6 storage"
                    + " cost, 7 segment size, 8 Albis per storage backend (see --storage), 9 lists and maps, 10 Spark"
                    + " SQL (local[threads]), 11 table evolution (a column added, dropped and re-grouped: seconds and"
                    + " bytes written), 12 point lookups (members and non-members, with and without bloom filters).",
            "Goodput = logical data bytes / median wall time, in GB/s. Data derived from TPC-DS; not TPC results."})
public final class BenchMain implements Callable<Integer> {

    /** Options shared by running and preparing. */
    static final class DataOptions {
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
        boolean help;

        @Option(names = "--scale", paramLabel = "S", defaultValue = "1",
                description = "TPC-DS scale of store_sales (default 1); synthetic tables scale their rows with it"
                        + " (about 100 MB of logical data each at 1).")
        double scale;

        @Option(names = "--data", paramLabel = "DIR",
                description = "Data directory for datasets and their written copies (default bench/data).")
        Path data;

        @Option(names = "--formats", split = ",", paramLabel = "NAME",
                description = "Formats to measure, comma-separated (default: all; see --list-formats).")
        List<String> formats;

        @Option(names = "--codecs", split = ",", paramLabel = "CODEC",
                description = "Codecs to measure, e.g. none,snappy,zlib (default: every codec of each format).")
        List<String> codecs;

        @Option(names = "--threads", split = ",", paramLabel = "N", defaultValue = "1,2",
                description = "Reader thread counts (default 1,2); thread t reads files or row groups t, t+N, ...")
        List<Integer> threads;

        Path dataDir() {
            return BenchDirs.dataOr(data);
        }
    }

    @Mixin
    DataOptions data;

    @Option(names = "--experiments", split = ",", paramLabel = "N", defaultValue = "all",
            description = "Experiments to run: 'all' (default) or numbers, e.g. 1,3.")
    List<String> experiments;

    @Option(names = "--forks", paramLabel = "F", defaultValue = "3",
            description = "JVMs each case is measured in (default 3).")
    int forks;

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "5",
            description = "Unmeasured reads per case in each JVM (default 5; the small datasets read in tens of"
                    + " milliseconds, so fewer leave the JIT mid-compilation).")
    int warmup;

    @Option(names = "--repeat", paramLabel = "R", defaultValue = "5",
            description = "Measured reads per case in each JVM (default 5).")
    int repeat;

    @Option(names = "--out", paramLabel = "DIR", description = "Where CSV files and charts go (default bench/results).")
    Path out;

    @Option(names = "--in-process", description = "Measure in this JVM, no forks (for tests; timings less reliable).")
    boolean inProcess;

    @Option(names = "--fork-timeout", paramLabel = "MINUTES", defaultValue = "60",
            description = "A fork running longer is killed and the run fails (default 60).")
    int forkTimeout;

    @Option(names = "--list-formats", description = "List the formats found, with data format and codecs, and exit.")
    boolean listFormats;

    @Option(names = "--storage", split = ",", paramLabel = "WHERE", defaultValue = "local",
            description = {"Storage backends experiment 8 and 'scan' read Albis from: 'local' (default), 'hdfs-local'"
                    + " (an HDFS the harness starts in its own JVM on 127.0.0.1; the tables are copied into it) and"
                    + " 'crail-local' (likewise a Crail namenode and TCP datanode)."})
    List<String> storage;

    @Override
    public Integer call() throws Exception {
        if (listFormats) {
            for (BenchFormat f : FormatSet.load(null).selected()) {
                System.out.printf("%-16s data %-10s codecs %s%n", f.name(), f.dataFormat(), String.join(",", f.codecs()));
            }
            return 0;
        }
        TpcdsGenerator.checkScale(data.scale);
        Path outDir = BenchDirs.resultsOr(out, "bench/results");
        Settings settings = new Settings(data.scale, forks, warmup, repeat, data.threads, data.formats, data.codecs,
                data.dataDir(), outDir, inProcess, forkTimeout);
        List<Experiment> chosen = Experiments.parse(experiments);
        FormatSet formats = FormatSet.load(settings.formats());
        if (inProcess && !formats.needingJvmArgs().isEmpty()) {
            System.out.println("bench: in-process run leaves out " + String.join(", ", formats.needingJvmArgs())
                    + " (they need JVM flags of their own, so they run only in forks)");
            formats = formats.withoutFormatsNeedingJvmArgs();
        }
        List<String> names = formats.selected().stream().map(BenchFormat::name).toList();
        System.out.println("bench: " + RunInfo.machine());
        System.out.println("bench: formats " + String.join(", ", names) + "; data in " + settings.data());
        RunInfo.write(outDir, commandLine(settings, chosen, storage), names);
        try (StorageBackends backends = StorageBackends.start(storage, StorageBackends.CRAIL_BYTES)) {
            if (!backends.started().isEmpty()) {
                System.out.println("bench: storage backends " + backends.started());
            }
            ExperimentRunner runner = new ExperimentRunner(settings, formats, System.out);
            for (Experiment e : chosen) {
                runner.run(e);
            }
        }
        System.out.println();
        System.out.println("bench: results in " + outDir);
        return 0;
    }

    private static String commandLine(Settings s, List<Experiment> chosen, List<String> storage) {
        return "scripts/bench --experiments " + String.join(",", chosen.stream().map(e -> Integer.toString(e.number()))
                .toList()) + " --scale " + s.scale() + " --forks " + s.forks() + " --warmup " + s.warmup() + " --repeat "
                + s.repeat() + " --threads " + String.join(",", s.threads().stream().map(String::valueOf).toList())
                + (s.formats() == null ? "" : " --formats " + String.join(",", s.formats()))
                + (s.codecs() == null ? "" : " --codecs " + String.join(",", s.codecs()))
                + (storage.equals(List.of("local")) ? "" : " --storage " + String.join(",", storage))
                + (s.inProcess() ? " --in-process" : "");
    }

    /** {@code bench prepare}: writes the datasets an experiment reads, and nothing else. */
    @Command(name = "prepare",
            header = "Write the datasets of experiments in every format, without measuring (for profiling).",
            description = "Prints the directories written, one per line.")
    static final class Prepare implements Callable<Integer> {
        @Mixin
        DataOptions data;

        @Option(names = "--experiment", split = ",", paramLabel = "N", required = true,
                description = "Experiments whose data to write: numbers, or 'all'.")
        List<String> experiments;

        @Override
        public Integer call() throws Exception {
            TpcdsGenerator.checkScale(data.scale);
            Settings settings = new Settings(data.scale, 1, 0, 1, data.threads, data.formats, data.codecs,
                    data.dataDir(), BenchDirs.resultsOr(null, "bench/results"), true, 1);
            ExperimentRunner runner = new ExperimentRunner(settings, FormatSet.load(settings.formats()), System.out);
            for (Experiment e : Experiments.parse(experiments)) {
                for (Path dir : runner.prepare(e)) {
                    System.out.println(dir);
                }
            }
            return 0;
        }
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit status. */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    /** The command line with its error handling (tests redirect its error output). */
    public static CommandLine commandLine() {
        // Charts are drawn off-screen.
        System.setProperty("java.awt.headless", "true");
        CommandLine cl = new CommandLine(new BenchMain());
        cl.setCaseInsensitiveEnumValuesAllowed(true); // choices are written in lower case, as the help shows them
        cl.setExecutionExceptionHandler((e, line, parsed) -> {
            line.getErr().println("bench: " + message(e));
            if (!(e instanceof IllegalArgumentException || e instanceof IllegalStateException
                    || e instanceof java.io.IOException || e instanceof io.albis.bench.experiment.DisagreementException)) {
                e.printStackTrace(line.getErr());
            }
            line.getErr().flush();
            return 1;
        });
        return cl;
    }

    private static String message(Throwable e) {
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }
}
