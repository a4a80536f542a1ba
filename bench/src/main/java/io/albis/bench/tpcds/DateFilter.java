package io.albis.bench.tpcds;

import java.time.LocalDate;
import java.util.Locale;

/**
 * Which dates the star join's dimension filter keeps, given how many: a random set of them (the
 * default), or a run of consecutive dates, as a query's date range keeps. Either tests a column of
 * the dimension that is not its join key, so that Spark cannot carry the filter over the join as a
 * filter on the fact table's key when it plans the query: what the fact scan learns of the kept
 * dates, it learns at run time.
 */
enum DateFilter {
    /**
     * The dates whose rank in a seeded shuffle of all dates ({@code d_pick}) is at most the
     * count, as the Databricks join-pushdown study filtered its dimension by a column of random
     * values: the kept date keys are spread over the whole key range.
     */
    SCATTERED,
    /** That many consecutive dates ({@code d_date}) from the middle of the dimension's range. */
    RANGE;

    /** The condition on the dimension {@code d} that keeps {@code dates} of its dates. */
    String predicate(int dates) {
        return switch (this) {
            case SCATTERED -> "d.d_pick <= " + dates;
            case RANGE -> {
                LocalDate first = StarJoinTables.FIRST_DATE.plusDays((StarJoinTables.DATES - dates) / 2);
                yield "d.d_date BETWEEN DATE'" + first + "' AND DATE'" + first.plusDays(dates - 1) + "'";
            }
        };
    }

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    static DateFilter parse(String label) {
        for (DateFilter f : values()) {
            if (f.label().equalsIgnoreCase(label.trim())) {
                return f;
            }
        }
        throw new IllegalArgumentException("no date filter '" + label + "'; they are scattered and range");
    }
}
