package io.albis.spark;

import java.io.File;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A measurement, not a test (it asserts nothing and no test runs it): the two paths that bring
 * Albis rows into Spark, on a {@code store_sales}-like table (10 int columns, a long, 12
 * {@code DECIMAL(7,2)}, 4% nulls each) written through Spark, at {@code local[1]}, with Spark's
 * uncompressed Parquet for reference. Each case reads a fresh Dataset: 2 warm-up rounds, then
 * {@code runs} timed rounds; prints the median, min and max. Results are in albis-spark/README.md.
 *
 * <pre>
 * java $SPARK_TEST_ARGLINE -cp &lt;albis-spark test classpath&gt; io.albis.spark.ReadPathsMeasurement \
 *     DIR ROWS RUNS [sum|noop] [cases]
 * </pre>
 * {@code sum}: {@code SELECT sum(c)} of every column; {@code noop}: every column written to Spark's
 * {@code noop} sink (every value materialised). Cases: {@code albis-columnar}, {@code albis-rows}
 * (V2 scan), the same with {@code -v1} (V1 fallback), {@code parquet}. The table is written to
 * DIR once ({@code DIR/albis/k=0}: unpartitioned reads wait for the flat layout).
 */
public final class ReadPathsMeasurement {
    private static final String[] INTS = {"ss_sold_date_sk", "ss_sold_time_sk", "ss_item_sk", "ss_customer_sk",
        "ss_cdemo_sk", "ss_hdemo_sk", "ss_addr_sk", "ss_store_sk", "ss_promo_sk", "ss_quantity"};
    private static final String[] DECIMALS = {"ss_wholesale_cost", "ss_list_price", "ss_sales_price",
        "ss_ext_discount_amt", "ss_ext_sales_price", "ss_ext_wholesale_cost", "ss_ext_list_price", "ss_ext_tax",
        "ss_coupon_amt", "ss_net_paid", "ss_net_paid_inc_tax", "ss_net_profit"};

    private ReadPathsMeasurement() {}

    public static void main(String[] args) {
        String dir = args[0];
        long rows = Long.parseLong(args[1]);
        int runs = Integer.parseInt(args[2]);
        boolean noop = args.length > 3 && args[3].equals("noop");
        String[] cases = args.length > 4 ? args[4].split(",") : new String[] {"albis-columnar", "albis-rows", "parquet"};
        SparkSession spark = SparkSession.builder().master("local[1]").appName("read-paths")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.session.timeZone", "UTC").config("spark.sql.shuffle.partitions", "1")
                .getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        String albis = dir + "/albis";
        String parquet = dir + "/parquet";
        List<String> columns = new ArrayList<>();
        StringBuilder select = new StringBuilder();
        int seed = 0;
        for (String c : INTS) {
            seed++;
            select.append(String.format("CASE WHEN hash(id, %d) %% 25 = 0 THEN NULL ELSE CAST(pmod(hash(id, %d), 100000)"
                    + " AS INT) END AS %s, ", seed, seed + 100, c));
            columns.add(c);
        }
        select.append("id AS ss_ticket_number");
        columns.add("ss_ticket_number");
        for (String c : DECIMALS) {
            seed++;
            select.append(String.format(", CASE WHEN hash(id, %d) %% 25 = 0 THEN NULL ELSE CAST(pmod(hash(id, %d),"
                    + " 2000000) / 100 AS DECIMAL(7,2)) END AS %s", seed, seed + 100, c));
            columns.add(c);
        }
        if (!new File(albis).exists()) {
            Dataset<Row> df = spark.sql("SELECT " + select + " FROM range(0, " + rows + ", 1, 4)");
            df.write().format("albis").save(albis + "/k=0");
            df.write().option("compression", "none").parquet(parquet + "/k=0");
        }
        String[] sums = columns.stream().map(c -> "sum(" + c + ")").toArray(String[]::new);
        String v1Default = spark.conf().get("spark.sql.sources.useV1SourceList");
        Map<String, Runnable> reads = new LinkedHashMap<>();
        for (String name : cases) {
            reads.put(name, () -> {
                boolean isAlbis = name.startsWith("albis");
                spark.conf().set(ColumnarReads.Enabled(), String.valueOf(!name.startsWith("albis-rows")));
                spark.conf().set("spark.sql.sources.useV1SourceList", v1Default + (name.endsWith("-v1") ? ",albis" : ""));
                Dataset<Row> table = spark.read().format(isAlbis ? "albis" : "parquet").load(isAlbis ? albis : parquet);
                if (noop) {
                    table.drop("k").write().format("noop").mode("overwrite").save();
                } else {
                    table.selectExpr(sums).collectAsList();
                }
            });
        }
        for (int w = 0; w < 2; w++) {
            reads.values().forEach(Runnable::run);
        }
        Map<String, List<Double>> seconds = new LinkedHashMap<>();
        for (int r = 0; r < runs; r++) {
            for (Map.Entry<String, Runnable> e : reads.entrySet()) {
                long t0 = System.nanoTime();
                e.getValue().run();
                seconds.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add((System.nanoTime() - t0) / 1e9);
            }
        }
        for (Map.Entry<String, List<Double>> e : seconds.entrySet()) {
            List<Double> t = new ArrayList<>(e.getValue());
            Collections.sort(t);
            System.out.printf("%-18s %s median %.3f s (min %.3f, max %.3f), %.0f ns/row%n", e.getKey(), noop ? "noop" : "sum",
                    t.get(t.size() / 2), t.get(0), t.get(t.size() - 1), t.get(t.size() / 2) * 1e9 / rows);
        }
        spark.stop();
    }
}
