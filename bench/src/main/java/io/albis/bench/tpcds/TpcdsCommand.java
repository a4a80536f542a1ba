package io.albis.bench.tpcds;

import io.albis.bench.experiment.RunInfo;
import io.albis.bench.format.spark.BenchSpark;
import io.albis.spark.catalog.AlbisSessionCatalog;
import io.albis.tpcds.TpcdsGenerator;
import io.albis.tpcds.TpcdsSeed;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code scripts/tpcds}: the queries derived from TPC-DS on every format, checked and timed. */
@Command(name = "tpcds", mixinStandardHelpOptions = true, subcommands = {EquiJoinCommand.class, StarJoinCommand.class, PushdownsCommand.class},
        header = "Runs the queries derived from TPC-DS in Spark on Albis, Parquet and ORC, checks every answer and"
                + " times them.",
        description = {
            "Generates the 24 tables (io.trino.tpcds, in-process), writes them through Spark in every format (once;"
                    + " cached under --data), then runs every query of Spark's tests jar (v1.4 and v2.7 sets) on every"
                    + " format: --warmup untimed and --repeat timed runs each, formats in rotating order.",
            "Every answer must equal Spark's golden answer (seed 100 at scale 1) or, where that cannot apply, the"
                    + " answer on Parquet; a mismatch is printed with the first differing row and the run exits 1.",
            "Writes tpcds-queries.csv, tpcds-totals.csv, tpcds-gain-cdf.png and tpcds-run.txt to --out. Results are"
                    + " derived from TPC-DS; they are not TPC-DS results."})
public final class TpcdsCommand implements Callable<Integer> {
    /** Spark's setting for the implementation of its session catalog. */
    private static final String SESSION_CATALOG = "spark.sql.catalog.spark_catalog";

    /** How Spark plans each format's tables, as the run reports it. */
    static final String PLANNING = "Albis tables read through the Albis session catalog (V2 scans); every format's"
            + " tables sized by Spark from their own statistics, none set by hand";

    @Mixin
    RunOptions options;

