package io.albis.bench.format;

/**
 * A column a copy is written with bloom filters on, as a token of a variant:
 * {@code bloom_<column>}. Every format sizes its filters for the same false-positive rate,
 * {@link #FPP}, so copies with bloom filters compare like for like.
 */
public record BloomFilterColumn(String column) {
    /** Parquet-java's default false-positive rate, used for the filters of every format. */
    public static final double FPP = 0.01;
    private static final String PREFIX = "bloom_";

    public BloomFilterColumn {
        if (column.isEmpty() || column.contains("-") || column.contains("/")) {
            throw new IllegalArgumentException("a bloom filter column in a variant needs a name without '-' or '/', got '"
                    + column + "'");
        }
    }

    /** Whether a variant token names a bloom filter column. */
    public static boolean isToken(String token) {
        return token.startsWith(PREFIX);
    }

    /** The column a token {@code bloom_<column>} names. */
    public static BloomFilterColumn ofToken(String token) {
        if (!isToken(token)) {
            throw new IllegalArgumentException("'" + token + "' is not " + PREFIX + "<column>");
        }
        return new BloomFilterColumn(token.substring(PREFIX.length()));
    }

    /** The variant token: {@code bloom_key} for the column {@code key}. */
    public String token() {
        return PREFIX + column;
    }
}
