package io.albis.bench.experiment;

import io.albis.scan.ScanResult;
import java.util.List;

/**
 * A case's result over all forks: its data, the bytes of the copy it read (or wrote), every
 * measured repetition's wall time, and its goodput relative to the raw read and to Albis at the
 * same point (NaN where there is none).
 */
public record CaseResult(Case c, ScanResult data, long fileBytes, List<Long> nanos, int forks, Check check,
        double ratioToRaw, double ratioToAlbis) {

    public CaseResult {
        nanos = nanos.stream().sorted().toList();
    }

    public boolean timed() {
        return !nanos.isEmpty();
    }

    public double medianSeconds() {
        if (nanos.isEmpty()) {
            return Double.NaN;
        }
        int n = nanos.size();
        double median = n % 2 == 1 ? nanos.get(n / 2) : (nanos.get(n / 2 - 1) + nanos.get(n / 2)) / 2.0;
        return median / 1e9;
    }

    public double minSeconds() {
        return nanos.isEmpty() ? Double.NaN : nanos.get(0) / 1e9;
    }

    public double maxSeconds() {
        return nanos.isEmpty() ? Double.NaN : nanos.get(nanos.size() - 1) / 1e9;
    }

    /** Logical GB (10^9 bytes) per second of the median repetition. */
    public double goodputGBps() {
        double s = medianSeconds();
        return s > 0 ? data.logicalBytes() / s / 1e9 : Double.NaN;
    }

    /**
     * Whether this case reads a whole table in a format: every row and every column, so it reads
     * at least the bytes the raw read touches and cannot be faster than it.
     */
    public boolean fullTableRead() {
        return c.kind() == Kind.READ && !c.format().startsWith("raw") && c.spec() != null && !c.spec().hasFilter()
                && c.spec().columns() == null;
    }

    /**
     * A full-table read whose median beat the raw read's: the limit measured is not the physical
     * limit (or the read skipped bytes). Flagged in the results, never a failed test.
     */
    public boolean fasterThanRaw() {
        return fullTableRead() && ratioToRaw > 1.0;
    }

    public CaseResult withRatios(double toRaw, double toAlbis) {
        return new CaseResult(c, data, fileBytes, nanos, forks, check, toRaw, toAlbis);
    }

    public CaseResult withCheck(Check k) {
        return new CaseResult(c, data, fileBytes, nanos, forks, k, ratioToRaw, ratioToAlbis);
    }
}
