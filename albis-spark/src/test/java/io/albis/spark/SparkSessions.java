package io.albis.spark;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.spark.sql.SparkSession;

/**
 * The tests' Spark: one local[2] session per JVM (2 tries per task), on 127.0.0.1, without UI, with
 * the Albis session catalog switched on as the README says.
 */
public final class SparkSessions {
    private static SparkSession session;

    private SparkSessions() {}

    public static synchronized SparkSession local() {
        if (session == null) {
            session = SparkSession.builder()
                    .master("local[2,2]") // a failed task is retried once, as on a cluster
                    .appName("albis-spark-tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.sql.shuffle.partitions", "2")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.sql.session.timeZone", "UTC")
                    .config("spark.sql.catalog.spark_catalog", "io.albis.spark.catalog.AlbisSessionCatalog")
                    .getOrCreate();
        }
        return session;
    }

    /** Runs {@code body} with the session settings {@code conf}, then restores what they were. */
    public static <T> T withConf(Map<String, String> conf, Supplier<T> body) {
        SparkSession spark = local();
        Map<String, String> before = new LinkedHashMap<>();
        for (String k : conf.keySet()) {
            before.put(k, spark.conf().contains(k) ? spark.conf().get(k) : null);
        }
        conf.forEach((k, v) -> spark.conf().set(k, v));
        try {
            return body.get();
        } finally {
            before.forEach((k, v) -> {
                if (v == null) {
                    spark.conf().unset(k);
                } else {
                    spark.conf().set(k, v);
                }
            });
        }
    }
}
