package io.albis.bench.tpcds;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * A format the TPC-DS-derived queries run on, with how Spark writes it. Parquet and ORC are
 * written and read by Spark's own sources; Albis by the albis source, in its default layout (one
 * column group per table) or with the columns the queries use in a group apart from the rest.
 */
enum TpcdsFormat {
    ALBIS("albis", "albis", Map.of()),
    ALBIS_USED_COLUMNS("albis-used", "albis", Map.of()),
    PARQUET_NONE("parquet-none", "parquet", Map.of("compression", "none")),
    PARQUET_SNAPPY("parquet-snappy", "parquet", Map.of("compression", "snappy")),
    ORC_NONE("orc-none", "orc", Map.of("compression", "none")),
    ORC_ZLIB("orc-zlib", "orc", Map.of("compression", "zlib"));

    /** The format others are compared with: Spark's default. */
    static final TpcdsFormat BASELINE = PARQUET_SNAPPY;

    final String label;
    final String source;
    final Map<String, String> writeOptions;

    TpcdsFormat(String label, String source, Map<String, String> writeOptions) {
        this.label = label;
        this.source = source;
        this.writeOptions = writeOptions;
    }

    /** The name of the Spark database that holds this format's tables. */
    String database() {
        return label.replace('-', '_');
    }

    /**
     * Creates this format's database unless it exists, located in {@code dir} (so that no
     * warehouse directory appears where the JVM was started).
     */
    void createDatabase(SparkSession spark, Path dir) {
        spark.sql("CREATE DATABASE IF NOT EXISTS " + database() + " LOCATION '" + dir.resolve(database()).toAbsolutePath()
                + "'");
    }

    /**
     * Declares {@code table} in this format's database over the table written at {@code location},
     * replacing a declaration of that name; with {@code columns} (DDL) as its columns, or, when
     * null, the columns the source finds there.
     */
    void declareTable(SparkSession spark, String table, String columns, Path location) {
        String name = database() + "." + table;
        spark.sql("DROP TABLE IF EXISTS " + name);
        spark.sql("CREATE TABLE " + name + (columns == null ? "" : " (" + columns + ")") + " USING " + source
                + " LOCATION '" + location.toAbsolutePath() + "'");
    }

    boolean isAlbis() {
        return source.equals("albis");
    }

    static TpcdsFormat of(String label) {
        for (TpcdsFormat f : values()) {
            if (f.label.equalsIgnoreCase(label.trim())) {
                return f;
            }
        }
        throw new IllegalArgumentException("no format '" + label + "'; formats are " + labels());
    }

    static String labels() {
        return String.join(", ", Arrays.stream(values()).map(f -> f.label).toList());
    }

    static List<TpcdsFormat> parse(List<String> labels) {
        return labels.stream().map(TpcdsFormat::of).distinct().toList();
    }

    @Override
    public String toString() {
        return label.toLowerCase(Locale.ROOT);
    }
}
