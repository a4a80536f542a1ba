package io.albis.bench.tpcds;

import java.math.BigDecimal;

/**
 * One query of the star join: the fact table in {@code layout} joined with the date dimension,
 * whose filter keeps {@code keepPercent} of the dates (so, the dates being uniform, about that
 * share of the fact rows), by {@code join}; every fact row the join keeps is counted and summed
 * per year, so every one of them passes through the join and the aggregate.
 */
record StarJoinCase(StarJoinTables.Layout layout, double keepPercent, DateFilter filter, Join join) {
    /** How Spark joins the fact with the dimension. */
    enum Join {
        /** Spark's own choice for a small dimension: its rows broadcast, no hint needed. */
        BROADCAST("broadcast", "", "BroadcastHashJoin"),
        /** Both sides shuffled and sorted, asked for by a hint (which adaptive execution keeps). */
        SORT_MERGE("sort-merge", "/*+ MERGE(d) */ ", "SortMergeJoin");

        final String label;
        final String hint;
        /** The operator that must run the join. */
        final String operator;

        Join(String label, String hint, String operator) {
            this.label = label;
            this.hint = hint;
            this.operator = operator;
        }
    }

    StarJoinCase {
        dates(keepPercent);
    }

    /** The dates a filter keeping {@code keepPercent} of them keeps; refused unless a whole number of at least one. */
    static int dates(double keepPercent) {
        double dates = keepPercent * StarJoinTables.DATES / 100;
        if (dates < 1 || dates > StarJoinTables.DATES || Math.abs(dates - Math.rint(dates)) > 1e-9) {
            throw new IllegalArgumentException("a filter keeping " + keepPercent + "% of " + StarJoinTables.DATES
                    + " dates keeps no whole number of them: give a multiple of " + 100.0 / StarJoinTables.DATES
                    + " up to 100");
        }
        return (int) Math.rint(dates);
    }

    int dates() {
        return dates(keepPercent);
    }

    /** {@code keepPercent} as written, without trailing zeros: 0.1, 1, 10. */
    String percent() {
        return percent(keepPercent);
    }

    /** A share in percent without trailing zeros. */
    static String percent(double p) {
        return BigDecimal.valueOf(p).stripTrailingZeros().toPlainString();
    }

    /** The case's name, e.g. {@code sorted-0.1%-broadcast}. */
    String name() {
        return layout.label() + "-" + percent() + "%-" + join.label;
    }

    TpcdsQuery query() {
        return new TpcdsQuery(name(), sql(), null);
    }

    String sql() {
        return "SELECT " + join.hint + "d.d_year, COUNT(*) AS fact_rows, SUM(f.quantity) AS quantity,"
                + " SUM(f.price) AS price FROM " + layout.table() + " f JOIN " + StarJoinTables.DATE_DIM
                + " d ON f.date_key = d.d_date_sk WHERE " + filter.predicate(dates())
                + " GROUP BY d.d_year ORDER BY d.d_year";
    }

    /** The joins the plan must run, as {@link JoinStrategies} names them. */
    String expectedJoins() {
        return join.operator + "=1";
    }
}
