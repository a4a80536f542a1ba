package io.albis.bench.experiment;

import io.albis.bench.dataset.StoreSales;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.albis.AlbisLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;

/** Experiment 7: Albis read goodput of store_sales written with segments of 64 KiB to 16 MiB. */
public final class SegmentSize implements Experiment {
    static final List<Integer> SIZES = List.of(64 << 10, 256 << 10, 1 << 20, 4 << 20, 16 << 20);

    @Override
    public int number() {
        return 7;
    }

    @Override
    public String name() {
        return "segment_size";
    }

    @Override
    public String title() {
        return "Segment size: Albis reading store_sales written with 64 KiB .. 16 MiB segments";
    }

    @Override
    public List<Case> cases(Context context) {
        StoreSales dataset = new StoreSales(context.settings().scale());
        List<Case> out = new ArrayList<>();
        for (int size : SIZES) {
            context.addReads(out, number(), AlbisLayout.sizeText(size), size / 1024.0, dataset, ReadSpec.all(), false,
                    List.of(AlbisLayout.withSegmentSize(size).variant()), Context.ALBIS_DATA);
        }
        return out;
    }

    @Override
    public void chart(List<CaseResult> results, Path png) throws IOException {
        List<XYChart> charts = new ArrayList<>();
        for (Map.Entry<Integer, List<CaseResult>> t : ResultGroups.by(results, r -> r.c().threads()).entrySet()) {
            charts.add(Charts.lines("Segment size, " + ResultGroups.threads(t.getKey()), "segment size (KiB)",
                    "goodput GB/s", ResultGroups.lines(t.getValue(), r -> r.c().format()), true));
        }
        Charts.save(charts, png);
    }
}
