package io.albis.bench.experiment;

import io.albis.bench.dataset.StoreSales;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.ReadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Experiment 5: write goodput of store_sales (at a tenth of the scale: see
 * {@link StoreSales#forWrites}) for every data format and codec, one thread: logical bytes over the
 * time to read the Albis source and write the copy (the same source read for every format).
 */
public final class WriteGoodput implements Experiment {

    @Override
    public int number() {
        return 5;
    }

    @Override
    public String name() {
        return "write";
    }

    @Override
    public String title() {
        return "Write goodput: store_sales (a tenth of the read scale) from its Albis source, every format x codec,"
                + " 1 thread";
    }

    @Override
    public List<Case> cases(Context context) {
        StoreSales dataset = StoreSales.forWrites(context.settings().scale());
        List<Case> out = new ArrayList<>();
        for (String dataFormat : context.formats().dataFormats()) {
            BenchFormat writer = context.formats().writerFor(dataFormat);
            for (String codec : context.codecs(writer)) {
                out.add(new Case(number(), "store_sales", 0, dataset, writer.name(), dataFormat, codec, "", 1,
                        Kind.WRITE, ReadSpec.all()));
            }
        }
        return out;
    }

    @Override
    public void chart(List<CaseResult> results, Path png) throws IOException {
        Charts.save(List.of(ResultGroups.goodputBars(title(), "data format and codec", results,
                r -> r.c().dataFormat() + " " + r.c().codec(), r -> "write")), png);
    }
}
