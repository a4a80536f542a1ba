package io.albis.spark.catalog;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF2;
import org.apache.spark.sql.types.DataTypes;

/**
 * A Spark SQL shell in a JVM of its own, which {@link SqlShell} drives: a session on the master
 * it is given with the warehouse catalog {@code lake}, that runs each line of its standard input
 * as one statement and appends to an answer file, each line flushed, {@code BEGIN n} as statement
 * {@code n} starts and {@code OK n <rows>} or {@code FAILED n <error>} when it ends. It stops when
 * its input ends (as when the test JVM dies).
 *
 * <p>Statements may call {@code pause(id, millis)}, which returns {@code id} after sleeping
 * {@code millis} on every hundredth id: a write that takes long enough for a kill to land inside.
 */
public final class SqlShellMain {
    private SqlShellMain() {}

    /** Arguments: master, warehouse directory, answer file. */
    public static void main(String[] args) throws Exception {
        SparkSession spark = SparkSession.builder().master(args[0]).appName("albis-sql-shell")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.sql.catalog.lake", AlbisCatalog.class.getName())
                .config("spark.sql.catalog.lake.warehouse", args[1])
                .getOrCreate();
        spark.udf().register("pause", (UDF2<Long, Integer, Long>) SqlShellMain::pause, DataTypes.LongType);
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
                Writer answers = Files.newBufferedWriter(Path.of(args[2]), StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND)) {
            int n = 0;
            for (String sql = in.readLine(); sql != null; sql = in.readLine()) {
                n++;
                answer(answers, "BEGIN " + n);
                String result;
                try {
                    result = "OK " + n + " " + render(spark.sql(sql).collectAsList());
                } catch (Exception e) {
                    result = "FAILED " + n + " " + e.toString().replace('\n', ' ');
                }
                answer(answers, result);
            }
        } finally {
            spark.stop();
        }
    }

    private static Long pause(Long id, Integer millis) throws InterruptedException {
        if (id % 100 == 0) {
            Thread.sleep(millis);
        }
        return id;
    }

    private static void answer(Writer answers, String line) throws IOException {
        answers.write(line + "\n");
        answers.flush();
    }

    /** Rows as {@code a,b;c,d}. */
    private static String render(List<Row> rows) {
        return rows.stream().map(r -> r.mkString(",")).collect(Collectors.joining(";"));
    }
}
