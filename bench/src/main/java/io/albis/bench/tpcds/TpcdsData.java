package io.albis.bench.tpcds;

import io.albis.storage.LocalStorage;
import io.albis.tpcds.TpcdsSeed;
import io.albis.tpcds.TpcdsTextFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.CharType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.VarcharType;

/**
 * The TPC-DS tables of one scale and seed, in dsdgen's text and in every format, under
 * {@code <data>/tpcds/sf<scale>-seed<base>/}: {@code text/<table>/} then {@code <format>/<table>/}.
 * Each is made once: a table counts as made when its marker file {@code <table>.done} is there.
 *
 * <p>The text is loaded as Spark's TPC-DS suite loads dsdgen's output: split on '|', an empty
 * value is null, CHAR(n) values padded to n with spaces (so the files hold them padded), the rest
 * cast to the schema's types; each table is one Spark write, not partitioned.
 *
 * <p>With sorted facts, each fact table's rows are written sorted by its date key, in every format
 * the same order: each write task sorts its rows by the key, ascending with nulls first (Albis by
 * its {@code sortBy} write option, Parquet and ORC by {@code sortWithinPartitions} before their
 * write), so every format's files hold the same runs of dates. Those tables lie in
 * {@code <format>/<table>-sorted/}, beside the unsorted ones.
 */
final class TpcdsData {
    /** How often generating a table reports its rows. */
    private static final long PROGRESS_NANOS = 10_000_000_000L;

    /** The fact tables and the date key each is sorted by, with sorted facts. */
    static final Map<String, String> FACT_DATE_KEYS = Map.of(
            "store_sales", "ss_sold_date_sk",
            "catalog_sales", "cs_sold_date_sk",
            "web_sales", "ws_sold_date_sk",
            "store_returns", "sr_returned_date_sk",
            "catalog_returns", "cr_returned_date_sk",
            "web_returns", "wr_returned_date_sk",
            "inventory", "inv_date_sk");

    /** How the directory of a fact table written sorted is named: the table's name and this. */
    static final String SORTED_SUFFIX = "-sorted";

    private final Path dir;
    private final double scale;
    private final TpcdsSeed seed;
    private final Map<String, StructType> schemas;
    private final boolean sortedFacts;
    private final PrintStream progress;

    TpcdsData(Path data, double scale, TpcdsSeed seed, Map<String, StructType> schemas, boolean sortedFacts,
            PrintStream progress) {
        this.dir = data.resolve("tpcds").resolve(String.format(Locale.ROOT, "sf%s-seed%d", scaleText(scale), seed.base()));
        this.scale = scale;
        this.seed = seed;
        this.schemas = schemas;
        this.sortedFacts = sortedFacts;
        this.progress = progress;
    }

    private static String scaleText(double scale) {
        return scale == Math.rint(scale) ? Long.toString((long) scale) : Double.toString(scale);
    }

    Path dir() {
        return dir;
    }

    Path tableDir(TpcdsFormat format, String table) {
        return dir.resolve(format.label).resolve(sortKey(table) == null ? table : table + SORTED_SUFFIX);
    }

    /** The column {@code table}'s rows are sorted by: its date key when it is a fact table and facts are sorted, else null. */
    private String sortKey(String table) {
        return sortedFacts ? FACT_DATE_KEYS.get(table) : null;
    }

    /** Generates the text of every table of {@code tables} not generated yet, on {@code threads} threads each. */
    void generateText(List<String> tables, int threads) throws IOException {
        for (String t : tables) {
            Path text = dir.resolve("text").resolve(t);
            Path done = dir.resolve("text").resolve(t + ".done");
            if (Files.exists(done)) {
                continue;
            }
            deleteTree(text);
            long start = System.nanoTime();
            long[] lastReport = {start};
            long rows = TpcdsTextFiles.write(t, scale, seed, threads, text, n -> {
                synchronized (lastReport) {
                    if (System.nanoTime() - lastReport[0] > PROGRESS_NANOS) {
                        lastReport[0] = System.nanoTime();
                        progress.printf("tpcds: generating %s: %,d rows%n", t, n);
                    }
                }
            });
            progress.printf("tpcds: generated %s: %,d rows in %.1f s (seed %s)%n", t, rows,
                    (System.nanoTime() - start) / 1e9, seed);
            Files.writeString(done, rows + "\n");
        }
    }

