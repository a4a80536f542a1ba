package io.albis.spark;

import io.albis.table.AlbisTable;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Run by {@link SparkLocalClusterTest} in a JVM of its own: Spark with two executors in separate
 * JVMs ({@code local-cluster[2,1,1024]}) writes a table of several row groups and reads it back,
 * and prints what the test checks: the row groups, the read tasks, the rows, and how many
 * processes other than the driver ran the read.
 */
public final class LocalClusterMain {
    private LocalClusterMain() {}

    public static void main(String[] args) throws Exception {
        String table = args[0];
        SparkSession spark = SparkSession.builder().master("local-cluster[2,1,1024]").appName("albis-local-cluster")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1").getOrCreate();
        try {
            spark.range(0, 10000, 1, 4).toDF("id").write().format("albis").option("rowGroupRows", "1000").save(table);
            int rowGroups = AlbisTable.open(table).rowGroups().size();
            Dataset<Row> read = spark.read().format("albis").load(table);
            String driver = ManagementFactory.getRuntimeMXBean().getName();
            List<String> perTask = read.mapPartitions((MapPartitionsFunction<Row, String>) rows -> {
                long n = 0;
                long sum = 0;
                while (rows.hasNext()) {
                    n++;
                    sum += rows.next().getLong(0);
                }
                return List.of(ManagementFactory.getRuntimeMXBean().getName() + " " + n + " " + sum).iterator();
            }, Encoders.STRING()).collectAsList();
            long rows = perTask.stream().mapToLong(s -> Long.parseLong(s.split(" ")[1])).sum();
            long sum = perTask.stream().mapToLong(s -> Long.parseLong(s.split(" ")[2])).sum();
            long executors = perTask.stream().map(s -> s.split(" ")[0]).filter(p -> !p.equals(driver)).distinct().count();
            System.out.println("RESULT rowGroups=" + rowGroups + " tasks=" + perTask.size() + " rows=" + rows + " sum=" + sum
                    + " executorProcesses=" + executors);
        } finally {
            spark.stop();
        }
    }
}
