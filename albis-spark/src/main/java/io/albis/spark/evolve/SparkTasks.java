package io.albis.spark.evolve;

import java.io.IOException;
import java.io.Serializable;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

/**
 * Work the driver hands to Spark as one job: a task per index, so each row group (or slice of one)
 * is written by a task of its own, in parallel across the executors. Spark retries a failed
 * attempt; the job fails when a task fails for good.
 */
final class SparkTasks {
    private SparkTasks() {}

    /** One task's work: given its index and Spark's attempt number, shipped to an executor. */
    @FunctionalInterface
    interface IndexTask extends Serializable {
        void run(int index, int attempt) throws IOException;
    }

    /** Runs {@code task} for every index from 0 to {@code count - 1}, one Spark task each. */
    static void run(SparkSession spark, int count, IndexTask task) {
        if (count == 0) {
            return;
        }
        List<Integer> indexes = IntStream.range(0, count).boxed().toList();
        JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(indexes, count)
                .foreach(i -> task.run(i, TaskContext.get().attemptNumber()));
    }
}
