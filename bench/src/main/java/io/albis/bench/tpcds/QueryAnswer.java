package io.albis.bench.tpcds;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.plans.logical.Aggregate;
import org.apache.spark.sql.catalyst.plans.logical.Distinct;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.Generate;
import org.apache.spark.sql.catalyst.plans.logical.Join;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.catalyst.plans.logical.Sample;
import org.apache.spark.sql.catalyst.plans.logical.Sort;
import org.apache.spark.sql.execution.HiveResult;

/**
 * A query's result as Spark's TPC-DS suite writes its golden answers, so that the two compare as
 * text: the schema as {@code catalogString}; each row as {@code HiveResult} renders it (columns
 * joined by tabs, NULL as {@code NULL}, decimals at their scale, CHAR values padded), with
 * {@code #<digits>} written {@code #x}; the rows sorted unless the query orders them; trailing
 * white space of the whole output dropped.
 */
record QueryAnswer(String schema, String output, int rows) {
    private static final Pattern NUMBERED = Pattern.compile("#\\d+");

    /** Runs {@code result} and renders its rows. */
    static QueryAnswer of(Dataset<Row> result) {
        List<String> lines = new ArrayList<>();
        for (String line : scala.jdk.javaapi.CollectionConverters.asJava(
                HiveResult.hiveResultString(result.queryExecution().executedPlan()))) {
            lines.add(NUMBERED.matcher(line).replaceAll("#x"));
        }
        if (!isOrdered(result.queryExecution().analyzed())) {
            lines.sort(null);
        }
        return new QueryAnswer(result.schema().catalogString(), stripEnd(String.join("\n", lines)), lines.size());
    }

    /**
     * Whether the plan fixes the order of its rows, as Spark's suite decides it: a join, aggregate,
     * generator, sample or distinct does not; a global sort under only projections and filters
     * does; any other node does when one of its children does (so a limit over a sort does).
     */
    static boolean isOrdered(LogicalPlan plan) {
        if (plan instanceof Join || plan instanceof Aggregate || plan instanceof Generate || plan instanceof Sample
                || plan instanceof Distinct) {
            return false;
        }
        LogicalPlan below = plan;
        while (below instanceof Project || below instanceof Filter) {
            below = below.children().head();
        }
        if (below instanceof Sort sort && sort.global()) {
            return true;
        }
        return plan.children().exists(QueryAnswer::isOrdered);
    }

    /**
     * Null when this answer equals the expected one; else what differs first, in one line: the
     * schema, or the first differing row with both versions. Rows compare as Spark's TPC-DS suite
     * compares them under its broadcast and shuffled-hash join settings: each row trimmed, the rows
     * sorted. The order among rows an ORDER BY leaves tied depends on how the work was partitioned
     * (Spark wrote its golden answers at local[1] with one shuffle partition), so comparing in
     * order would fail on the partitioning, not on the data.
     */
    String difference(String expectedSchema, String expectedOutput) {
        if (!schema.equals(expectedSchema)) {
            return "schema " + schema + ", expected " + expectedSchema;
        }
        if (output.equals(expectedOutput)) {
            return null;
        }
        List<String> got = sortedTrimmed(output);
        List<String> want = sortedTrimmed(expectedOutput);
        for (int i = 0; i < Math.min(got.size(), want.size()); i++) {
            if (!got.get(i).equals(want.get(i))) {
                return "sorted row " + (i + 1) + " is [" + got.get(i) + "], expected [" + want.get(i) + "]";
            }
        }
        if (got.size() == want.size()) {
            return null;
        }
        return got.size() + " rows, expected " + want.size() + (got.size() > want.size()
                ? "; first extra row [" + got.get(want.size()) + "]" : "; first missing row [" + want.get(got.size()) + "]");
    }

    private static List<String> sortedTrimmed(String output) {
        List<String> rows = new ArrayList<>();
        for (String line : lines(output)) {
            rows.add(line.trim());
        }
        rows.sort(null);
        return rows;
    }

    private static List<String> lines(String output) {
        return output.isEmpty() ? List.of() : List.of(output.split("\n", -1));
    }

    /** {@code s} without trailing white space. */
    static String stripEnd(String s) {
        return s.stripTrailing();
    }
}
