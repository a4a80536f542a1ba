package io.albis.bench.experiment;

/** How a result's data was checked against the source table's own scan. */
public enum Check {
    /** Rows, logical bytes, nulls and checksum equal those of ChecksumScan over the source. */
    OK("ok"),
    /** A baseline reports the Albis totals; not an independent reading, so not counted. */
    BASELINE("baseline"),
    /** Nothing was read (storage sizes). */
    NONE("-"),
    /** The data disagrees: the run fails. */
    MISMATCH("MISMATCH");

    public final String label;

    Check(String label) {
        this.label = label;
    }
}