    @Option(names = "--scale", paramLabel = "S", defaultValue = "1", description = "TPC-DS scale (default 1).")
    double scale;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "100",
            description = "Seed base of the generator: 100 (default; Spark's golden answers hold for it at scale 1)"
                    + " or 'default' (dsdgen's own, the official row counts; answers are then checked against"
                    + " Parquet).")
    String seed;

    @Option(names = "--formats", split = ",", paramLabel = "F",
            description = "Formats, comma-separated (default all: albis, albis-used, parquet-none, parquet-snappy,"
                    + " orc-none, orc-zlib).")
    List<String> formats;

    @Option(names = "--queries", split = ",", paramLabel = "Q",
            description = "Queries, comma-separated, as Spark names them (q1, q14a, q5a-v2.7; default all).")
    List<String> queries;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "2",
            description = "Spark's local[N] and the generator's threads (default 2).")
    int threads;

    @Option(names = "--shuffle-partitions", paramLabel = "P", defaultValue = "4",
            description = "spark.sql.shuffle.partitions (default 4: a few per core at scale 1).")
    int shufflePartitions;

    @Option(names = "--plans", paramLabel = "DIR",
            description = "Also write each query's executed plan on each format (its first timed run) to"
                    + " DIR/QUERY.FORMAT.txt, to read what its joins and scans did.")
    Path plans;

    @Option(names = "--prepare-only", description = "Generate and write the tables, run nothing.")
    boolean prepareOnly;

    @Option(names = "--sorted-facts",
            description = "Write the fact tables (store_sales, catalog_sales, web_sales, their returns and inventory)"
                    + " sorted by their date key, in every format the same order: each write task's rows ascending,"
                    + " nulls first (Albis by its sortBy option, Parquet and ORC by sortWithinPartitions). Kept apart"
                    + " from the unsorted tables under --data.")
    boolean sortedFacts;

    @Override
    public Integer call() throws Exception {
        TpcdsGenerator.checkScale(scale);
        TpcdsSeed seedBase = TpcdsSeed.parse(seed);
        List<TpcdsFormat> chosenFormats = formats == null ? List.of(TpcdsFormat.values()) : TpcdsFormat.parse(formats);
        Path dataDir = options.dataDir();
        Path outDir = options.outDir();
        try (SparkTestsJar jar = SparkTestsJar.open()) {
            Map<String, StructType> schemas = jar.tableSchemas();
            List<TpcdsQuery> all = TpcdsQuery.all(jar);
            List<TpcdsQuery> chosen = queries == null ? all : choose(all, queries);
            Set<String> tables = new LinkedHashSet<>();
            chosen.forEach(q -> tables.addAll(q.tables(schemas.keySet())));
            List<String> needed = new ArrayList<>(tables);
            TpcdsData tpcds = new TpcdsData(dataDir, scale, seedBase, schemas, sortedFacts, System.out);
            System.out.printf("tpcds: %d queries on %s; scale %s, seed %s; %d tables in %s%n", chosen.size(),
                    chosenFormats, scale, seedBase, needed.size(), tpcds.dir());
            tpcds.generateText(needed, threads);
            SparkSession spark = session(threads, shufflePartitions);
            Map<String, String> layouts = tpcds.usedColumnLayouts(all);
            for (TpcdsFormat f : chosenFormats) {
                tpcds.write(spark, f, needed, f == TpcdsFormat.ALBIS_USED_COLUMNS ? layouts : null);
                tpcds.register(spark, f, needed);
            }
            if (prepareOnly) {
                return 0;
            }
            System.out.println("tpcds: " + PLANNING);
            RunInfo.write(outDir, "tpcds-run.txt", commandLine(), chosenFormats.stream().map(f -> f.label).toList(),
                    "data and queries derived from TPC-DS, scale " + scale + ", seed " + seedBase
                            + (sortedFacts ? ", fact tables sorted by their date key in every format" : "") + "; "
                            + PLANNING);
            boolean golden = seedBase.equals(TpcdsSeed.SPARK_GOLDEN) && scale == 1;
            TpcdsRun run = new TpcdsRun(spark, chosenFormats, golden, options.warmup, options.repeat, System.out,
                    plans == null ? (query, format, executed) -> {} : new PlanFiles(plans));
            List<TpcdsRun.QueryResult> results = new ArrayList<>();
            for (int i = 0; i < chosen.size(); i++) {
                results.add(run.run(chosen.get(i), i + 1, chosen.size()));
            }
            TpcdsReport report = new TpcdsReport(results, chosenFormats);
            report.write(outDir);
            report.print(System.out);
            System.out.println("tpcds: reports in " + outDir);
            if (!run.mismatches().isEmpty()) {
                System.out.printf("tpcds: %d answers differ:%n", run.mismatches().size());
                run.mismatches().forEach(m -> System.out.println("  " + m));
                return 1;
            }
            return 0;
        }
    }

    /** The queries of {@code all} that {@code names} names, in that order; an unknown name is refused. */
    static List<TpcdsQuery> choose(List<TpcdsQuery> all, List<String> names) {
        List<TpcdsQuery> chosen = new ArrayList<>();
        for (String name : names) {
            TpcdsQuery q = all.stream().filter(x -> x.name().equalsIgnoreCase(name.trim())).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no query named '" + name + "' in Spark's tests jar;"
                            + " names are like q1, q14a, q5a-v2.7"));
            chosen.add(q);
        }
        return chosen;
    }

    /**
     * The benchmark JVM's Spark session, local[threads], with this run's shuffle partitions and
     * the Albis session catalog switched on (the catalog is loaded when first asked for, so
     * setting it here is in time): Albis tables are then V2 tables that size themselves.
     */
    static SparkSession session(int threads, int shufflePartitions) {
        SparkSession spark = BenchSpark.session(threads);
        spark.conf().set("spark.sql.shuffle.partitions", Integer.toString(shufflePartitions));
        spark.conf().set(SESSION_CATALOG, AlbisSessionCatalog.class.getName());
        return spark;
    }

    private String commandLine() {
        return String.format(Locale.ROOT, "scripts/tpcds --scale %s --seed %s --warmup %d --repeat %d --threads %d"
                + " --shuffle-partitions %d%s%s%s", scale, seed, options.warmup, options.repeat, threads,
                shufflePartitions, sortedFacts ? " --sorted-facts" : "",
                formats == null ? "" : " --formats " + String.join(",", formats),
                queries == null ? "" : " --queries " + String.join(",", queries));
    }
}
