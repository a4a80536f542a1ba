package io.albis.bench.experiment;

import io.albis.bench.dataset.StoreSales;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.Codecs;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.albis.AlbisLayout;
import io.albis.bench.format.spark.SparkLevelFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Experiment 10: store_sales through Spark SQL at {@code local[threads]}, the paper's Figure 6a at
 * the Spark level. Points: {@code ingest} (every column of a fresh Dataset into the {@code noop}
 * sink), {@code sum} (one sum of every column), {@code write} (the table from memory written
 * through Spark), for each Spark-level format ({@link SparkLevelFormat}: Albis columnar and row
 * paths, Spark's Parquet and ORC sources with their codecs, and the floor source that hands Spark
 * prebuilt batches from memory); plus {@code core}, the Albis binary API's read of the same copy,
 * for Spark-level over core-level goodput. Ratios of Spark-level queries are to the floor and to
 * Albis through Spark.
 */
public final class SparkLevel implements Experiment {

    @Override
    public int number() {
        return 10;
    }

    @Override
    public String name() {
        return "spark";
    }

    @Override
    public String title() {
        return "Spark SQL: store_sales ingested (noop sink), summed, and written through Spark, local[threads]";
    }

    @Override
    public List<Case> cases(Context context) {
        StoreSales dataset = new StoreSales(context.settings().scale());
        List<Case> out = new ArrayList<>();
        List<SparkLevelFormat> formats = context.formats().selected().stream()
                .filter(f -> f instanceof SparkLevelFormat).map(f -> (SparkLevelFormat) f).toList();
        addAll(out, context, formats, dataset, "ingest", 0, Kind.SPARK_INGEST);
        addAll(out, context, formats, dataset, "sum", 1, Kind.SPARK_SUM);
        addAll(out, context, formats.stream().filter(SparkLevelFormat::writes).toList(), dataset, "write", 2,
                Kind.WRITE);
        if (!formats.isEmpty()) {
            context.addReads(out, number(), "core", 3, dataset, ReadSpec.all(), false,
                    List.of(AlbisLayout.DEFAULT.variant()), f -> f.name().equals("albis-binary"));
        }
        return out;
    }

    private void addAll(List<Case> out, Context context, List<SparkLevelFormat> formats, StoreSales dataset,
            String point, double x, Kind kind) {
        for (BenchFormat f : formats) {
            for (String codec : context.codecs(f)) {
                for (int t : context.settings().threads()) {
                    out.add(new Case(number(), point, x, dataset, f.name(), f.dataFormat(), codec, "", t, kind,
                            ReadSpec.all()));
                }
            }
        }
    }

    @Override
    public void chart(List<CaseResult> results, Path png) throws IOException {
        // Parquet and ORC are measured with two codecs each: one bar per format and codec.
        Charts.save(Charts.pointsByFormat(title(), "query", results,
                r -> r.c().codec().equals(Codecs.NONE) ? r.c().formatLabel() : r.c().formatLabel() + " " + r.c().codec()),
                png);
    }
}
