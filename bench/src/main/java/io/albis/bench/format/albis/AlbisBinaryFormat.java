package io.albis.bench.format.albis;

import io.albis.bench.format.ScanResults;
import io.albis.bench.format.ReadSpec;
import io.albis.scan.ChecksumScan;
import io.albis.scan.ScanResult;
import java.io.IOException;
import java.nio.file.Path;

/** Albis through its binary API: {@link ChecksumScan} sums values in place in the segment buffers. */
public final class AlbisBinaryFormat extends AlbisDataFormat {

    @Override
    public String name() {
        return "albis-binary";
    }

    @Override
    public ScanResult read(Path dir, ReadSpec spec, int threads) throws IOException {
        long start = System.nanoTime(); // opening the table is part of the read
        ScanResult r = ChecksumScan.scan(open(dir), options(spec), threads);
        return ScanResults.withNanos(r, System.nanoTime() - start);
    }
}
