package io.albis.bench.tpcds;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import org.apache.spark.sql.execution.exchange.ReusedExchangeExec;
import org.apache.spark.sql.execution.metric.SQLMetric;

/**
 * The scan time Spark's metrics expose for an executed plan: the {@code scanTime} metric of the
 * file scans (Spark keeps it for scans that produce columnar batches), summed over every scan of
 * the plan, its adaptive query stages and its subqueries, each counted once. Milliseconds, summed
 * over tasks; -1 when no scan of the plan keeps the metric.
 */
final class ScanTime {
    private static final String METRIC = "scanTime";

    private ScanTime() {}

    static long millis(SparkPlan executed) {
        Set<SparkPlan> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        long[] sum = {0, 0};
        visit(executed, seen, sum);
        return sum[1] == 0 ? -1 : sum[0];
    }

    private static void visit(SparkPlan plan, Set<SparkPlan> seen, long[] sum) {
        if (!seen.add(plan) || plan instanceof ReusedExchangeExec) {
            return; // a reused exchange ran once, where it is first used
        }
        if (plan instanceof AdaptiveSparkPlanExec adaptive) {
            visit(adaptive.executedPlan(), seen, sum);
            return;
        }
        if (plan instanceof QueryStageExec stage) {
            visit(stage.plan(), seen, sum);
            return;
        }
        scala.Option<SQLMetric> metric = plan.metrics().get(METRIC);
        if (metric.isDefined()) {
            sum[0] += metric.get().value();
            sum[1]++;
        }
        plan.children().foreach(child -> {
            visit(child, seen, sum);
            return null;
        });
        plan.subqueries().foreach(sub -> {
            visit(sub, seen, sum);
            return null;
        });
    }
}
