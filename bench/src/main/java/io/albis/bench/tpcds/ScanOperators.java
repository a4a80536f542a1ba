package io.albis.bench.tpcds;

import org.apache.spark.sql.execution.DataSourceScanExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanExecBase;

/**
 * The operators that read the tables of an executed plan ({@link ExecutedPlanNodes}), by class, as
 * {@code BatchScanExec=3}: a V2 scan ({@code BatchScanExec}) or one of Spark's V1 file scans
 * ({@code FileSourceScanExec}), which shows how each format's tables were read.
 */
final class ScanOperators {
    private ScanOperators() {}

    static String of(SparkPlan executed) {
        return ExecutedPlanNodes.count(executed, ScanOperators::isScan, plan -> plan.getClass().getSimpleName());
    }

    /** Whether {@code plan} reads a table: a V2 scan or one of Spark's V1 scans. */
    static boolean isScan(SparkPlan plan) {
        return plan instanceof DataSourceScanExec || plan instanceof DataSourceV2ScanExecBase;
    }
}
