package io.albis.tpcds;

import io.albis.error.InvalidOptionException;

/**
 * The base of dsdgen's random number streams: each column's stream starts at base + column ×
 * 2,687,714. io.trino.tpcds fixes the base at dsdgen's default; Spark generated the data behind
 * its golden TPC-DS answers with {@code dsdgen -RNGSEED 100}, so only base 100 reproduces them.
 * The two bases give different rows (store_sales at scale 1: 2,880,404 rows by default,
 * 2,879,789 with base 100).
 */
public record TpcdsSeed(int base) {
    /** dsdgen's default, and io.trino.tpcds' only one: the official row counts belong to it. */
    public static final TpcdsSeed DSDGEN_DEFAULT = new TpcdsSeed(19_620_718);
    /** {@code -RNGSEED 100}: the data behind Spark's golden TPC-DS answers. */
    public static final TpcdsSeed SPARK_GOLDEN = new TpcdsSeed(100);

    /** "default" (or dsdgen's base itself) or a whole number of at least 0. */
    public static TpcdsSeed parse(String text) {
        String t = text.trim();
        if (t.equalsIgnoreCase("default")) {
            return DSDGEN_DEFAULT;
        }
        try {
            int base = Integer.parseInt(t);
            if (base >= 0) {
                return new TpcdsSeed(base);
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new InvalidOptionException("TPC-DS seed must be 'default' or a whole number of at least 0 (100 for"
                + " Spark's golden answers), got '" + text + "'");
    }

    /** How a result names the data it used. */
    @Override
    public String toString() {
        return this.equals(DSDGEN_DEFAULT) ? "default (" + base + ")" : Integer.toString(base);
    }
}
