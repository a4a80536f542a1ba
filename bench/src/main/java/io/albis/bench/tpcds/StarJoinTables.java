package io.albis.bench.tpcds;

import static org.apache.spark.sql.functions.col;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.temporal.JulianFields;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The star join's tables, under {@code <data>/star-join/rows<N>-seed<S>/<format>/}: a date
 * dimension of {@link #DATES} dates and a fact table of N rows in two layouts, each written once
 * ({@link TableOnce}) and declared in the format's database as {@code star_date_dim},
 * {@code star_fact_random} and {@code star_fact_sorted}.
 *
 * <p>Every value of a fact row is a function of its row number and the seed (Spark's
 * {@code xxhash64}), so every format holds the same rows: a date key uniform over the
 * dimension's dates, an item, customer and store key, a ticket number (the row number), a quantity,
 * a price, a discount and the net paid: 52 bytes of values a row. The random layout keeps the rows
 * in the order they are made, which is random in date; the sorted layout range-partitions the same
 * rows by date key and sorts each partition by date key and ticket number before every format's
 * write, so that each format's files hold the same runs of dates in the same order. Both are
 * written by {@code 2 x} Spark's default parallelism tasks, one file (Albis: row group) or more each.
 */
final class StarJoinTables {
    /** The dimension's dates: 0.05% of them is one date, so 0.1%, 1%, 10%, 50% and 100% are whole dates. */
    static final int DATES = 2_000;
    static final LocalDate FIRST_DATE = LocalDate.of(2020, 1, 1);
    /** The key of the first date: its Julian day number, as TPC-DS keys its dates. */
    static final int FIRST_DATE_SK = (int) FIRST_DATE.getLong(JulianFields.JULIAN_DAY);
    static final String DATE_DIM = "star_date_dim";
    /** The fact columns the star join reads; {@code albis-used} keeps them in a column group apart from the rest. */
    static final String USED_FACT_COLUMNS = "date_key,quantity,price";

    /** The order of the fact table's rows. */
    enum Layout {
        RANDOM, SORTED;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The fact table of this layout, as declared in each format's database. */
        String table() {
            return "star_fact_" + label();
        }
    }

    private static final StructType DIMENSION = new StructType()
            .add("d_date_sk", DataTypes.IntegerType, false)
            .add("d_date", DataTypes.DateType, false)
            .add("d_year", DataTypes.IntegerType, false)
            .add("d_moy", DataTypes.IntegerType, false)
            .add("d_dom", DataTypes.IntegerType, false)
            .add("d_pick", DataTypes.IntegerType, false);

    private final Path dir;
    private final long rows;
    private final long seed;
    private final PrintStream progress;

    StarJoinTables(Path data, long rows, long seed, PrintStream progress) {
        if (rows < 1) {
            throw new IllegalArgumentException("rows must be at least 1, got " + rows);
        }
        this.dir = data.resolve("star-join").resolve("rows" + rows + "-seed" + seed);
        this.rows = rows;
        this.seed = seed;
        this.progress = progress;
    }

    long rows() {
        return rows;
    }

    private Path table(TpcdsFormat f, String name) {
        return dir.resolve(f.label).resolve(name);
    }

    /** Writes the dimension and both layouts of the fact table in {@code f} where they are not written yet. */
    void write(SparkSession spark, TpcdsFormat f) throws IOException {
        Path dimension = table(f, DATE_DIM);
        TableOnce.write(dimension, f.label, "star-join: writing " + DATE_DIM + " as " + f, progress,
                () -> dimension(spark).coalesce(1).write().format(f.source).options(f.writeOptions)
                        .mode(SaveMode.ErrorIfExists).save(dimension.toString()));
        Map<String, String> options = new HashMap<>(f.writeOptions);
        if (f == TpcdsFormat.ALBIS_USED_COLUMNS) {
            options.put("columnGroups", "used=" + USED_FACT_COLUMNS);
        }
        for (Layout layout : Layout.values()) {
            Path fact = table(f, layout.table());
            TableOnce.write(fact, f.label, String.format(Locale.ROOT, "star-join: writing %s (%,d rows) as %s",
                    layout.table(), rows, f), progress,
                    () -> fact(spark, layout).write().format(f.source).options(options).mode(SaveMode.ErrorIfExists)
                            .save(fact.toString()));
        }
    }

    /** Declares {@code f}'s tables in its database ({@link TpcdsFormat#declareTable}). */
    void declare(SparkSession spark, TpcdsFormat f) {
        f.createDatabase(spark, dir.resolve("databases"));
        f.declareTable(spark, DATE_DIM, null, table(f, DATE_DIM));
        for (Layout layout : Layout.values()) {
            f.declareTable(spark, layout.table(), null, table(f, layout.table()));
        }
    }

    /** How many fact rows join a date that {@code filter} keeps of {@code dates}, counted on {@code f}'s tables. */
    long factRowsKept(SparkSession spark, TpcdsFormat f, DateFilter filter, int dates) {
        return spark.sql("SELECT COUNT(*) FROM " + f.database() + "." + Layout.RANDOM.table() + " f JOIN "
                + f.database() + "." + DATE_DIM + " d ON f.date_key = d.d_date_sk WHERE " + filter.predicate(dates))
                .first().getLong(0);
    }

    /**
     * One row per date from {@link #FIRST_DATE}: its key (consecutive), the date, its year, month
     * and day of month, and {@code d_pick}, its rank (1 to {@link #DATES}) in a shuffle of the
     * dates seeded by the seed, which {@link DateFilter#SCATTERED} filters on.
     */
    private Dataset<Row> dimension(SparkSession spark) {
        int[] pick = new int[DATES];
        for (int i = 0; i < DATES; i++) {
            pick[i] = i + 1;
        }
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = DATES - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int swap = pick[i];
            pick[i] = pick[j];
            pick[j] = swap;
        }
        List<Row> dates = new ArrayList<>();
        for (int i = 0; i < DATES; i++) {
            LocalDate d = FIRST_DATE.plusDays(i);
            dates.add(RowFactory.create(FIRST_DATE_SK + i, java.sql.Date.valueOf(d), d.getYear(), d.getMonthValue(),
                    d.getDayOfMonth(), pick[i]));
        }
        return spark.createDataFrame(dates, DIMENSION);
    }

    /** The fact rows in {@code layout}'s order. */
    private Dataset<Row> fact(SparkSession spark, Layout layout) {
        int tasks = spark.sparkContext().defaultParallelism() * 2;
        Dataset<Row> facts = spark.range(0, rows, 1, tasks).selectExpr(
                "CAST(" + FIRST_DATE_SK + " + pmod(" + hash(1) + ", " + DATES + ") AS INT) AS date_key",
                "CAST(1 + pmod(" + hash(2) + ", 100000) AS INT) AS item_key",
                "CAST(1 + pmod(" + hash(3) + ", 1000000) AS INT) AS customer_key",
                "CAST(1 + pmod(" + hash(4) + ", 100) AS INT) AS store_key",
                "id AS ticket_number",
                "CAST(1 + pmod(" + hash(5) + ", 100) AS INT) AS quantity",
                "CAST(pmod(" + hash(6) + ", 1000000) * 0.01 AS DECIMAL(7,2)) AS price",
                "pmod(" + hash(7) + ", 31) AS discount_percent")
                .selectExpr("date_key", "item_key", "customer_key", "store_key", "ticket_number", "quantity", "price",
                        "CAST(price * discount_percent * 0.01 AS DECIMAL(7,2)) AS discount")
                .selectExpr("*", "CAST(quantity * (price - discount) AS DECIMAL(9,2)) AS net_paid");
        return layout == Layout.RANDOM ? facts
                : facts.repartitionByRange(tasks, col("date_key"), col("ticket_number"))
                        .sortWithinPartitions("date_key", "ticket_number");
    }

    /** A value of the row {@code id} for its {@code column}-th generated column, fixed by the seed. */
    private String hash(int column) {
        return "xxhash64(id, " + seed + "L, " + column + ")";
    }
}
