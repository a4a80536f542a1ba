package io.albis.bench.tpcds;

import java.util.Locale;

/**
 * Which dates the star join's dimension filter keeps, given how many: a random set of them (the
 * default), or a run of consecutive dates, as a query's date range keeps.
 */
enum DateFilter {
    /**
     * The dates whose rank in a seeded shuffle of all dates ({@code d_pick}) is at most the
     * count, as the Databricks join-pushdown study filtered its dimension by a column of random
     * values: the kept date keys are spread over the whole key range.
     */
    SCATTERED,
    /** That many consecutive dates from the middle of the dimension's range. */
    RANGE;

    /** The condition on the dimension {@code d} that keeps {@code dates} of its dates. */
    String predicate(int dates) {
        return switch (this) {
            case SCATTERED -> "d.d_pick <= " + dates;
            case RANGE -> {
                int first = StarJoinTables.FIRST_DATE_SK + (StarJoinTables.DATES - dates) / 2;
                yield "d.d_date_sk BETWEEN " + first + " AND " + (first + dates - 1);
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
