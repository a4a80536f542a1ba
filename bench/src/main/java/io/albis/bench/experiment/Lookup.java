package io.albis.bench.experiment;

import io.albis.bench.dataset.LookupTable;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.albis.AlbisBloomFilters;
import io.albis.bench.format.albis.AlbisLayout;
import io.albis.bench.format.parquet.ParquetLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.CategoryChart;

/**
 * Experiment 12: point lookups, {@code WHERE key = k} and {@code WHERE key IN (8 keys)} with every
 * column of the matching rows, for keys the table holds and keys inside its key range that it
 * does not, on the key column sorted and in random order ({@link LookupTable}). Albis is read
 * without and (once its writer has them, see {@link AlbisBloomFilters}) with bloom filters on the
 * key; Parquet through parquet-java with its page index (the default), with a bloom filter on the
 * key as well, and with the page index left unused. Only readers that push the lookup into the
 * format take part: the raw baselines read whole data files, which says nothing about a lookup.
 */
public final class Lookup implements Experiment {
    /** Keys in a lookup with {@code IN}. */
    static final int IN_KEYS = 8;

    @Override
    public int number() {
        return 12;
    }

    @Override
    public String name() {
        return "lookup";
    }

    @Override
    public String title() {
        return "Point lookups: WHERE key = k and key IN (8 keys), members and non-members, key sorted and unsorted,"
                + " with and without bloom filters";
    }

    /** The lookups at one table: a label for each and its keys. */
    static Map<String, List<Long>> lookups(LookupTable table) {
        Map<String, List<Long>> out = new LinkedHashMap<>();
        out.put("member", table.memberKeys(1));
        out.put("non-member", table.nonMemberKeys(1));
        out.put(IN_KEYS + " members", table.memberKeys(IN_KEYS));
        out.put(IN_KEYS + " non-members", table.nonMemberKeys(IN_KEYS));
        return out;
    }

    /** Each format's copies: without and with bloom filters on the key; Parquet also without its page index. */
    static List<String> variants(BenchFormat f) {
        String column = LookupTable.KEY_COLUMN;
        if (Context.ALBIS_DATA.test(f)) {
            return AlbisBloomFilters.WRITTEN
                    ? List.of(AlbisLayout.DEFAULT.variant(), AlbisLayout.withBloomFilter(column).variant())
                    : List.of(AlbisLayout.DEFAULT.variant());
        }
        if (ParquetLayout.DATA_FORMAT.equals(f.dataFormat())) {
            return List.of(ParquetLayout.DEFAULT.variant(), ParquetLayout.withBloomFilter(column).variant(),
                    ParquetLayout.DEFAULT.withoutPageIndex().variant());
        }
        return List.of("");
    }

    @Override
    public List<Case> cases(Context context) {
        List<Case> out = new ArrayList<>();
        for (boolean sorted : new boolean[] {true, false}) {
            LookupTable table = LookupTable.atScale(sorted, context.settings().scale());
            for (Map.Entry<String, List<Long>> lookup : lookups(table).entrySet()) {
                context.addReads(out, number(), table.name() + " " + lookup.getKey(), 0, table,
                        ReadSpec.all().withFilterIn(LookupTable.KEY_COLUMN, lookup.getValue()), false, Lookup::variants,
                        f -> f.readsKeyFilters() && !FormatSet.isBaseline(f));
            }
        }
        return out;
    }

    /** Per table and thread count, the median time of each lookup on a log scale: the times span several decades. */
    @Override
    public void chart(List<CaseResult> results, Path png) throws IOException {
        List<CategoryChart> charts = new ArrayList<>();
        for (Map.Entry<String, List<CaseResult>> g : ResultGroups.by(results,
                r -> "key " + r.c().dataset().name() + ", " + ResultGroups.threads(r.c().threads())).entrySet()) {
            List<String> points = ResultGroups.distinct(g.getValue(), r -> r.c().point());
            Map<String, List<Double>> series = new LinkedHashMap<>();
            for (Map.Entry<String, List<CaseResult>> f : ResultGroups.by(g.getValue(), r -> r.c().formatLabel())
                    .entrySet()) {
                series.put(f.getKey(), points.stream().map(p -> milliseconds(f.getValue(), p)).toList());
            }
            CategoryChart chart = Charts.bars("Point lookups, " + g.getKey(), "lookup", "median ms (log)", points, series);
            // Bars start at the axis minimum, which a log axis cannot place at 0: the decade below the fastest lookup.
            double fastest = series.values().stream().flatMap(List::stream).mapToDouble(Double::doubleValue).min()
                    .orElseThrow();
            chart.getStyler().setYAxisLogarithmic(true).setYAxisMin(Math.pow(10, Math.floor(Math.log10(fastest))));
            charts.add(chart);
        }
        Charts.save(charts, png);
    }

    private static double milliseconds(List<CaseResult> results, String point) {
        return results.stream().filter(r -> r.c().point().equals(point)).mapToDouble(r -> r.medianSeconds() * 1e3)
                .findFirst().orElseThrow();
    }
}
