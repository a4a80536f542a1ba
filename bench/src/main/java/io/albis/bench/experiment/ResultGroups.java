package io.albis.bench.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.knowm.xchart.CategoryChart;

/** Grouping results for charts, keeping the order in which keys first appear. */
final class ResultGroups {
    private ResultGroups() {}

    static <K> Map<K, List<CaseResult>> by(List<CaseResult> results, Function<CaseResult, K> key) {
        Map<K, List<CaseResult>> out = new LinkedHashMap<>();
        for (CaseResult r : results) {
            out.computeIfAbsent(key.apply(r), k -> new ArrayList<>()).add(r);
        }
        return out;
    }

    static List<String> distinct(List<CaseResult> results, Function<CaseResult, String> key) {
        return results.stream().map(key).distinct().toList();
    }

    /** Goodput, 0 where a value is missing so bars stay aligned with their categories. */
    static double goodput(List<CaseResult> results, Function<CaseResult, String> key, String value) {
        return results.stream().filter(r -> key.apply(r).equals(value)).mapToDouble(CaseResult::goodputGBps)
                .filter(d -> !Double.isNaN(d)).findFirst().orElse(0);
    }

    /**
     * Goodput as bars: a group of bars per {@code category} value, a bar in it per {@code series}
     * value, both in the order their values first appear.
     */
    static CategoryChart goodputBars(String title, String xTitle, List<CaseResult> results,
            Function<CaseResult, String> category, Function<CaseResult, String> series) {
        List<String> categories = distinct(results, category);
        Map<String, List<Double>> bars = new LinkedHashMap<>();
        for (Map.Entry<String, List<CaseResult>> e : by(results, series).entrySet()) {
            bars.put(e.getKey(), categories.stream().map(c -> goodput(e.getValue(), category, c)).toList());
        }
        return Charts.bars(title, xTitle, "goodput GB/s", categories, bars);
    }

    /** Goodput over x, one line per series key. */
    static List<Charts.Line> lines(List<CaseResult> results, Function<CaseResult, String> series) {
        List<Charts.Line> out = new ArrayList<>();
        for (Map.Entry<String, List<CaseResult>> e : by(results, series).entrySet()) {
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            e.getValue().stream().sorted(java.util.Comparator.comparingDouble(r -> r.c().x())).forEach(r -> {
                x.add(r.c().x());
                y.add(r.goodputGBps());
            });
            out.add(new Charts.Line(e.getKey(), x, y));
        }
        return out;
    }

    static String threads(int t) {
        return t + (t == 1 ? " thread" : " threads");
    }
}
