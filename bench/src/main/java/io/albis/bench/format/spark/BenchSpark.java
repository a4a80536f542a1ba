package io.albis.bench.format.spark;

import org.apache.spark.sql.SparkSession;

/**
 * The one Spark session of a benchmark JVM, {@code local[threads]}: Spark allows one context per
 * JVM, so a case with another thread count stops the session and starts a new one (as it does
 * when something else stopped it).
 */
public final class BenchSpark {
    private static SparkSession session;
    private static int threads;

    private BenchSpark() {}

    public static synchronized SparkSession session(int wantedThreads) {
        if (wantedThreads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + wantedThreads);
        }
        if (session != null && threads == wantedThreads && !session.sparkContext().isStopped()) {
            return session;
        }
        if (session != null) {
            session.stop();
        }
        session = SparkSession.builder().master("local[" + wantedThreads + "]").appName("albis-bench")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.session.timeZone", "UTC")
                .getOrCreate();
        session.sparkContext().setLogLevel("WARN");
        threads = wantedThreads;
        return session;
    }
}
