package io.albis.bench.format.peer;

import io.albis.scan.ScanResult;
import io.albis.scan.ValueChecksum;

/**
 * Running totals of one reader thread: rows returned, logical bytes and nulls of the projected
 * values, and the {@link ValueChecksum} sum of the non-null ones. Readers add per batch, from
 * locals, so the hot loops touch no fields.
 */
public final class Tally {
    private long rows;
    private long logicalBytes;
    private long nulls;
    private long sum;

    public void addRows(long n) {
        rows += n;
    }

    /** Adds one column's contribution: its value sum, the logical bytes of its values, its nulls. */
    public void add(long valueSum, long bytes, long nullCount) {
        sum += valueSum;
        logicalBytes += bytes;
        nulls += nullCount;
    }

    public void add(Tally other) {
        rows += other.rows;
        logicalBytes += other.logicalBytes;
        nulls += other.nulls;
        sum += other.sum;
    }

    /** The totals as {@link io.albis.scan.ChecksumScan} reports them: each null adds {@link ValueChecksum#NULL_WEIGHT}. */
    public ScanResult result(long nanos) {
        return new ScanResult(rows, logicalBytes, nulls, sum + nulls * ValueChecksum.NULL_WEIGHT, nanos);
    }
}
