package io.albis.spark;

import org.apache.spark.sql.SparkSession;

/** The tests' Spark: one local[2] session per JVM (2 tries per task), on 127.0.0.1, without UI. */
final class SparkSessions {
    private static SparkSession session;

    private SparkSessions() {}

    static synchronized SparkSession local() {
        if (session == null) {
            session = SparkSession.builder()
                    .master("local[2,2]") // a failed task is retried once, as on a cluster
                    .appName("albis-spark-tests")
                    .config("spark.ui.enabled", "false")
                    .config("spark.sql.shuffle.partitions", "2")
                    .config("spark.driver.host", "127.0.0.1")
                    .config("spark.sql.session.timeZone", "UTC")
                    .getOrCreate();
        }
        return session;
    }
}
