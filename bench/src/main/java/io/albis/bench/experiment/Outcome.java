package io.albis.bench.experiment;

import io.albis.scan.ScanResult;
import java.util.List;

/**
 * What a task measured in one JVM: the data read (for a write, read back from what was written),
 * the bytes written (writes only) and the wall time of each measured repetition.
 */
public record Outcome(int id, long rows, long logicalBytes, long nulls, long checksum, long fileBytes, List<Long> nanos) {

    public ScanResult data() {
        return new ScanResult(rows, logicalBytes, nulls, checksum, 0);
    }
}
