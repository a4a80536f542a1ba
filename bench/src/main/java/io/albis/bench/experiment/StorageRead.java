package io.albis.bench.experiment;

import io.albis.bench.dataset.StoreSales;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.albis.AlbisLayout;
import io.albis.bench.format.albis.BenchStorage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Experiment 8: store_sales read by Albis and the raw baselines on each storage backend of the
 * run (local, and HDFS with {@code --storage local,hdfs-local}); each backend's Albis reads are
 * compared with that backend's own raw read.
 */
public final class StorageRead implements Experiment {

    @Override
    public int number() {
        return 8;
    }

    @Override
    public String name() {
        return "storage";
    }

    @Override
    public String title() {
        return "store_sales read goodput of Albis per storage backend, each with its own raw read";
    }

    /** "" (the local copy) and every backend this run started. */
    static List<String> variants() {
        List<String> out = new ArrayList<>();
        out.add("");
        for (String b : BenchStorage.BACKENDS) {
            if (BenchStorage.root(b) != null) {
                out.add(AlbisLayout.onStorage(b).variant());
            }
        }
        return out;
    }

    @Override
    public List<Case> cases(Context context) {
        List<Case> out = new ArrayList<>();
        context.addReads(out, number(), "store_sales", 0, new StoreSales(context.settings().scale()), ReadSpec.all(),
                false, variants(), Context.ALBIS_DATA);
        return out;
    }

    @Override
    public void chart(List<CaseResult> results, Path png) throws IOException {
        Charts.save(List.of(ResultGroups.goodputBars(title(), "storage", results,
                r -> r.c().variant().isEmpty() ? "local" : r.c().variant(),
                r -> r.c().format() + ", " + ResultGroups.threads(r.c().threads()))), png);
    }
}
