package io.albis.bench.experiment;

import io.albis.bench.dataset.StoreSales;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.Codecs;
import io.albis.bench.format.ColumnChange;
import io.albis.bench.format.EvolvingFormat;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.spark.SparkLevelFormat;
import io.albis.tpcds.TpcdsGenerator;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.CategoryChart;

/**
 * Experiment 11: table evolution of store_sales, the paper's case for column groups. Points:
 * {@code add} (a long column computed from two others, through Spark at {@code local[threads]}:
 * Albis adds a column group, one task per row group; Parquet and ORC rewrite the table with
 * {@code withColumn}), {@code drop} (a heavy drop: Albis rewrites the column's group, in this
 * process and through Spark; Parquet rewrites the table without it) and {@code regroup} (Albis
 * splits the columns into two groups; Parquet, which has no column groups, rewrites the table).
 * Reported: the median wall time and the bytes each writes. Every result is checked untimed: the
 * added column against its expression in every row, and every value of the columns kept against
 * the source's.
 */
public final class Evolution implements Experiment {
    /** The column added: ticket and item, the sale's identity, as one long. */
    private static final ColumnChange ADD = ColumnChange.add("ss_ticket_item", "ss_ticket_number * 1000 + ss_item_sk");
    /** A column of the default (single) column group, so Albis rewrites that group. */
    private static final ColumnChange DROP = ColumnChange.drop("ss_ext_wholesale_cost");
    /** The keys apart from the measures, which go to a group called rest. */
    private static final ColumnChange REGROUP = ColumnChange.regroup("keys=ss_sold_date_sk,ss_sold_time_sk,ss_item_sk,"
            + "ss_customer_sk,ss_cdemo_sk,ss_hdemo_sk,ss_addr_sk,ss_store_sk,ss_promo_sk,ss_ticket_number");

    @Override
    public int number() {
        return 11;
    }

    @Override
    public String name() {
        return "evolution";
    }

    @Override
    public String title() {
        return "Table evolution: store_sales with a column added, a column dropped (heavy) and re-grouped; Albis in"
                + " place, Parquet and ORC rewriting it; seconds and bytes written";
    }

    /** The change a task of this kind measures. */
    static ColumnChange change(Kind kind) {
        return switch (kind) {
            case ADD_COLUMN -> ADD;
            case DROP_COLUMN -> DROP;
            case REGROUP -> REGROUP;
            default -> throw new IllegalArgumentException(kind + " is not a change of columns");
        };
    }

    @Override
    public List<Case> cases(Context context) {
        StoreSales dataset = new StoreSales(context.settings().scale());
        List<String> columns = TpcdsGenerator.schema(TpcdsGenerator.table("store_sales")).build().liveColumnNames();
        List<String> kept = columns.stream().filter(c -> !c.equals(DROP.column())).toList();
        List<Case> out = new ArrayList<>();
        // A column computed by a Spark expression: through Spark for every format.
        add(out, context, dataset, "add", 0, Kind.ADD_COLUMN, ReadSpec.all(), f -> f instanceof SparkLevelFormat);
        // Next to a Parquet rewrite; Albis also in this process.
        Predicate<BenchFormat> albisOrParquet = f -> List.of("albis", "parquet").contains(f.dataFormat());
        add(out, context, dataset, "drop", 1, Kind.DROP_COLUMN, ReadSpec.columns(kept), albisOrParquet);
        add(out, context, dataset, "regroup", 2, Kind.REGROUP, ReadSpec.all(), albisOrParquet);
        return out;
    }

    private void add(List<Case> out, Context context, StoreSales dataset, String point, double x, Kind kind,
            ReadSpec spec, Predicate<BenchFormat> applies) {
        for (BenchFormat f : context.formats().selected()) {
            if (!(f instanceof EvolvingFormat) || !applies.test(f)) {
                continue;
            }
            for (String codec : context.codecs(f)) {
                for (int t : context.settings().threads()) {
                    out.add(new Case(number(), point, x, dataset, f.name(), f.dataFormat(), codec, "", t, kind, spec));
                }
            }
        }
    }

    @Override
    public void chart(List<CaseResult> results, Path png) throws IOException {
        Function<CaseResult, String> series = r -> r.c().codec().equals(Codecs.NONE) ? r.c().formatLabel()
                : r.c().formatLabel() + " " + r.c().codec();
        List<CategoryChart> charts = new ArrayList<>();
        for (Map.Entry<Integer, List<CaseResult>> t : ResultGroups.by(results, r -> r.c().threads()).entrySet()) {
            String threads = ResultGroups.threads(t.getKey());
            charts.add(bars("store_sales changed: wall time, " + threads, "seconds (median)", t.getValue(), series,
                    CaseResult::medianSeconds));
            charts.add(bars("store_sales changed: bytes written, " + threads, "MB written", t.getValue(), series,
                    r -> r.fileBytes() / 1e6));
        }
        Charts.save(charts, png);
    }

    /** One group of bars per change, one bar per format and codec; 0 where a format does not make the change. */
    private static CategoryChart bars(String title, String yTitle, List<CaseResult> results,
            Function<CaseResult, String> series, ToDoubleFunction<CaseResult> value) {
        List<String> points = ResultGroups.distinct(results, r -> r.c().point());
        Map<String, List<Double>> values = new LinkedHashMap<>();
        for (Map.Entry<String, List<CaseResult>> f : ResultGroups.by(results, series).entrySet()) {
            values.put(f.getKey(), points.stream().map(p -> f.getValue().stream().filter(r -> r.c().point().equals(p))
                    .mapToDouble(value).findFirst().orElse(0)).toList());
        }
        return Charts.bars(title, "change", yTitle, points, values);
    }
}
