package io.albis.bench.experiment;

import io.albis.bench.dataset.SelectivityTable;
import io.albis.bench.format.ReadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;

/**
 * Experiment 4: {@code WHERE col0 <= k} with col0 uniform over 1..100 (so k% of the rows match),
 * col0 sorted and unsorted; every column of the matching rows is read.
 */
public final class Selectivity implements Experiment {
    /** Denser where segment skipping on sorted data changes most. */
    static final List<Integer> K = List.of(1, 2, 5, 10, 20, 50, 100);

    @Override
    public int number() {
        return 4;
    }

    @Override
    public String name() {
        return "selectivity";
    }

    @Override
    public String title() {
        return "Selectivity: WHERE col0 <= k selects k% of 10 int columns, col0 sorted and unsorted";
    }

    @Override
    public List<Case> cases(Context context) {
        List<Case> out = new ArrayList<>();
        for (boolean sorted : new boolean[] {true, false}) {
            SelectivityTable dataset = SelectivityTable.atScale(sorted, context.settings().scale());
            for (int k : K) {
                context.addReads(out, number(), dataset.name() + " k=" + k, k, dataset,
                        ReadSpec.all().withFilterAtMost(SelectivityTable.FILTER_COLUMN, k), false, List.of(""),
                        Context.ANY_FORMAT);
            }
        }
        return out;
    }

    @Override
    public void chart(List<CaseResult> results, Path png) throws IOException {
        List<XYChart> charts = new ArrayList<>();
        for (Map.Entry<String, List<CaseResult>> g : ResultGroups.by(results,
                r -> "col0 " + r.c().dataset().name() + ", " + ResultGroups.threads(r.c().threads())).entrySet()) {
            charts.add(Charts.lines("Selectivity, " + g.getKey(), "k (% of rows selected)", "goodput GB/s",
                    ResultGroups.lines(g.getValue(), r -> r.c().formatLabel()), true));
        }
        Charts.save(charts, png);
    }
}
