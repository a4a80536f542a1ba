package io.albis.bench.format;

import io.albis.scan.ScanResult;
import java.util.List;

/** Combining and comparing {@link ScanResult}s. */
public final class ScanResults {
    private ScanResults() {}

    /** The totals of parts read side by side, with the wall time of the whole read. */
    public static ScanResult sum(List<ScanResult> parts, long nanos) {
        long rows = 0;
        long logical = 0;
        long nulls = 0;
        long checksum = 0;
        for (ScanResult p : parts) {
            rows += p.rows();
            logical += p.logicalBytes();
            nulls += p.nulls();
            checksum += p.checksum();
        }
        return new ScanResult(rows, logical, nulls, checksum, nanos);
    }

    public static ScanResult withNanos(ScanResult r, long nanos) {
        return new ScanResult(r.rows(), r.logicalBytes(), r.nulls(), r.checksum(), nanos);
    }

    /** Whether two reads returned the same data (timings aside). */
    public static boolean sameData(ScanResult a, ScanResult b) {
        return a.rows() == b.rows() && a.logicalBytes() == b.logicalBytes() && a.nulls() == b.nulls()
                && a.checksum() == b.checksum();
    }

    public static String describe(ScanResult r) {
        return r.rows() + " rows, " + r.logicalBytes() + " logical bytes, " + r.nulls() + " nulls, checksum "
                + r.checksumHex();
    }
}
