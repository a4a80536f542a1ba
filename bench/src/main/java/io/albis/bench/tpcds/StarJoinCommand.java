package io.albis.bench.tpcds;

import io.albis.bench.experiment.RunInfo;
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
 * {@code scripts/tpcds star-join}: a fact table joined with a date dimension whose filter keeps a
 * share of the dates, after the Databricks study of join filters pushed into the Parquet scan: the
 * case where a scan that hands Spark fewer rows makes a whole query faster. Every case (fact layout
 * x share kept x join) runs on every format through {@link TpcdsRun}, timed, its answer checked
 * against the answer on Parquet, its join checked to be the one the case names.
 *
 * <p>What keeps the comparison fair: every format holds the same rows in the same order
 * ({@link StarJoinTables}: the sorted layout is made by sorting the rows before each format's write,
 * not by any format's own option), is declared in the session catalog as a user declares it and
 * is read with Spark's defaults (adaptive execution and dynamic partition pruning on), so each
 * format gets what Spark gives it: an Albis table is read by its V2 scan, which Spark may hand a
 * runtime filter; Parquet and ORC by Spark's V1 file scans, which take one only on partition
 * columns, which the fact table does not have. The filter keeps by default a random set of dates
 * ({@link DateFilter#SCATTERED}): in the random layout every row group holds every date whichever
 * dates are kept; in the sorted layout the kept dates lie scattered over the table, so a scan must
 * test its segments against the set of kept keys, not merely against their overall minimum and
 * maximum. {@code --date-filter range} keeps consecutive dates instead, as a query's date range
 * does, the best case for skipping by minimum and maximum in the sorted layout. ORC is written
 * with zlib, as the TPC-DS runs write it (Spark's default codec for ORC is zstd).
 */
@Command(name = "star-join", mixinStandardHelpOptions = true,
        header = "A fact table joined with a filtered date dimension in Spark: Albis against Parquet and ORC.",
        description = {
            "Writes a fact table of --rows rows (date, item, customer and store keys, ticket number, quantity, price,"
                    + " discount, net paid: 52 bytes of values a row) in random order and sorted by date, and a date"
                    + " dimension of 2000 dates, in every format (once; cached under --data), and declares them in"
                    + " each format's database.",
            "Then runs, for each layout, each share in --keep and each join (broadcast: Spark's choice; sort-merge:"
                    + " asked for by a hint), SELECT d_year, COUNT(*), SUM(quantity), SUM(price) of the fact rows"
                    + " whose date the dimension's filter keeps, grouped by year: --warmup untimed and --repeat timed"
                    + " runs per format, formats in rotating order.",
            "Every answer must equal the answer on Parquet and every plan must run the case's join, or the run"
                    + " exits 1. Writes star-join.csv and star-join-run.txt to --out."})
public final class StarJoinCommand implements Callable<Integer> {
    @Mixin
    RunOptions options;

    @Option(names = "--rows", paramLabel = "N", defaultValue = "10000000",
            description = "Fact rows (default 10000000: about 520 MB of values).")
    long rows;

    @Option(names = "--formats", split = ",", paramLabel = "F", defaultValue = "albis,parquet-snappy,orc-zlib",
            description = "Formats, comma-separated (default albis,parquet-snappy,orc-zlib; albis-used keeps the"
                    + " columns the query reads in a column group apart).")
    List<String> formats;

    @Option(names = "--keep", split = ",", paramLabel = "PCT", defaultValue = "0.1,1,10,50,100",
            description = "Shares of the dates the filter keeps, in percent (default 0.1,1,10,50,100; multiples of"
                    + " 0.05).")
    List<Double> keep;

    @Option(names = "--date-filter", paramLabel = "KIND", defaultValue = "scattered",
            description = "Which dates the filter keeps: scattered (default; a random set) or range (consecutive"
                    + " dates).")
    String dateFilter;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the fact values and of the dates a scattered filter keeps (default 1).")
    long seed;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "2", description = "Spark's local[N] (default 2).")
    int threads;

    @Option(names = "--shuffle-partitions", paramLabel = "P", defaultValue = "4",
            description = "spark.sql.shuffle.partitions (default 4).")
    int shufflePartitions;

    @Option(names = "--prepare-only", description = "Write and declare the tables, run nothing.")
    boolean prepareOnly;

    @Override
    public Integer call() throws Exception {
        List<TpcdsFormat> chosen = TpcdsFormat.parse(formats);
        DateFilter filter = DateFilter.parse(dateFilter);
        keep.forEach(StarJoinCase::dates);
        SparkSession spark = TpcdsCommand.session(threads, shufflePartitions);
        StarJoinTables tables = new StarJoinTables(options.dataDir(), rows, seed, System.out);
        for (TpcdsFormat f : chosen) {
            tables.write(spark, f);
            tables.declare(spark, f);
        }
        if (prepareOnly) {
            return 0;
        }
        Path outDir = options.outDir();
        RunInfo.write(outDir, "star-join-run.txt", commandLine(), chosen.stream().map(f -> f.label).toList(),
                String.format(Locale.ROOT, "synthetic star schema: a fact table of %d rows (random and sorted by date)"
                        + " and a date dimension of %d dates, seed %d; %s", rows, StarJoinTables.DATES, seed,
                        TpcdsCommand.PLANNING));
        Map<Double, Long> factRowsKept = new LinkedHashMap<>();
        for (double k : keep) {
            int dates = StarJoinCase.dates(k);
            long n = tables.factRowsKept(spark, TpcdsRun.reference(chosen), filter, dates);
            factRowsKept.put(k, n);
            System.out.printf(Locale.ROOT, "star-join: the %s filter keeps %d of %d dates (%s%%): %,d of %,d fact rows"
                    + " (%.3f%%)%n", filter.label(), dates, StarJoinTables.DATES, StarJoinCase.percent(k), n, rows, 100.0 * n / rows);
        }
        List<StarJoinCase> cases = new ArrayList<>();
        for (StarJoinTables.Layout layout : StarJoinTables.Layout.values()) {
            for (double k : keep) {
                for (StarJoinCase.Join join : StarJoinCase.Join.values()) {
                    cases.add(new StarJoinCase(layout, k, filter, join));
                }
            }
        }
        FactScan.FirstRuns scans = new FactScan.FirstRuns();
        TpcdsRun run = new TpcdsRun(spark, chosen, false, options.warmup, options.repeat, System.out, scans);
        List<StarJoinReport.Ran> ran = new ArrayList<>();
        List<String> otherJoins = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            StarJoinCase c = cases.get(i);
            TpcdsRun.QueryResult result = run.run(c.query(), i + 1, cases.size());
            ran.add(new StarJoinReport.Ran(c, result, factRowsKept.get(c.keepPercent())));
            StringBuilder line = new StringBuilder("star-join: fact scans:");
            for (TpcdsFormat f : chosen) {
                FactScan scan = scans.of(c.name(), f);
                if (scan != null) {
                    line.append(String.format(Locale.ROOT, " %s %,d rows, runtime filter %s%s;", f, scan.rows(),
                            scan.runtimeFilter(), scan.metrics().isEmpty() ? "" : ", " + scan.metrics()));
                }
                String joins = result.joins().get(f);
                if (joins != null && !joins.equals(c.expectedJoins())) {
                    otherJoins.add(c.name() + " on " + f + " ran " + joins + ", not " + c.expectedJoins());
                }
            }
            System.out.println(line.substring(0, line.length() - 1));
        }
        StarJoinReport report = new StarJoinReport(ran, chosen, scans, run.mismatches());
        report.write(outDir);
        report.print(System.out);
        System.out.println("star-join: reports in " + outDir);
        if (!run.mismatches().isEmpty() || !otherJoins.isEmpty()) {
            System.out.printf("star-join: %d answers differ, %d plans ran another join:%n", run.mismatches().size(),
                    otherJoins.size());
            run.mismatches().forEach(m -> System.out.println("  " + m));
            otherJoins.forEach(j -> System.out.println("  " + j));
            return 1;
        }
        return 0;
    }

    private String commandLine() {
        return String.format(Locale.ROOT, "scripts/tpcds star-join --rows %d --formats %s --keep %s --date-filter %s"
                + " --seed %d --warmup %d --repeat %d --threads %d --shuffle-partitions %d", rows,
                String.join(",", formats), String.join(",", keep.stream().map(StarJoinCase::percent).toList()), dateFilter,
                seed, options.warmup, options.repeat, threads, shufflePartitions);
    }
}
