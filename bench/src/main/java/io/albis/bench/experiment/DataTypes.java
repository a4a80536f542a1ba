package io.albis.bench.experiment;

import io.albis.bench.dataset.SingleColumn;
import io.albis.bench.format.ReadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
                    SingleColumn.atScale(type, context.settings().scale()), ReadSpec.all(), false, List.of(""), Context.ANY_FORMAT);
        }
        return out;
    }

    @Override
    public void chart(List<CaseResult> results, Path png) throws IOException {
        Charts.save(Charts.pointsByFormat(title(), "column type", results), png);
    }
}
