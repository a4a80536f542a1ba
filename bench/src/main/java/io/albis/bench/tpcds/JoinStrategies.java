package io.albis.bench.tpcds;

import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.joins.BaseJoinExec;

/**
 * The joins an executed plan ran, by operator ({@link ExecutedPlanNodes}), as
 * {@code BroadcastHashJoin=4 SortMergeJoin=1}: what tells whether two formats ran one plan, since
 * Spark chooses joins by the sizes it estimates for the tables.
 */
final class JoinStrategies {
    private JoinStrategies() {}

    static String of(SparkPlan executed) {
        return ExecutedPlanNodes.count(executed, plan -> plan instanceof BaseJoinExec, SparkPlan::nodeName);
    }
}
