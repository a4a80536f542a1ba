package io.albis.bench.experiment;

/** What a case measures. */
public enum Kind {
    /** Reading a written copy back, every value into the checksum. */
    READ,
    /** Writing the source table in a format. */
    WRITE,
    /** The bytes a written copy takes on disk (not timed). */
    SIZE,
    /** Spark level (experiment 10): a query that brings every value of a copy into Spark's {@code noop} sink. */
    SPARK_INGEST,
    /** Spark level (experiment 10): {@code SELECT sum(c1), ..., sum(cN)} over a copy. */
    SPARK_SUM;

    /** Whether a Spark-level format runs this kind as a query of its own; the data is checked once, untimed. */
    public boolean sparkQuery() {
        return this == SPARK_INGEST || this == SPARK_SUM;
    }
}
