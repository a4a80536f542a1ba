package io.albis.bench.experiment;

import io.albis.bench.dataset.NestedTable;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.albis.AlbisLayout;
import io.albis.bench.format.spark.SparkFloorFormat;
import io.albis.bench.format.spark.SparkLevelFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Experiment 9: a table of an {@code array<int>} and a {@code map<string, long>} column
 * ({@link NestedTable}), read whole and one column at a time by the formats that read lists and
 * maps ({@link BenchFormat#readsListsAndMaps()}); Albis as a row store and as one column per group.
 * The Spark-level formats selected ingest the same columns into Spark's {@code noop} sink, as
 * experiment 10 ingests {@code store_sales}; among them the floor ({@link SparkFloorFormat}: the
 * rows as prebuilt batches from memory), measured on the default layout's copy only, since the
 * batches it hands Spark are the same for every layout, and the ratio to it of each Spark ingest.
 */
public final class NestedRead implements Experiment {
    static final List<String> ALBIS_LAYOUTS = List.of(AlbisLayout.DEFAULT.variant(),
            AlbisLayout.withColumnsPerGroup(1).variant());

    @Override
    public int number() {
        return 9;
    }

    @Override
    public String name() {
        return "nested";
    }

    @Override
    public String title() {
        return "Lists and maps: array<int> and map<string, long> columns, about 2% nulls at each level, uncompressed";
    }

    @Override
    public List<Case> cases(Context context) {
        NestedTable dataset = NestedTable.atScale(context.settings().scale());
        List<Case> out = new ArrayList<>();
        List<ReadSpec> specs = List.of(ReadSpec.all(), ReadSpec.columns(List.of(NestedTable.INTS)),
                ReadSpec.columns(List.of(NestedTable.COUNTS)));
        List<String> points = List.of("both", NestedTable.INTS, NestedTable.COUNTS);
        for (int i = 0; i < specs.size(); i++) {
            context.addReads(out, number(), points.get(i), i, dataset, specs.get(i), false, ALBIS_LAYOUTS,
                    BenchFormat::readsListsAndMaps);
            addSparkIngests(out, context, dataset, points.get(i), i, specs.get(i));
        }
        return out;
    }

    private void addSparkIngests(List<Case> out, Context context, NestedTable dataset, String point, double x,
            ReadSpec spec) {
        for (BenchFormat f : context.formats().selected()) {
            if (!(f instanceof SparkLevelFormat)) {
                continue;
            }
            boolean layouts = f.dataFormat().equals("albis") && !(f instanceof SparkFloorFormat);
            List<String> variants = layouts ? ALBIS_LAYOUTS : List.of("");
            for (String codec : context.codecs(f)) {
                for (String variant : variants) {
                    for (int t : context.settings().threads()) {
                        out.add(new Case(number(), point, x, dataset, f.name(), f.dataFormat(), codec, variant, t,
                                Kind.SPARK_INGEST, spec));
                    }
                }
            }
        }
    }

    @Override
    public void chart(List<CaseResult> results, Path png) throws IOException {
        Charts.save(Charts.pointsByFormat(title(), "columns read", results), png);
    }
}
