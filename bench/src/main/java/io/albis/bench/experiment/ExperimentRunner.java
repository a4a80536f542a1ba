package io.albis.bench.experiment;

import io.albis.bench.format.PartFiles;
import io.albis.bench.format.ScanResults;
import io.albis.bench.dataset.DataDirectory;
import io.albis.bench.dataset.DataStore;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.albis.AlbisDataFormat;
import io.albis.scan.ChecksumScan;
import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs experiments: writes the data they need (once, cached), measures every case in
 * {@code --forks} JVMs with formats interleaved (round 1 of every format, then round 2, ...),
 * checks every result against ChecksumScan over the source table, computes ratios within the
 * run, and writes a CSV file and a PNG chart per experiment.
 */
public final class ExperimentRunner {
    private final Settings settings;
    private final FormatSet formats;
    private final DataStore store;
    private final PrintStream out;
    /** ChecksumScan over a source table, per dataset and spec. */
    private final Map<String, ScanResult> references = new HashMap<>();

    public ExperimentRunner(Settings settings, FormatSet formats, PrintStream out) {
        this.settings = settings;
        this.formats = formats;
        this.store = new DataStore(settings.data());
        this.out = out;
    }

    /**
     * Only writes the data the experiment needs; returns the copies it reads and the source tables
     * it writes from.
     */
    public List<Path> prepare(Experiment e) throws IOException {
        List<Case> cases = e.cases(new Context(settings, formats));
        Map<Integer, Path> dirs = prepare(cases);
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            Path dir = c.kind() == Kind.WRITE ? store.sourceDir(c.dataset()) : dirs.get(i);
            if (!out.contains(dir)) {
                out.add(dir);
            }
        }
        return out;
    }

    /** Runs the experiment and returns its results; fails when any format disagrees with the source. */
    public List<CaseResult> run(Experiment e) throws IOException {
        List<Case> cases = e.cases(new Context(settings, formats));
        if (cases.isEmpty()) {
            out.println("== " + e.number() + ". " + e.title() + " == no selected format applies; skipped");
            return List.of();
        }
        boolean timed = cases.stream().anyMatch(c -> c.kind() != Kind.SIZE);
        out.printf(Locale.ROOT, "%n-- experiment %d (%s): %d cases%s%n", e.number(), e.name(), cases.size(),
                !timed ? "" : String.format(Locale.ROOT, ", each in %d %s with %d warm-up + %d measured repetitions",
                        settings.forks(), settings.inProcess() ? "in-process rounds" : settings.forks() == 1 ? "fork" : "forks",
                        settings.warmup(), settings.repeat()));
        Map<Integer, Path> dirs = prepare(cases);
        Map<Integer, Merged> measured = measure(e, cases, dirs);
        List<CaseResult> results = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            results.add(result(cases.get(i), dirs.get(i), measured.get(i)));
        }
        results = withRatios(results);
        Files.createDirectories(settings.out());
        CsvReport.write(settings.out().resolve(e.fileStem() + ".csv"), results);
        e.chart(results, settings.out().resolve(e.fileStem() + ".png"));
        ResultTable.print(out, e, results);
        failOnMismatch(e, results);
        return results;
    }

    // ------------------------------------------------------------------ data

    private Map<Integer, Path> prepare(List<Case> cases) throws IOException {
        Map<Integer, Path> dirs = new LinkedHashMap<>();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            BenchFormat writer = formats.writerFor(c.dataFormat());
            Path dir = switch (c.kind()) {
                case READ, SIZE, SPARK_INGEST, SPARK_SUM, ADD_COLUMN, DROP_COLUMN, REGROUP ->
                        store.copy(c.dataset(), writer, c.codec(), c.variant());
                case WRITE -> {
                    store.source(c.dataset());
                    yield store.scratchDir(c.dataset()).resolve(DataDirectory.name(c.dataFormat(), c.codec(), c.variant()));
                }
            };
            dirs.put(i, dir);
        }
        return dirs;
    }

    private ScanResult reference(Case c) throws IOException {
        // A Spark ingest reads the columns its case names (experiment 9 ingests one at a time).
        ReadSpec spec = c.kind() == Kind.READ || c.kind() == Kind.SPARK_INGEST || c.kind().change() ? c.spec()
                : ReadSpec.all();
        String key = c.dataset().key() + "|" + spec;
        ScanResult r = references.get(key);
        if (r == null) {
            AlbisTable source = store.source(c.dataset());
            r = ChecksumScan.scan(source, AlbisDataFormat.options(spec), 1);
            references.put(key, r);
        }
        return r;
    }

    // ------------------------------------------------------------------ measuring

    /** A case's outcomes over all forks. */
    private record Merged(Outcome first, List<Long> nanos, int forks) {}

    private Map<Integer, Merged> measure(Experiment e, List<Case> cases, Map<Integer, Path> dirs) throws IOException {
        Map<String, List<Task>> byFormat = new LinkedHashMap<>();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            if (c.kind() == Kind.SIZE) {
                continue;
            }
            Path dir = dirs.get(i);
            String source = null;
            if (c.kind() == Kind.WRITE) {
                source = store.sourceDir(c.dataset()).toString();
            } else if (c.kind().change()) {
                // The change starts from the copy and leaves the changed table in a directory named as the copy is.
                source = dir.toString();
                dir = store.scratchDir(c.dataset()).resolve("changed-" + c.format()).resolve(dir.getFileName());
            }
            byFormat.computeIfAbsent(c.format(), k -> new ArrayList<>()).add(new Task(i, c.kind(), c.format(),
                    dir.toString(), source, c.codec(), c.spec(), c.threads(), settings.warmup(), settings.repeat()));
        }
        Map<Integer, Merged> merged = new HashMap<>();
        if (byFormat.isEmpty()) {
            return merged; // nothing timed (storage sizes)
        }
        try (Measurer m = settings.inProcess() ? new InProcessMeasurer() : new ForkMeasurer(settings.forkTimeoutMinutes())) {
            for (int round = 0; round < settings.forks(); round++) {
                for (Map.Entry<String, List<Task>> f : byFormat.entrySet()) {
                    List<Task> tasks = f.getValue();
                    // Each round starts at another task, so no task always runs first (or last) in its JVM.
                    List<Task> order = rotate(tasks, round * tasks.size() / settings.forks());
                    String label = "experiment " + e.number() + " round " + (round + 1) + "/" + settings.forks();
                    long start = System.nanoTime();
                    List<Outcome> outcomes = m.run(formats.get(f.getKey()), order, label);
                    out.printf(Locale.ROOT, "   %s %-16s %3d %s %7.1f s%n", label, f.getKey(), tasks.size(),
                            tasks.size() == 1 ? "case " : "cases", (System.nanoTime() - start) / 1e9);
                    for (Outcome o : outcomes) {
                        merge(merged, cases.get(o.id()), o);
                    }
                }
            }
        }
        return merged;
    }

    private static List<Task> rotate(List<Task> tasks, int by) {
        List<Task> out = new ArrayList<>(tasks.subList(by, tasks.size()));
        out.addAll(tasks.subList(0, by));
        return out;
    }

    private static void merge(Map<Integer, Merged> merged, Case c, Outcome o) throws IOException {
        Merged m = merged.get(o.id());
        if (m == null) {
            merged.put(o.id(), new Merged(o, new ArrayList<>(o.nanos()), 1));
            return;
        }
        if (!ScanResults.sameData(m.first().data(), o.data())) {
            throw new IOException(c + ": two forks read different data: " + ScanResults.describe(m.first().data())
                    + " and " + ScanResults.describe(o.data()));
        }
        m.nanos().addAll(o.nanos());
        merged.put(o.id(), new Merged(m.first(), m.nanos(), m.forks() + 1));
    }

    // ------------------------------------------------------------------ results

    private CaseResult result(Case c, Path dir, Merged m) throws IOException {
        ScanResult expected = reference(c);
        if (c.kind() == Kind.SIZE) {
            return new CaseResult(c, expected, PartFiles.totalBytes(dir), List.of(), 0, Check.NONE, Double.NaN, Double.NaN);
        }
        ScanResult data = m.first().data();
        long fileBytes = c.kind() == Kind.WRITE || c.kind().change() ? m.first().fileBytes() : PartFiles.totalBytes(dir);
        Check check;
        if (FormatSet.isBaseline(formats.get(c.format()))) {
            // Baselines report the Albis totals; rows and logical bytes still have to be right for goodput.
            check = data.rows() == expected.rows() && data.logicalBytes() == expected.logicalBytes()
                    ? Check.BASELINE : Check.MISMATCH;
        } else {
            check = ScanResults.sameData(data, expected) ? Check.OK : Check.MISMATCH;
        }
        return new CaseResult(c, data, fileBytes, m.nanos(), m.forks(), check, Double.NaN, Double.NaN);
    }

    /**
     * Goodput relative to the raw read and to Albis (the binary API; for writes the Albis write) at
     * the same point and thread count; formats of other data compare with Albis' default layout.
     * Spark-level queries (experiments 9 and 10) compare with the limit at that level, the floor source,
     * and with Albis through the Spark source; changes of columns (experiment 11) with Albis
     * through Spark.
     */
    private static List<CaseResult> withRatios(List<CaseResult> results) {
        List<CaseResult> out = new ArrayList<>();
        for (CaseResult r : results) {
            Case c = r.c();
            if (c.kind() == Kind.SIZE) {
                out.add(r);
                continue;
            }
            CaseResult raw;
            CaseResult albis;
            if (c.kind().sparkQuery()) {
                raw = find(results, c, "spark-floor");
                albis = find(results, c, "spark-albis");
            } else if (c.kind().change()) {
                raw = null;
                albis = find(results, c, "spark-albis");
            } else {
                raw = c.kind() == Kind.READ ? find(results, c, "raw") : null;
                albis = c.kind() == Kind.READ ? find(results, c, "albis-binary") : findWrite(results, c);
            }
            out.add(r.withRatios(ratio(raw, r), ratio(albis, r)));
        }
        return out;
    }

    private static CaseResult find(List<CaseResult> results, Case c, String format) {
        // The floor's batches are the same whatever the layout of the copy it loads: it runs on the default one.
        String variant = "albis".equals(c.dataFormat()) && !format.equals("spark-floor") ? c.variant() : "";
        return results.stream().filter(x -> x.c().kind() == c.kind() && x.c().format().equals(format)
                && x.c().point().equals(c.point()) && x.c().threads() == c.threads()
                && x.c().variant().equals(variant)).findFirst().orElse(null);
    }

    private static CaseResult findWrite(List<CaseResult> results, Case c) {
        return results.stream().filter(x -> x.c().kind() == Kind.WRITE && x.c().dataFormat().equals("albis")
                && x.c().point().equals(c.point()) && x.c().threads() == c.threads()).findFirst().orElse(null);
    }

    /** The result's goodput as a multiple of the reference's: same logical bytes, so a ratio of times. */
    private static double ratio(CaseResult reference, CaseResult r) {
        if (reference == null || !(r.medianSeconds() > 0)) {
            return Double.NaN;
        }
        return reference.medianSeconds() / r.medianSeconds();
    }

    private void failOnMismatch(Experiment e, List<CaseResult> results) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (CaseResult r : results) {
            if (r.check() == Check.MISMATCH) {
                sb.append("\n  ").append(r.c()).append(": ").append(ScanResults.describe(r.data()))
                        .append("\n    expected (ChecksumScan of the source): ").append(ScanResults.describe(reference(r.c())));
            }
        }
        if (sb.length() > 0) {
            throw new DisagreementException("experiment " + e.number() + " (" + e.name() + "): formats disagree with the"
                    + " source table's data; results written to " + settings.out().resolve(e.fileStem() + ".csv") + sb);
        }
    }
}
