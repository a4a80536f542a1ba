package io.albis.bench.tpcds;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.spark.sql.catalyst.expressions.BloomFilterMightContain;
import org.apache.spark.sql.catalyst.expressions.DynamicPruningExpression;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.Literal;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanExecBase;
import org.apache.spark.sql.execution.metric.SQLMetric;

/**
 * What the scans of the star join's fact table did in an executed plan ({@link ExecutedPlanNodes};
 * a fact scan is a scan that reads {@code date_key}): the rows they handed Spark (Spark's
 * {@code numOutputRows}); the runtime filters Spark gave them, as {@code dynamic-pruning} (a
 * dynamic pruning expression among the scan's runtime or partition filters, not one Spark
 * replaced by {@code true} because it could not use it), {@code bloom-filter} (a runtime
 * bloom-filter test in the plan) or {@code none}; and the custom metrics a V2 scan reports
 * ({@code name=value}, summed over the scans; Spark's V1 scans report none).
 */
record FactScan(long rows, String runtimeFilter, String metrics) {
    private static final String FACT_KEY = "date_key";
    private static final String ROWS = "numOutputRows";

    static FactScan of(SparkPlan executed) {
        long[] rows = {0};
        Set<String> filters = new TreeSet<>();
        Map<String, Long> metrics = new TreeMap<>();
        ExecutedPlanNodes.forEach(executed, plan -> {
            if (contains(plan, e -> e instanceof BloomFilterMightContain)) {
                filters.add("bloom-filter");
            }
            if (!ScanOperators.isScan(plan) || !plan.output().exists(a -> a.name().equals(FACT_KEY))) {
                return;
            }
            scala.Option<SQLMetric> out = plan.metrics().get(ROWS);
            rows[0] += out.isDefined() ? out.get().value() : 0;
            if (contains(plan, FactScan::isUsedPruning)) {
                filters.add("dynamic-pruning");
            }
            if (plan instanceof DataSourceV2ScanExecBase v2) {
                v2.customMetrics().foreach(m -> metrics.merge(m._1(), m._2().value(), Long::sum));
            }
        });
        return new FactScan(rows[0], filters.isEmpty() ? "none" : String.join("+", filters),
                metrics.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
    }

    /** Whether an expression of {@code plan} (its conditions, filters, projections) holds one {@code which} selects. */
    private static boolean contains(SparkPlan plan, java.util.function.Predicate<Expression> which) {
        return plan.expressions().exists(e -> e.exists(which::test));
    }

    private static boolean isUsedPruning(Expression e) {
        return e instanceof DynamicPruningExpression p
                && !(p.child() instanceof Literal l && Boolean.TRUE.equals(l.value()));
    }

    /** The fact scans of each query's first timed run on each format. */
    static final class FirstRuns implements TpcdsRun.TimedPlans {
        private final Map<String, Map<TpcdsFormat, FactScan>> scans = new LinkedHashMap<>();

        @Override
        public void timed(TpcdsQuery query, TpcdsFormat format, SparkPlan executed) {
            scans.computeIfAbsent(query.name(), q -> new LinkedHashMap<>()).computeIfAbsent(format,
                    f -> FactScan.of(executed));
        }

        /** The fact scans of {@code query}'s first timed run on {@code format}; null if none ran. */
        FactScan of(String query, TpcdsFormat format) {
            return scans.getOrDefault(query, Map.of()).get(format);
        }
    }
}
