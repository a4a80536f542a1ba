package io.albis.bench.tpcds;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;

/**
 * Runs queries on every format: per query, {@code warmup} untimed then {@code repeat} timed runs
 * on each format, the formats in a rotating order from run to run so that drift of the machine
 * falls on all alike. Every run's answer is checked: against Spark's golden answer when the data
 * can reproduce it (seed 100, scale 1, a golden answer kept), else against the answer on the
 * reference format (the first Parquet format run, else the first format). A query's time is from
 * {@code spark.sql} to the last row rendered, parsing and planning included.
 */
final class TpcdsRun {
    /** A query's answer differing from the one it is checked against. */
    record Mismatch(String query, TpcdsFormat format, String against, String difference) {
        @Override
        public String toString() {
            return query + " on " + format + " differs from " + against + ": " + difference;
        }
    }

    /**
     * The measurements of one query: times per format; per format whose scans Spark's metrics time,
     * the scan share of each timed run ({@link ScanTime} over the cores' time of the run); per
     * format the joins and the scan operators its first timed run executed ({@link JoinStrategies},
     * {@link ScanOperators}); rows; and what the answers were checked against.
     */
    record QueryResult(TpcdsQuery query, Map<TpcdsFormat, QueryTimes> times, Map<TpcdsFormat, QueryTimes> scanShares,
            Map<TpcdsFormat, String> joins, Map<TpcdsFormat, String> scans, int rows, String checkedAgainst) {}

    /** Shown the executed plan of every timed run, e.g. to read what its scans did. */
    interface TimedPlans {
        void timed(TpcdsQuery query, TpcdsFormat format, SparkPlan executed);
    }

    private final SparkSession spark;
    private final List<TpcdsFormat> formats;
    private final boolean goldenApplies;
    private final int warmup;
    private final int repeat;
    private final PrintStream progress;
    private final int cores;
    private final TimedPlans timedPlans;
    private final List<Mismatch> mismatches = new ArrayList<>();

    TpcdsRun(SparkSession spark, List<TpcdsFormat> formats, boolean goldenApplies, int warmup, int repeat,
            PrintStream progress) {
        this(spark, formats, goldenApplies, warmup, repeat, progress, (query, format, executed) -> {});
    }

    TpcdsRun(SparkSession spark, List<TpcdsFormat> formats, boolean goldenApplies, int warmup, int repeat,
            PrintStream progress, TimedPlans timedPlans) {
        if (repeat < 1 || warmup < 0) {
            throw new IllegalArgumentException("repeat must be at least 1 and warmup at least 0");
        }
        this.spark = spark;
        this.formats = formats;
        this.goldenApplies = goldenApplies;
        this.warmup = warmup;
        this.repeat = repeat;
        this.progress = progress;
        this.cores = spark.sparkContext().defaultParallelism();
        this.timedPlans = timedPlans;
    }

    /** The format whose answers the others' are checked against: the first Parquet format, else the first. */
    static TpcdsFormat reference(List<TpcdsFormat> formats) {
        return formats.stream().filter(f -> f.source.equals("parquet")).findFirst().orElse(formats.get(0));
    }

    List<Mismatch> mismatches() {
        return mismatches;
    }

    /** Runs {@code query}, the {@code index}-th (from 1) of {@code count}, and prints one progress line. */
    QueryResult run(TpcdsQuery query, int index, int count) {
        Map<TpcdsFormat, QueryTimes> times = new LinkedHashMap<>();
        formats.forEach(f -> times.put(f, new QueryTimes()));
        TpcdsFormat reference = reference(formats);
        boolean golden = goldenApplies && query.golden() != null;
        String against = golden ? "Spark's golden answer" : "the answer on " + reference;
        List<Map.Entry<TpcdsFormat, QueryAnswer>> answers = new ArrayList<>();
        Map<TpcdsFormat, String> errors = new LinkedHashMap<>();
        Map<TpcdsFormat, QueryTimes> scanShares = new LinkedHashMap<>();
        Map<TpcdsFormat, String> joins = new LinkedHashMap<>();
        Map<TpcdsFormat, String> scans = new LinkedHashMap<>();
        for (int run = 0; run < warmup + repeat; run++) {
            for (int k = 0; k < formats.size(); k++) {
                TpcdsFormat f = formats.get((k + run) % formats.size());
                if (errors.containsKey(f)) {
                    continue;
                }
                spark.catalog().setCurrentDatabase(f.database());
                long start = System.nanoTime();
                QueryAnswer answer;
                Dataset<Row> result;
                try {
                    result = spark.sql(query.sql());
                    answer = QueryAnswer.of(result);
                } catch (RuntimeException e) {
                    String message = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
                    errors.put(f, e.getClass().getSimpleName() + ": " + message);
                    mismatches.add(new Mismatch(query.name(), f, against, "failed: " + errors.get(f)));
                    continue;
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                if (run >= warmup) {
                    times.get(f).add(seconds);
                    SparkPlan executed = result.queryExecution().executedPlan();
                    timedPlans.timed(query, f, executed);
                    joins.computeIfAbsent(f, x -> JoinStrategies.of(executed));
                    scans.computeIfAbsent(f, x -> ScanOperators.of(executed));
                    long scan = ScanTime.millis(executed);
                    if (scan >= 0) {
                        scanShares.computeIfAbsent(f, x -> new QueryTimes()).add(scan / 1000.0 / (seconds * cores));
                    }
                }
                answers.add(Map.entry(f, answer));
            }
        }
        String wantSchema = golden ? query.golden().schema() : null;
        String wantOutput = golden ? query.golden().output() : null;
        List<String> failed = new ArrayList<>(errors.keySet().stream().map(f -> f.label).toList());
        if (!golden) {
            QueryAnswer want = answers.stream().filter(a -> a.getKey() == reference).findFirst()
                    .map(Map.Entry::getValue).orElse(null);
            if (want == null) {
                answers.clear(); // nothing to check against: the reference failed, which is reported
            } else {
                wantSchema = want.schema();
                wantOutput = want.output();
            }
        }
        for (Map.Entry<TpcdsFormat, QueryAnswer> a : answers) {
            String difference = a.getValue().difference(wantSchema, wantOutput);
            if (difference != null && !failed.contains(a.getKey().label)) {
                failed.add(a.getKey().label);
                mismatches.add(new Mismatch(query.name(), a.getKey(), against, difference));
            }
        }
        int rows = answers.isEmpty() ? -1 : answers.get(0).getValue().rows();
        StringBuilder line = new StringBuilder(String.format("tpcds: %s (%d/%d):", query.name(), index, count));
        for (Map.Entry<TpcdsFormat, QueryTimes> e : times.entrySet()) {
            line.append(e.getValue().runs() == 0 ? " " + e.getKey() + " failed"
                    : String.format(" %s %.2f s", e.getKey(), e.getValue().median()));
        }
        line.append(String.format("; %d rows; %s", rows, failed.isEmpty() ? "matches " + against
                : "MISMATCH on " + String.join(", ", failed) + " against " + against));
        if (joins.values().stream().distinct().count() > 1) {
            line.append("; joins differ: ").append(joins);
        }
        progress.println(line);
        return new QueryResult(query, times, scanShares, joins, scans, rows, golden ? "golden" : reference.label);
    }
}
