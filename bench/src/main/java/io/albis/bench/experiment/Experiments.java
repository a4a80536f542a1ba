package io.albis.bench.experiment;

import java.util.ArrayList;
import java.util.List;

/** The experiments, by number. */
public final class Experiments {
    private Experiments() {}

    public static List<Experiment> all() {
        return List.of(new StoreSalesRead(), new DataTypes(), new Projectivity(), new Selectivity(), new WriteGoodput(),
                new StorageCost(), new SegmentSize(), new StorageRead(), new NestedRead(), new SparkLevel(),
                new Evolution(), new Lookup());
    }

    /** {@code all}, or experiment numbers. */
    public static List<Experiment> parse(List<String> spec) {
        if (spec.size() == 1 && spec.get(0).trim().equalsIgnoreCase("all")) {
            return all();
        }
        List<Experiment> out = new ArrayList<>();
        for (String s : spec) {
            int n;
            try {
                n = Integer.parseInt(s.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("experiments are 'all' or numbers 1.." + all().size() + ", got '" + s + "'");
            }
            if (n < 1 || n > all().size()) {
                throw new IllegalArgumentException("no experiment " + n + "; experiments are 1.." + all().size());
            }
            Experiment e = all().get(n - 1);
            if (out.stream().noneMatch(o -> o.number() == e.number())) {
                out.add(e);
            }
        }
        return out;
    }
}
