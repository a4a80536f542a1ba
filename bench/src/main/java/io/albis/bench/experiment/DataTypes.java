package io.albis.bench.experiment;

import io.albis.bench.dataset.SingleColumn;
import io.albis.bench.format.ReadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.knowm.xchart.CategoryChart;

/** Experiment 2: single-column tables of int, long, double and binary (1..1024 bytes), uncompressed. */
public final class DataTypes implements Experiment {

    @Override
    public int number() {
        return 2;
    }

    @Override
    public String name() {
        return "types";
    }

    @Override
    public String title() {
        return "Data types: single-column tables, about 1% nulls, uncompressed";
    }

    @Override
    public List<Case> cases(Context context) {
        List<Case> out = new ArrayList<>();
        for (SingleColumn.Type type : SingleColumn.Type.values()) {
            context.addReads(out, number(), type.label(), type.ordinal(),
                    SingleColumn.atScale(type, context.settings().scale()), ReadSpec.all(), false, List.of(""), false);
        }
        return out;
    }

    @Override
    public void chart(List<CaseResult> results, Path png) throws IOException {
        Function<CaseResult, String> point = r -> r.c().point();
        List<CategoryChart> charts = new ArrayList<>();
        for (Map.Entry<Integer, List<CaseResult>> t : ResultGroups.by(results, r -> r.c().threads()).entrySet()) {
            List<String> types = ResultGroups.distinct(t.getValue(), point);
            Map<String, List<Double>> series = new LinkedHashMap<>();
            for (Map.Entry<String, List<CaseResult>> f : ResultGroups.by(t.getValue(), r -> r.c().formatLabel()).entrySet()) {
                series.put(f.getKey(), types.stream().map(ty -> ResultGroups.goodput(f.getValue(), point, ty)).toList());
            }
            charts.add(Charts.bars(title() + ", " + ResultGroups.threads(t.getKey()), "column type", "goodput GB/s",
                    types, series));
        }
        Charts.save(charts, png);
    }
}
