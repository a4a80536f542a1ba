package io.albis.scan;

/**
 * What a full read produced: rows, logical bytes ({@link LogicalBytes}: the data's own size, the same for
 * every format), nulls, a checksum over every value, and the wall time.
 */
public record ScanResult(long rows, long logicalBytes, long nulls, long checksum, long nanos) {

    public double seconds() {
        return nanos / 1e9;
    }

    /** Logical gigabytes (10^9 bytes) per second. */
    public double goodputGBps() {
        return nanos == 0 ? 0 : logicalBytes / (double) nanos;
    }

    ScanResult plus(ScanResult o) {
        return new ScanResult(rows + o.rows, logicalBytes + o.logicalBytes, nulls + o.nulls, checksum + o.checksum,
                Math.max(nanos, o.nanos));
    }

    ScanResult withNanos(long n) {
        return new ScanResult(rows, logicalBytes, nulls, checksum, n);
    }

    /** The checksum as printed by the tools: the value sum and null count folded into one hex word. */
    public String checksumHex() {
        return String.format("%016x", checksum);
    }
}
