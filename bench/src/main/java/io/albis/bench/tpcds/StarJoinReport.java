package io.albis.bench.tpcds;

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
 * The reports of a star-join run: {@code star-join.csv}, one row per case and format (the columns
 * are explained in bench/README.md), and a text table of the medians, each with its ratio to the
 * reference format's (the format the answers are checked against).
 */
final class StarJoinReport {
    private static final String HEADER = "layout,keep_pct,date_filter,dates_kept,fact_rows_kept,join,format,runs,"
            + "median_s,min_s,max_s,spread,ratio_to_reference,reference,answer,answer_rows,joins,fact_scan_rows,"
            + "fact_runtime_filter,fact_scan_metrics";

    /** A case and what running it measured. */
    record Ran(StarJoinCase c, TpcdsRun.QueryResult result, long factRowsKept) {}

    private final List<Ran> runs;
    private final List<TpcdsFormat> formats;
    private final TpcdsFormat reference;
    private final FactScan.FirstRuns scans;
    private final List<TpcdsRun.Mismatch> mismatches;

    StarJoinReport(List<Ran> runs, List<TpcdsFormat> formats, FactScan.FirstRuns scans,
            List<TpcdsRun.Mismatch> mismatches) {
        this.runs = runs;
        this.formats = formats;
        this.reference = TpcdsRun.reference(formats);
        this.scans = scans;
        this.mismatches = mismatches;
    }

    void write(Path out) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(HEADER);
        for (Ran ran : runs) {
            StarJoinCase c = ran.c();
            Map<TpcdsFormat, QueryTimes> times = ran.result().times();
            for (TpcdsFormat f : formats) {
                QueryTimes t = times.get(f);
                FactScan scan = scans.of(c.name(), f);
                lines.add(String.join(",", c.layout().label(), c.percent(), c.filter().label(),
                        Integer.toString(c.dates()), Long.toString(ran.factRowsKept()), c.join().label, f.label,
                        Integer.toString(t.runs()), TpcdsReport.number(t.median()), TpcdsReport.number(t.min()),
                        TpcdsReport.number(t.max()), TpcdsReport.number(t.spread()),
                        TpcdsReport.number(t.median() / times.get(reference).median()), ran.result().checkedAgainst(),
                        answer(c, f, t), Integer.toString(ran.result().rows()), ran.result().joins().getOrDefault(f, ""),
                        scan == null ? "" : Long.toString(scan.rows()), scan == null ? "" : scan.runtimeFilter(),
                        scan == null ? "" : scan.metrics()));
            }
        }
        Files.createDirectories(out);
        Files.write(out.resolve("star-join.csv"), lines, StandardCharsets.UTF_8);
    }

    /** {@code match}, {@code differs} (from the reference's answer) or {@code failed}. */
    private String answer(StarJoinCase c, TpcdsFormat f, QueryTimes t) {
        for (TpcdsRun.Mismatch m : mismatches) {
            if (m.query().equals(c.name()) && m.format() == f) {
                return m.difference().startsWith("failed") ? "failed" : "differs";
            }
        }
        return t.runs() == 0 ? "failed" : "match";
    }

    /**
     * Prints a line per case: each format's median seconds and, in parentheses, its ratio to the
     * reference's (below 1: faster), marked {@code rf} where the fact scan got a runtime filter.
     */
    void print(PrintStream out) {
        out.printf("star-join: median seconds per format (ratio to %s's median; rf: the fact scan got a runtime"
                + " filter)%n", reference);
        StringBuilder header = new StringBuilder(String.format(Locale.ROOT, "  %-7s %6s %-11s", "layout", "keep%",
                "join"));
        formats.forEach(f -> header.append(String.format(Locale.ROOT, " %-19s", f.label)));
        out.println(header.toString().stripTrailing());
        for (Ran ran : runs) {
            StarJoinCase c = ran.c();
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-7s %6s %-11s", c.layout().label(),
                    c.percent(), c.join().label));
            double base = ran.result().times().get(reference).median();
            for (TpcdsFormat f : formats) {
                double median = ran.result().times().get(f).median();
                FactScan scan = scans.of(c.name(), f);
                boolean filtered = scan != null && !scan.runtimeFilter().equals("none");
                line.append(String.format(Locale.ROOT, " %-19s", Double.isNaN(median) ? "failed"
                        : String.format(Locale.ROOT, "%.3f (%.2f)%s", median, median / base, filtered ? " rf" : "")));
            }
            out.println(line.toString().stripTrailing());
        }
    }
}
