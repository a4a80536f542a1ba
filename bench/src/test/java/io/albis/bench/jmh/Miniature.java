package io.albis.bench.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs a benchmark class through the JMH Runner in miniature (in this JVM, no warm-up, one short
 * measurement) so benchmarks cannot rot, and checks that every method and parameter
 * combination produced a result. Never looks at a timing.
 */
final class Miniature {
    private Miniature() {}

    /**
     * Runs every benchmark method of {@code benchmark} with {@code params} (name, values) and
     * asserts one result for each of {@code methods} × combination of the given values.
     */
    static Collection<RunResult> runAndCheck(Class<?> benchmark, Map<String, List<String>> params, String... methods)
            throws RunnerException {
        Map<String, List<String>> uses = new TreeMap<>();
        for (String m : methods) {
            uses.put(m, new ArrayList<>(params.keySet()));
        }
        return runAndCheck(benchmark, params, uses);
    }

    /**
     * As above, for a class whose methods use different states: {@code methodParams} maps each
     * method to the names of the parameters it depends on.
     */
    static Collection<RunResult> runAndCheck(Class<?> benchmark, Map<String, List<String>> params,
            Map<String, List<String>> methodParams) throws RunnerException {
        ChainedOptionsBuilder b = new OptionsBuilder()
                .include("^" + Pattern.quote(benchmark.getName()) + "\\.")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(50))
                .threads(1)
                .shouldFailOnError(true)
                .verbosity(VerboseMode.SILENT);
        for (Map.Entry<String, List<String>> p : params.entrySet()) {
            b.param(p.getKey(), p.getValue().toArray(new String[0]));
        }
        Collection<RunResult> results = new Runner(b.build()).run();

        TreeSet<String> expected = new TreeSet<>();
        for (Map.Entry<String, List<String>> m : methodParams.entrySet()) {
            Map<String, List<String>> used = new TreeMap<>();
            for (String name : m.getValue()) {
                used.put(name, params.get(name));
            }
            for (Map<String, String> combo : combinations(used)) {
                expected.add(key(benchmark.getName() + "." + m.getKey(), combo));
            }
        }
        TreeSet<String> got = new TreeSet<>();
        for (RunResult r : results) {
            Map<String, String> combo = new TreeMap<>();
            for (String name : r.getParams().getParamsKeys()) {
                combo.put(name, r.getParams().getParam(name));
            }
            got.add(key(r.getParams().getBenchmark(), combo));
            // A result with at least one sample: the method ran to completion, whatever its speed.
            assertTrue(r.getPrimaryResult().getSampleCount() > 0, "no samples for " + r.getParams().getBenchmark());
        }
        assertEquals(expected, got, "one result per method and parameter combination");
        return results;
    }

    private static String key(String benchmark, Map<String, String> combo) {
        return benchmark + " " + new TreeMap<>(combo);
    }

    private static List<Map<String, String>> combinations(Map<String, List<String>> params) {
        List<Map<String, String>> out = new ArrayList<>();
        out.add(new TreeMap<>());
        for (Map.Entry<String, List<String>> p : params.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> partial : out) {
                for (String v : p.getValue()) {
                    Map<String, String> m = new TreeMap<>(partial);
                    m.put(p.getKey(), v);
                    next.add(m);
                }
            }
            out = next;
        }
        return out;
    }
}
