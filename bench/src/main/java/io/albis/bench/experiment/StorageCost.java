package io.albis.bench.experiment;

import io.albis.bench.dataset.StoreSales;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.ReadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Experiment 6: bytes on disk of store_sales for every data format and codec, next to its logical bytes. */
public final class StorageCost implements Experiment {

    @Override
    public int number() {
        return 6;
    }

    @Override
    public String name() {
        return "storage";
    }

    @Override
    public String title() {
        return "Storage cost: store_sales bytes on disk per format x codec";
    }

    @Override
    public List<Case> cases(Context context) {
        StoreSales dataset = new StoreSales(context.settings().scale());
        List<Case> out = new ArrayList<>();
        for (String dataFormat : context.formats().dataFormats()) {
            BenchFormat writer = context.formats().writerFor(dataFormat);
            for (String codec : context.codecs(writer)) {
                out.add(new Case(number(), "store_sales", 0, dataset, dataFormat, dataFormat, codec, "", 1, Kind.SIZE,
                        ReadSpec.all()));
            }
        }
        return out;
    }

    @Override
    public void chart(List<CaseResult> results, Path png) throws IOException {
        List<String> categories = results.stream().map(r -> r.c().dataFormat() + " " + r.c().codec()).toList();
        Map<String, List<Double>> series = new LinkedHashMap<>();
        series.put("on disk", results.stream().map(r -> r.fileBytes() / 1e6).toList());
        series.put("logical data", results.stream().map(r -> r.data().logicalBytes() / 1e6).toList());
        Charts.save(List.of(Charts.bars(title(), "data format and codec", "MB (10^6 bytes)", categories, series)), png);
    }
}
