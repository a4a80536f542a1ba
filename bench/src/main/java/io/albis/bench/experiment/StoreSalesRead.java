package io.albis.bench.experiment;

import io.albis.bench.dataset.StoreSales;
import io.albis.bench.format.ReadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Experiment 1: store_sales read goodput for every format, codec and thread count. */
public final class StoreSalesRead implements Experiment {

    @Override
    public int number() {
        return 1;
    }

    @Override
    public String name() {
        return "store_sales";
    }

    @Override
    public String title() {
        return "store_sales read goodput, every format x codec x threads (data derived from TPC-DS)";
    }

    @Override
    public List<Case> cases(Context context) {
        List<Case> out = new ArrayList<>();
        context.addReads(out, number(), "store_sales", 0, new StoreSales(context.settings().scale()), ReadSpec.all(),
                true, List.of(""), Context.ANY_FORMAT);
        return out;
    }

    @Override
    public void chart(List<CaseResult> results, Path png) throws IOException {
        Charts.save(List.of(ResultGroups.goodputBars(title(), "format and codec", results,
                r -> r.c().formatLabel() + " " + r.c().codec(), r -> ResultGroups.threads(r.c().threads()))), png);
    }
}
