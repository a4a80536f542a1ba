package io.albis.spark.convert;

import io.albis.error.InvalidOptionException;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * Converts a Parquet or ORC table that Spark reads (or an Albis table, to cut it into other row
 * groups or segments) into a new Albis table, as one Spark job
 * (started by {@code spark-submit --class io.albis.spark.convert.ConvertJob} or {@code scripts/convert-spark}):
 * every task writes its rows through the albis source, and the job commit publishes them in one
 * step per table. The columns are typed as {@code albis convert} types them ({@link SourceColumns}:
 * a column Spark would read otherwise is refused before anything is written). Prints one line:
 * rows, row groups, bytes and seconds.
 */
public final class ConvertJob {
    /** Spark's setting (SQLConf.READ_SIDE_CHAR_PADDING) that pads CHAR(n) values as they are read. */
    private static final String READ_SIDE_CHAR_PADDING = "spark.sql.readSideCharPadding";

    private ConvertJob() {}

    public static void main(String[] args) throws IOException {
        if (args.length == 0 || args[0].equals("-h") || args[0].equals("--help")) {
            System.out.println(ConvertJobOptions.USAGE);
            System.exit(args.length == 0 ? 2 : 0);
        }
        ConvertJobOptions options;
        try {
            options = ConvertJobOptions.parse(args);
        } catch (InvalidOptionException e) {
            System.err.println("ConvertJob: " + e.getMessage());
            System.err.println(ConvertJobOptions.USAGE);
            System.exit(2);
            return;
        }
        SparkSession spark = SparkSession.builder().appName("albis convert " + options.input()).getOrCreate();
        try {
            long start = System.nanoTime();
            WrittenTables w = run(spark, options);
            System.out.printf("converted %s (%s) -> %s (albis): %d rows, %d row groups in %d table(s), %d bytes, %.1f s%n",
                    options.input(), options.format(), options.output(), w.rows(), w.rowGroups(), w.tables(), w.bytes(),
                    (System.nanoTime() - start) / 1e9);
        } catch (IllegalArgumentException e) {
            // a refused column or option (SchemaMismatchException, InvalidOptionException) is one line
            System.err.println("ConvertJob: " + e.getMessage());
            System.exit(1);
        } finally {
            spark.stop();
        }
    }

    /** Converts and returns what was written. */
    static WrittenTables run(SparkSession spark, ConvertJobOptions options) throws IOException {
        Configuration conf = spark.sessionState().newHadoopConf();
        if (!options.format().equals("albis")) { // an Albis table's types are Albis's already
            SourceColumns.check(options.format(), options.input(), conf, spark.sessionState().conf());
        }
        Dataset<Row> rows = read(spark, options);
        DataFrameWriter<Row> writer = rows.write().format("albis").mode(SaveMode.ErrorIfExists)
                .options(options.writeOptions());
        if (!options.partitionBy().isEmpty()) {
            writer = writer.partitionBy(options.partitionBy().toArray(new String[0]));
        }
        writer.save(options.output());
        return WrittenTables.of(options.output(), conf);
    }

    /**
     * The input as Spark reads it, but a {@code CHAR(n)} value as the file's reader gives it, not
     * padded to n by Spark (albis convert keeps the value as ORC's reader returns it). The setting
     * applies when the read is analysed, so the session's own is restored right after.
     */
    private static Dataset<Row> read(SparkSession spark, ConvertJobOptions options) {
        String before = spark.conf().get(READ_SIDE_CHAR_PADDING);
        spark.conf().set(READ_SIDE_CHAR_PADDING, "false");
        try {
            return spark.read().format(options.format()).load(options.input());
        } finally {
            spark.conf().set(READ_SIDE_CHAR_PADDING, before);
        }
    }
}
