package io.albis.bench.tpcds;

import io.albis.bench.experiment.Charts;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The reports of a run: {@code tpcds-queries.csv} (per query and format: median, fastest and
 * slowest run, spread, the median scan share where Spark's metrics time the scans, rows, what the
 * answer was checked against, the joins and the scan operators the plan ran), {@code tpcds-totals.csv} (per
 * format the total of the per-query medians, over the queries every format answered), and
 * {@code tpcds-gain-cdf.png}, the distribution of the per-query gain of each Albis format over
 * Parquet and ORC (the Albis paper's Figure 6c).
 */
final class TpcdsReport {
    private final List<TpcdsRun.QueryResult> results;
    private final List<TpcdsFormat> formats;

    TpcdsReport(List<TpcdsRun.QueryResult> results, List<TpcdsFormat> formats) {
        this.results = results;
        this.formats = formats;
    }

    void write(Path out) throws IOException {
        Files.createDirectories(out);
        List<String> lines = new ArrayList<>();
        lines.add("query,format,runs,median_s,min_s,max_s,spread,scan_share,rows,checked_against,joins,scans");
        for (TpcdsRun.QueryResult r : results) {
            for (Map.Entry<TpcdsFormat, QueryTimes> e : r.times().entrySet()) {
                QueryTimes t = e.getValue();
                lines.add(String.join(",", r.query().name(), e.getKey().label, Integer.toString(t.runs()),
                        number(t.runs() == 0 ? Double.NaN : t.median()), number(t.runs() == 0 ? Double.NaN : t.min()),
                        number(t.runs() == 0 ? Double.NaN : t.max()), number(t.runs() == 0 ? Double.NaN : t.spread()),
                        number(r.scanShares().containsKey(e.getKey()) ? r.scanShares().get(e.getKey()).median()
                                : Double.NaN), Integer.toString(r.rows()), r.checkedAgainst(),
                        r.joins().getOrDefault(e.getKey(), ""), r.scans().getOrDefault(e.getKey(), "")));
            }
        }
        Files.write(out.resolve("tpcds-queries.csv"), lines, StandardCharsets.UTF_8);
        List<String> totals = new ArrayList<>();
        totals.add("format,queries,total_median_s,ratio_to_" + TpcdsFormat.BASELINE.label);
        double baseline = formats.contains(TpcdsFormat.BASELINE) ? total(TpcdsFormat.BASELINE) : Double.NaN;
        for (TpcdsFormat f : formats) {
            totals.add(String.join(",", f.label, Integer.toString(complete().size()), number(total(f)),
                    number(total(f) / baseline)));
        }
        Files.write(out.resolve("tpcds-totals.csv"), totals, StandardCharsets.UTF_8);
        List<Charts.Line> cdf = new ArrayList<>();
        for (TpcdsFormat albis : formats.stream().filter(TpcdsFormat::isAlbis).toList()) {
            for (TpcdsFormat peer : formats.stream().filter(f -> !f.isAlbis()).toList()) {
                cdf.add(gainCdf(albis, peer));
            }
        }
        if (!cdf.isEmpty()) {
            Charts.save(List.of(Charts.lines("Per-query gain (peer time / Albis time), queries derived from TPC-DS",
                    "gain over the peer (> 1: Albis faster)", "fraction of queries", cdf, false)),
                    out.resolve("tpcds-gain-cdf.png"));
        }
    }

    /** Prints the totals and, per Albis format, how it compares with each peer. */
    void print(PrintStream out) {
        List<TpcdsRun.QueryResult> complete = complete();
        out.printf("tpcds: totals over the %d queries every format answered%n", complete.size());
        for (TpcdsFormat f : formats) {
            out.printf(Locale.ROOT, "  %-15s %8.2f s%n", f.label, total(f));
        }
        for (TpcdsFormat albis : formats.stream().filter(TpcdsFormat::isAlbis).toList()) {
            for (TpcdsFormat peer : formats.stream().filter(f -> !f.isAlbis()).toList()) {
                int slower = 0;
                int beyondSpread = 0;
                for (TpcdsRun.QueryResult r : complete) {
                    QueryTimes a = r.times().get(albis);
                    QueryTimes p = r.times().get(peer);
                    if (a.median() > 1.05 * p.median()) {
                        slower++;
                        if (a.min() > 1.05 * p.max()) {
                            beyondSpread++;
                        }
                    }
                }
                List<String> otherJoins = complete.stream()
                        .filter(r -> !r.joins().get(albis).equals(r.joins().get(peer))).map(r -> r.query().name())
                        .toList();
                out.printf(Locale.ROOT, "  %s / %s: total %.3f; %d queries more than 5%% slower by median, %d of them"
                        + " beyond the spread (fastest %s run slower than 1.05 x the slowest %s run); the same joins on"
                        + " %d of %d queries%s%n", albis, peer, total(albis) / total(peer), slower, beyondSpread, albis,
                        peer, complete.size() - otherJoins.size(), complete.size(),
                        otherJoins.isEmpty() ? "" : ", other joins on " + String.join(" ", otherJoins));
            }
        }
    }

    private Charts.Line gainCdf(TpcdsFormat albis, TpcdsFormat peer) {
        List<Double> gains = new ArrayList<>();
        for (TpcdsRun.QueryResult r : complete()) {
            gains.add(r.times().get(peer).median() / r.times().get(albis).median());
        }
        gains.sort(null);
        // Each query at its plotting position (i - 0.5) / n, the line closed at 0 and 1. (Fractions
        // spaced evenly would make the chart library label every one of them on the axis.)
        int n = gains.size();
        List<Double> x = new ArrayList<>(List.of(gains.get(0)));
        List<Double> y = new ArrayList<>(List.of(0.0));
        for (int i = 1; i <= n; i++) {
            x.add(gains.get(i - 1));
            y.add((i - 0.5) / n);
        }
        x.add(gains.get(n - 1));
        y.add(1.0);
        return new Charts.Line(albis + " vs " + peer, x, y);
    }

    /** The sum of the per-query medians of {@code f} over {@link #complete()}. */
    private double total(TpcdsFormat f) {
        return complete().stream().mapToDouble(r -> r.times().get(f).median()).sum();
    }

    /** The queries every format ran (a failed run leaves a format without times). */
    private List<TpcdsRun.QueryResult> complete() {
        return results.stream().filter(r -> formats.stream().allMatch(f -> r.times().get(f).runs() > 0)).toList();
    }

    /** {@code v} in a CSV file: four decimals, empty for NaN. */
    static String number(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.4f", v);
    }
}
