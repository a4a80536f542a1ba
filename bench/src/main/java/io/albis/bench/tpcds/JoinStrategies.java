package io.albis.bench.tpcds;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.joins.BaseJoinExec;

/**
 * The joins an executed plan ran, by operator ({@link ExecutedPlanNodes}), as
 * {@code BroadcastHashJoin=4 SortMergeJoin=1}: what tells whether two formats ran one plan, since
 * Spark chooses joins by the sizes it estimates from the files.
 */
final class JoinStrategies {
    private JoinStrategies() {}

    static String of(SparkPlan executed) {
        Map<String, Integer> counts = new TreeMap<>();
        ExecutedPlanNodes.forEach(executed, plan -> {
            if (plan instanceof BaseJoinExec) {
                counts.merge(plan.nodeName(), 1, Integer::sum);
            }
        });
        return counts.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}
