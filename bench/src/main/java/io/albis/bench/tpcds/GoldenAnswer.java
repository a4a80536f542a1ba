package io.albis.bench.tpcds;

/**
 * A golden answer of Spark's TPC-DS suite ({@code tpcds-query-results/<set>/<query>.sql.out}):
 * the result's schema as {@code catalogString} and its rows as {@link QueryAnswer} renders them.
 * The file is a generated header, then a {@code -- !query schema} section with one line and a
 * {@code -- !query output} section with one line per row.
 */
record GoldenAnswer(String schema, String output) {
    private static final String SCHEMA = "-- !query schema\n";
    private static final String OUTPUT = "-- !query output\n";

    static GoldenAnswer parse(String name, String text) {
        int s = text.indexOf(SCHEMA);
        int o = text.indexOf(OUTPUT);
        if (s < 0 || o < s) {
            throw new IllegalStateException("golden answer " + name + " has no schema and output sections");
        }
        String schema = text.substring(s + SCHEMA.length(), o).strip();
        return new GoldenAnswer(schema, QueryAnswer.stripEnd(text.substring(o + OUTPUT.length())));
    }
}
