package io.albis.bench.tpcds;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import org.apache.spark.sql.execution.exchange.ReusedExchangeExec;

/**
 * Every node of an executed plan that ran: through adaptive plans (their final plan), their query
 * stages and subqueries, each node once; a reused exchange is skipped, as it ran where it is first
 * used.
 */
final class ExecutedPlanNodes {
    private ExecutedPlanNodes() {}

    static void forEach(SparkPlan executed, Consumer<SparkPlan> action) {
        visit(executed, Collections.newSetFromMap(new IdentityHashMap<>()), action);
    }

    /**
     * The nodes {@code which} selects, counted by the name {@code name} gives them, as
     * {@code A=2 B=1} (names in alphabetical order; "" for none).
     */
    static String count(SparkPlan executed, Predicate<SparkPlan> which, Function<SparkPlan, String> name) {
        Map<String, Integer> counts = new TreeMap<>();
        forEach(executed, plan -> {
            if (which.test(plan)) {
                counts.merge(name.apply(plan), 1, Integer::sum);
            }
        });
        return counts.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    private static void visit(SparkPlan plan, Set<SparkPlan> seen, Consumer<SparkPlan> action) {
        if (!seen.add(plan) || plan instanceof ReusedExchangeExec) {
            return;
        }
        if (plan instanceof AdaptiveSparkPlanExec adaptive) {
            visit(adaptive.executedPlan(), seen, action);
            return;
        }
        if (plan instanceof QueryStageExec stage) {
            visit(stage.plan(), seen, action);
            return;
        }
        action.accept(plan);
        plan.children().foreach(child -> {
            visit(child, seen, action);
            return null;
        });
        plan.subqueries().foreach(sub -> {
            visit(sub, seen, action);
            return null;
        });
    }
}
