package io.albis.bench.format.albis;

import io.albis.bench.format.ReadSpec;
import io.albis.scan.ChecksumScan;
import io.albis.scan.ScanResult;
import java.io.IOException;
import java.nio.file.Path;

/** Albis through its binary API: {@link ChecksumScan} sums values in place in the segment buffers. */
public final class AlbisBinaryFormat extends AlbisDataFormat {

    public AlbisBinaryFormat() {
        super("albis-binary");
    }

    @Override
    public ScanResult read(Path dir, ReadSpec spec, int threads) throws IOException {
        return openAndRead(dir, spec, (table, options) -> ChecksumScan.scan(table, options, threads));
    }
}
