package io.albis.bench.tpcds;

import java.util.ArrayList;
import java.util.List;

/** The timed runs of one query on one format, in seconds. */
final class QueryTimes {
    private final List<Double> seconds = new ArrayList<>();

    void add(double s) {
        seconds.add(s);
    }

    int runs() {
        return seconds.size();
    }

    /** The median, or NaN when there were no runs (the query failed). */
    double median() {
        if (seconds.isEmpty()) {
            return Double.NaN;
        }
        List<Double> s = sorted();
        int n = s.size();
        return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    /** The fastest run, or NaN when there were none. */
    double min() {
        return seconds.isEmpty() ? Double.NaN : sorted().get(0);
    }

    /** The slowest run, or NaN when there were none. */
    double max() {
        return seconds.isEmpty() ? Double.NaN : sorted().get(seconds.size() - 1);
    }

    /** (max − min) / median: how far apart the runs were (NaN when there were none). */
    double spread() {
        return (max() - min()) / median();
    }

    private List<Double> sorted() {
        List<Double> s = new ArrayList<>(seconds);
        s.sort(null);
        return s;
    }
}