    /**
     * Writes every table of {@code tables} in {@code format} where it is not written yet, with the
     * column groups {@code layouts} gives (Albis only; null for the default layout), fact tables
     * sorted by their date key when facts are sorted.
     */
    void write(SparkSession spark, TpcdsFormat format, List<String> tables, Map<String, String> layouts)
            throws IOException {
        for (String t : tables) {
            String key = sortKey(t);
            Map<String, String> options = new HashMap<>(format.writeOptions);
            if (layouts != null && layouts.get(t) != null) {
                options.put("columnGroups", layouts.get(t));
            }
            Dataset<Row> typed = typed(spark, t);
            Dataset<Row> rows;
            if (key != null && format.isAlbis()) {
                options.put("sortBy", key); // each task sorts its rows; the table records the order
                rows = typed;
            } else if (key != null) {
                rows = typed.sortWithinPartitions(key); // the same order: each task's rows, ascending, nulls first
            } else {
                rows = typed;
            }
            Path out = tableDir(format, t);
            TableOnce.write(out, format.label, "tpcds: writing " + t + " as " + format.label
                    + (key == null ? "" : ", sorted by " + key), progress,
                    () -> rows.write().format(format.source).options(options).mode(SaveMode.ErrorIfExists)
                            .save(out.toString()));
        }
    }

    /** The table's text as Spark's suite loads it, with Spark's TPC-DS types. */
    private Dataset<Row> typed(SparkSession spark, String table) {
        StructType schema = schemas.get(table);
        StructType text = new StructType();
        for (StructField f : schema.fields()) {
            text = text.add(f.name(), DataTypes.StringType, true);
        }
        Dataset<Row> raw = spark.read().schema(text).option("sep", "|").option("quote", "\u0000")
                .option("escape", "\u0000").option("nullValue", "").option("mode", "FAILFAST")
                .csv(dir.resolve("text").resolve(table).toString());
        List<Column> columns = new ArrayList<>();
        for (StructField f : schema.fields()) {
            Column c = raw.col(f.name());
            if (f.dataType() instanceof CharType ch) {
                c = functions.rpad(c, ch.length(), " ");
            } else if (!(f.dataType() instanceof VarcharType)) {
                c = c.cast(f.dataType());
            }
            columns.add(c.as(f.name()));
        }
        return raw.select(columns.toArray(new Column[0]));
    }

    /**
     * Makes {@code format}'s tables catalog tables of a database of its own (named
     * {@link TpcdsFormat#database()}), declared with Spark's TPC-DS types (so CHAR columns compare
     * as Spark's suite compares them), over the files written. With the Albis session catalog on
     * ({@link TpcdsCommand}), Albis tables are read as V2 tables; Parquet and ORC tables stay Spark's
     * own. No table is given statistics: each is sized as Spark sizes it by itself.
     */
    void register(SparkSession spark, TpcdsFormat format, List<String> tables) {
        format.createDatabase(spark, dir.resolve("databases"));
        for (String t : tables) {
            format.declareTable(spark, t, schemas.get(t).toDDL(), tableDir(format, t));
        }
    }

    /**
     * Per table, a column-groups option that puts the columns some query of {@code queries} names
     * into a group {@code used} and the rest into a group of their own; null for a table whose
     * columns are all used or all unused (its default layout is then the same).
     */
    Map<String, String> usedColumnLayouts(List<TpcdsQuery> queries) {
        Map<String, String> layouts = new HashMap<>();
        for (Map.Entry<String, StructType> e : schemas.entrySet()) {
            List<String> used = new ArrayList<>();
            for (StructField f : e.getValue().fields()) {
                Pattern word = Pattern.compile("\\b" + f.name() + "\\b");
                if (queries.stream().anyMatch(q -> word.matcher(q.sql()).find())) {
                    used.add(f.name());
                }
            }
            if (!used.isEmpty() && used.size() < e.getValue().fields().length) {
                layouts.put(e.getKey(), "used=" + String.join(",", used));
            }
        }
        return layouts;
    }

    private static void deleteTree(Path p) throws IOException {
        LocalStorage.INSTANCE.delete(p.toString());
    }
}
