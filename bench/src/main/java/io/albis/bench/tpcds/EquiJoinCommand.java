package io.albis.bench.tpcds;

import io.albis.bench.experiment.Charts;
import io.albis.bench.experiment.RunInfo;
import io.albis.bench.format.spark.BenchSpark;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code scripts/tpcds equijoin}: the Albis paper's EquiJoin (its Figure 6b) scaled to this
 * machine. Two tables of {@code <key int, payload binary>} (payloads of 1–2 KiB of random bytes),
 * joined on the key by a sort-merge join; the merged payloads and their CRC-32 written out in the
 * same format. Per format, the time of each stage: read, map (the shuffle into partitions by key),
 * sort and join, write.
 */
@Command(name = "equijoin", mixinStandardHelpOptions = true,
        header = "The Albis paper's EquiJoin in Spark: read, map, sort+join and write stages per format.",
        description = {
            "Writes two tables of <key int, payload binary (1-2 KiB)> of --rows rows each in every format (once;"
                    + " cached under --data), then per format runs four jobs --warmup untimed and --repeat timed times"
                    + " (formats in rotating order): read both tables; read and shuffle them by key; read, shuffle,"
                    + " sort and join (the merged payloads and their CRC-32 computed); and the whole join written"
                    + " out. A stage's time is the difference of the medians of two consecutive jobs.",
            "Every format's written result must have --rows rows and the same sum of checksums, or the run exits 1."
                    + " Writes equijoin.csv, equijoin.png and equijoin-run.txt to --out."})
public final class EquiJoinCommand implements Callable<Integer> {
    @Mixin
    RunOptions options;

    @Option(names = "--rows", paramLabel = "N", defaultValue = "500000",
            description = "Rows per table (default 500000: about 0.75 GB of payload per table).")
    long rows;

    @Option(names = "--formats", split = ",", paramLabel = "F",
            defaultValue = "albis,parquet-none,parquet-snappy,orc-none,orc-zlib",
            description = "Formats, comma-separated (default albis,parquet-none,parquet-snappy,orc-none,orc-zlib).")
    List<String> formats;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "2", description = "Spark's local[N] (default 2).")
    int threads;

    @Option(names = "--shuffle-partitions", paramLabel = "P", defaultValue = "8",
            description = "spark.sql.shuffle.partitions, the partitions the map stage shuffles into (default 8).")
    int shufflePartitions;

    @Override
    public Integer call() throws Exception {
        List<TpcdsFormat> chosen = TpcdsFormat.parse(formats);
        Path dataDir = options.dataDir().resolve("equijoin").resolve("rows" + rows);
        Path outDir = options.outDir();
        SparkSession spark = BenchSpark.session(threads);
        spark.conf().set("spark.sql.shuffle.partitions", Integer.toString(shufflePartitions));
        EquiJoin join = new EquiJoin(spark, dataDir, rows, System.out);
        for (TpcdsFormat f : chosen) {
            join.write(f);
        }
        RunInfo.write(outDir, "equijoin-run.txt", commandLine(), chosen.stream().map(f -> f.label).toList(),
                "synthetic <int, binary 1-2 KiB> tables of " + rows + " rows each (the Albis paper's EquiJoin)");
        Map<TpcdsFormat, Map<EquiJoin.Job, QueryTimes>> times = new LinkedHashMap<>();
        chosen.forEach(f -> times.put(f, new LinkedHashMap<>()));
        Map<TpcdsFormat, EquiJoin.Result> results = new LinkedHashMap<>();
        for (int run = 0; run < options.warmup + options.repeat; run++) {
            for (int k = 0; k < chosen.size(); k++) {
                TpcdsFormat f = chosen.get((k + run) % chosen.size());
                for (EquiJoin.Job job : EquiJoin.Job.values()) {
                    double s = join.run(f, job);
                    if (run >= options.warmup) {
                        times.get(f).computeIfAbsent(job, j -> new QueryTimes()).add(s);
                    }
                }
                results.put(f, join.result(f));
                System.out.printf(Locale.ROOT, "equijoin: %s run %d/%d done%n", f, run + 1,
                        options.warmup + options.repeat);
            }
        }
        return report(outDir, chosen, times, results);
    }

    private int report(Path outDir, List<TpcdsFormat> chosen, Map<TpcdsFormat, Map<EquiJoin.Job, QueryTimes>> times,
            Map<TpcdsFormat, EquiJoin.Result> results) throws java.io.IOException {
        List<String> csv = new ArrayList<>();
        csv.add("format,stage,seconds,job,job_median_s,job_min_s,job_max_s");
        Map<String, List<Double>> series = new LinkedHashMap<>();
        List<String> stages = new ArrayList<>();
        for (EquiJoin.Job job : EquiJoin.Job.values()) {
            stages.add(job.stage);
        }
        for (TpcdsFormat f : chosen) {
            List<Double> stageSeconds = new ArrayList<>();
            double before = 0;
            for (EquiJoin.Job job : EquiJoin.Job.values()) {
                QueryTimes t = times.get(f).get(job);
                double stage = t.median() - before;
                before = t.median();
                stageSeconds.add(stage);
                csv.add(String.format(Locale.ROOT, "%s,%s,%.4f,%s,%.4f,%.4f,%.4f", f.label, job.stage, stage,
                        job.name().toLowerCase(Locale.ROOT), t.median(), t.min(), t.max()));
            }
            series.put(f.label, stageSeconds);
            System.out.printf(Locale.ROOT, "equijoin: %-15s read %.2f s, map %.2f s, sort+join %.2f s, write %.2f s;"
                    + " %d rows, checksum sum %d%n", f, stageSeconds.get(0), stageSeconds.get(1), stageSeconds.get(2),
                    stageSeconds.get(3), results.get(f).rows(), results.get(f).checksumSum());
        }
        Files.createDirectories(outDir);
        Files.write(outDir.resolve("equijoin.csv"), csv, StandardCharsets.UTF_8);
        Charts.save(List.of(Charts.bars("EquiJoin stages (" + rows + " rows per table, local[" + threads + "])",
                "stage", "seconds (median)", stages, series)), outDir.resolve("equijoin.png"));
        for (TpcdsFormat albis : chosen.stream().filter(TpcdsFormat::isAlbis).toList()) {
            for (TpcdsFormat peer : chosen.stream().filter(f -> !f.isAlbis()).toList()) {
                System.out.printf(Locale.ROOT, "equijoin: %s is %.2fx as fast as %s reading and %.2fx writing%n", albis,
                        series.get(peer.label).get(0) / series.get(albis.label).get(0), peer,
                        series.get(peer.label).get(3) / series.get(albis.label).get(3));
            }
        }
        EquiJoin.Result first = results.get(chosen.get(0));
        boolean agree = results.values().stream().allMatch(r -> r.equals(first)) && first.rows() == rows;
        if (!agree) {
            System.out.println("equijoin: the formats' results differ (or miss rows): " + results);
            return 1;
        }
        System.out.println("equijoin: every format wrote " + rows + " rows with the same checksums; reports in " + outDir);
        return 0;
    }

    private String commandLine() {
        return String.format(Locale.ROOT, "scripts/tpcds equijoin --rows %d --formats %s --warmup %d --repeat %d"
                + " --threads %d --shuffle-partitions %d", rows, String.join(",", formats), options.warmup, options.repeat, threads,
                shufflePartitions);
    }
}
