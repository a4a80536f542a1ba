package io.albis.bench.experiment;

import io.albis.bench.dataset.IntColumns;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.albis.AlbisLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;

/**
 * Experiment 3: a table of 100 int columns, reading the first k% of the columns for k = 10..100;
 * Albis as a row store, as one column per group and in groups of 10.
 */
public final class Projectivity implements Experiment {
    static final List<String> ALBIS_LAYOUTS = List.of(AlbisLayout.DEFAULT.variant(),
            AlbisLayout.withColumnsPerGroup(1).variant(), AlbisLayout.withColumnsPerGroup(10).variant());

    @Override
    public int number() {
        return 3;
    }

    @Override
    public String name() {
        return "projectivity";
    }

    @Override
    public String title() {
        return "Projectivity: 100 int columns, first k% read; Albis as row store, cg1 (column per group), cg10";
    }

    @Override
    public List<Case> cases(Context context) {
        IntColumns dataset = IntColumns.atScale(context.settings().scale());
        List<Case> out = new ArrayList<>();
        for (int percent = 10; percent <= 100; percent += 10) {
            List<String> columns = new ArrayList<>();
            for (int c = 0; c < dataset.columns() * percent / 100; c++) {
                columns.add(IntColumns.column(c));
            }
            context.addReads(out, number(), percent + "%", percent, dataset, ReadSpec.columns(columns), false,
                    ALBIS_LAYOUTS, Context.ANY_FORMAT);
        }
        return out;
    }

    @Override
    public void chart(List<CaseResult> results, Path png) throws IOException {
        List<XYChart> charts = new ArrayList<>();
        for (Map.Entry<Integer, List<CaseResult>> t : ResultGroups.by(results, r -> r.c().threads()).entrySet()) {
            charts.add(Charts.lines("Projectivity, " + ResultGroups.threads(t.getKey()), "% of the 100 columns read",
                    "goodput GB/s", ResultGroups.lines(t.getValue(), r -> r.c().formatLabel()), false));
        }
        Charts.save(charts, png);
    }
}
