package io.albis.bench.tpcds;

import io.albis.spark.OperatorsIntoScans;
import io.albis.spark.read.AlbisScan;
import io.albis.tpcds.TpcdsGenerator;
import io.albis.tpcds.TpcdsSeed;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.apache.spark.sql.types.StructType;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * {@code scripts/tpcds pushdowns}: which queries derived from TPC-DS get an aggregate, a LIMIT or
 * a top-N pushed into an Albis scan, found by planning every query (nothing runs) on the Albis
 * tables read through the session catalog, with the Albis session extension's rule on (scans
 * below such an operator take their filters alone) and off (Spark's pushdown with the selective
 * filters left above every scan). Which operators Spark pushes depends on the queries and the
 * tables' columns, not on their sizes, so a small scale answers for every scale.
 */
@Command(name = "pushdowns", mixinStandardHelpOptions = true,
        header = "Lists the queries derived from TPC-DS whose Albis scans take an aggregate, a LIMIT or a top-N.",
        description = {
            "Generates the tables at --scale (default 0.01: what Spark pushes does not depend on the sizes), writes"
                    + " them as Albis tables, declares them in the Albis session catalog and plans every query of"
                    + " Spark's tests jar twice: with the Albis rule that gives scans below an aggregate, LIMIT or"
                    + " top-N their filters alone, and without it. Nothing is run or timed.",
            "Prints each query whose scans took an operator and writes tpcds-pushdowns.csv to --out (a row per"
                    + " scan that took one)."})
public final class PushdownsCommand implements Callable<Integer> {
    @Option(names = "--data", paramLabel = "DIR", description = "Where the tables go (default bench/data).")
    Path data;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the report goes (default bench/results/tpcds-pushdowns).")
    Path out;

    @Option(names = "--scale", paramLabel = "S", defaultValue = "0.01", description = "TPC-DS scale (default 0.01).")
    double scale;

    @Option(names = "--queries", split = ",", paramLabel = "Q",
            description = "Queries, comma-separated, as Spark names them (q1, q14a, q5a-v2.7; default all).")
    List<String> queries;

    /** One scan of a planned query that took an operator. */
    record Pushed(String query, boolean rule, String table, String aggregate, String groupBy, String limit) {
        String csv() {
            return String.join(",", query, rule ? "on" : "off", table, quoted(aggregate), quoted(groupBy), quoted(limit));
        }

        private static String quoted(String s) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
    }

    @Override
    public Integer call() throws Exception {
        TpcdsGenerator.checkScale(scale);
        Path outDir = io.albis.bench.experiment.BenchDirs.resultsOr(out, "bench/results/tpcds-pushdowns");
        try (SparkTestsJar jar = SparkTestsJar.open()) {
            Map<String, StructType> schemas = jar.tableSchemas();
            List<TpcdsQuery> chosen = queries == null ? TpcdsQuery.all(jar) : TpcdsCommand.choose(TpcdsQuery.all(jar), queries);
            Set<String> needed = new LinkedHashSet<>();
            chosen.forEach(q -> needed.addAll(q.tables(schemas.keySet())));
            TpcdsData tpcds = new TpcdsData(io.albis.bench.experiment.BenchDirs.dataOr(data), scale,
                    TpcdsSeed.SPARK_GOLDEN, schemas, false, System.out);
            List<String> tables = new ArrayList<>(needed);
            tpcds.generateText(tables, 2);
            SparkSession spark = TpcdsCommand.session(2, 4);
            tpcds.write(spark, TpcdsFormat.ALBIS, tables, null);
            tpcds.register(spark, TpcdsFormat.ALBIS, tables);
            spark.catalog().setCurrentDatabase(TpcdsFormat.ALBIS.database());
            // Planning only: adaptive execution would not change what the optimizer pushed into scans.
            spark.conf().set("spark.sql.adaptive.enabled", "false");
            List<Pushed> pushed = new ArrayList<>();
            for (boolean rule : new boolean[] {true, false}) {
                spark.conf().set(OperatorsIntoScans.Enabled(), Boolean.toString(rule));
                for (TpcdsQuery q : chosen) {
                    pushed.addAll(pushedIn(q.name(), rule, spark.sql(q.sql()).queryExecution().executedPlan()));
                }
            }
            spark.conf().unset(OperatorsIntoScans.Enabled());
            write(outDir.resolve("tpcds-pushdowns.csv"), pushed);
            print(System.out, chosen.size(), pushed);
            return 0;
        }
    }

    /** The scans of {@code plan} (subqueries included) that took an aggregate, a LIMIT or a top-N. */
    static List<Pushed> pushedIn(String query, boolean rule, SparkPlan plan) {
        List<Pushed> found = new ArrayList<>();
        ExecutedPlanNodes.forEach(plan, node -> {
            if (node instanceof BatchScanExec scan && scan.scan() instanceof AlbisScan albis) {
                Map<String, String> meta = CollectionConverters.asJava(albis.getMetaData());
                String aggregate = meta.getOrDefault("PushedAggregation", "[]");
                String limit = meta.getOrDefault("PushedTopN", meta.getOrDefault("PushedLimit", ""));
                if (!aggregate.equals("[]") || !limit.isEmpty()) {
                    found.add(new Pushed(query, rule, scan.table().name(), aggregate.equals("[]") ? "" : aggregate,
                            meta.getOrDefault("PushedGroupBy", "[]").equals("[]") ? "" : meta.get("PushedGroupBy"), limit));
                }
            }
        });
        return found;
    }

    private static void write(Path file, List<Pushed> pushed) throws IOException {
        Files.createDirectories(file.getParent());
        List<String> lines = new ArrayList<>();
        lines.add("query,rule,table,pushed_aggregation,pushed_group_by,pushed_limit_or_top_n");
        pushed.forEach(p -> lines.add(p.csv()));
        Files.write(file, lines);
    }

    private static void print(PrintStream out, int planned, List<Pushed> pushed) {
        for (boolean rule : new boolean[] {true, false}) {
            Set<String> withAggregate = new LinkedHashSet<>();
            Set<String> withLimit = new LinkedHashSet<>();
            Set<String> withTopN = new LinkedHashSet<>();
            for (Pushed p : pushed) {
                if (p.rule() == rule) {
                    (p.aggregate().isEmpty() ? (p.limit().startsWith("ORDER BY") ? withTopN : withLimit) : withAggregate)
                            .add(p.query());
                }
            }
            out.printf("pushdowns: rule %s: of %d queries, an aggregate in %d %s, a LIMIT in %d %s, a top-N in %d %s%n",
                    rule ? "on" : "off", planned, withAggregate.size(), withAggregate, withLimit.size(), withLimit,
                    withTopN.size(), withTopN);
        }
        pushed.stream().filter(Pushed::rule).forEach(p -> out.printf("pushdowns: %s %s: %s%s%s%n", p.query(), p.table(),
                p.aggregate(), p.groupBy().isEmpty() ? "" : " GROUP BY " + p.groupBy(), p.limit()));
    }
}
