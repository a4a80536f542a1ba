package io.albis.bench.experiment;

/** What a case measures. */
public enum Kind {
    /** Reading a written copy back, every value into the checksum. */
    READ,
    /** Writing the source table in a format. */
    WRITE,
    /** The bytes a written copy takes on disk (not timed). */
    SIZE
}
