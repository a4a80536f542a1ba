package io.albis.bench.tpcds;

import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.metric.SQLMetric;

/**
 * The scan time Spark's metrics expose for an executed plan: the {@code scanTime} metric of the
 * file scans (Spark keeps it for scans that produce columnar batches), summed over every scan that
 * ran ({@link ExecutedPlanNodes}). Milliseconds, summed over tasks; -1 when no scan of the plan
 * keeps the metric.
 */
final class ScanTime {
    private static final String METRIC = "scanTime";

    private ScanTime() {}

    static long millis(SparkPlan executed) {
        long[] sum = {0, 0};
        ExecutedPlanNodes.forEach(executed, plan -> {
            scala.Option<SQLMetric> metric = plan.metrics().get(METRIC);
            if (metric.isDefined()) {
                sum[0] += metric.get().value();
                sum[1]++;
            }
        });
        return sum[1] == 0 ? -1 : sum[0];
    }
}
