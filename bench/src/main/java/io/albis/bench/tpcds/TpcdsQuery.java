package io.albis.bench.tpcds;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One TPC-DS-derived query of Spark's tests jar: named as Spark's suite names it ({@code q14a} for
 * the v1.4 set, {@code q14a-v2.7} for the v2.7 set), its SQL, and Spark's golden answer for seed
 * 100 at scale 1, or null where Spark keeps none (v1.4 q6 and q75, which Spark's suite skips as
 * flaky).
 */
record TpcdsQuery(String name, String sql, GoldenAnswer golden) {
    private static final Pattern NUMBER = Pattern.compile("q(\\d+)(.*)");

    /**
     * A query set of the jar: where its queries and golden answers are, and what its query names
     * end in.
     */
    private record QuerySet(String queries, String answers, String suffix) {
        /** The v1.4 set, then the v2.7 set. */
        static final List<QuerySet> ALL = List.of(new QuerySet("tpcds/", "tpcds-query-results/v1_4/", ""),
                new QuerySet("tpcds-v2.7.0/", "tpcds-query-results/v2_7/", "-v2.7"));
    }

    /** Every query of the jar: the v1.4 set, then the v2.7 set, each in query-number order. */
    static List<TpcdsQuery> all(SparkTestsJar jar) {
        List<TpcdsQuery> all = new ArrayList<>();
        for (QuerySet set : QuerySet.ALL) {
            List<String> names = jar.names(set.queries, ".sql");
            if (names.isEmpty()) {
                throw new IllegalStateException("Spark's tests jar has no queries in " + set.queries);
            }
            names.sort(Comparator.comparingInt(TpcdsQuery::number).thenComparing(Comparator.naturalOrder()));
            for (String q : names) {
                String golden = jar.text(set.answers + q + ".sql.out");
                all.add(new TpcdsQuery(q + set.suffix, jar.text(set.queries + q + ".sql"),
                        golden == null ? null : GoldenAnswer.parse(set.answers + q, golden)));
            }
        }
        return all;
    }

    private static int number(String name) {
        Matcher m = NUMBER.matcher(name);
        return m.matches() ? Integer.parseInt(m.group(1)) : Integer.MAX_VALUE;
    }

    /** The tables of {@code tables} this query names (as words of its text). */
    List<String> tables(Iterable<String> tables) {
        List<String> used = new ArrayList<>();
        for (String t : tables) {
            if (Pattern.compile("\\b" + t + "\\b").matcher(sql).find()) {
                used.add(t);
            }
        }
        return used;
    }
}
