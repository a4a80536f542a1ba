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
    SPARK_SUM,
    /** Experiment 11: a column computed from each row's columns added to a copy ({@link Evolution#change}). */
    ADD_COLUMN,
    /** Experiment 11: a heavy drop of a column of a copy. */
    DROP_COLUMN,
    /** Experiment 11: a copy's columns in other column groups. */
    REGROUP;

    /** Whether a Spark-level format runs this kind as a query of its own; the data is checked once, untimed. */
    public boolean sparkQuery() {
        return this == SPARK_INGEST || this == SPARK_SUM;
    }

    /** Whether this kind changes a copy's columns (experiment 11): timed, with the bytes it writes, then checked. */
    public boolean change() {
        return this == ADD_COLUMN || this == DROP_COLUMN || this == REGROUP;
    }
}
