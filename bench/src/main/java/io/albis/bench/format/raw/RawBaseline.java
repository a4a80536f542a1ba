package io.albis.bench.format.raw;

import io.albis.bench.format.Baseline;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.albis.AlbisDataFormat;
import io.albis.read.ReadOptions;
import io.albis.scan.ChecksumScan;
import io.albis.scan.RawRead;
import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The physical limit: the data files an Albis scan with the same spec would read, read through
 * the same storage layer by {@link RawRead}, nothing parsed. Reports the rows, logical bytes and
 * checksum of the Albis reading of the same spec, so its goodput compares with every format's.
 */
public abstract class RawBaseline extends AlbisDataFormat implements Baseline {
    /**
     * Albis totals per directory and spec. They describe files that do not change, and computing
     * them costs a full scan, so a fork computes them once instead of once per repetition.
     */
    private static final Map<String, ScanResult> ALBIS_TOTALS = new ConcurrentHashMap<>();

    protected RawBaseline(String name) {
        super(name);
    }

    /** Whether every byte is touched (summed as longs) or only read. */
    protected abstract boolean touch();

    @Override
    public final ScanResult read(Path dir, ReadSpec spec, int threads) throws IOException {
        AlbisTable table = open(dir);
        ReadOptions options = options(spec);
        List<String> files = ChecksumScan.dataFiles(table, options);
        RawRead.Result raw = RawRead.read(table.storage(), files, threads, touch());
        ScanResult albis = albisTotals(dir, spec, table, options);
        return new ScanResult(albis.rows(), albis.logicalBytes(), albis.nulls(), albis.checksum(), raw.nanos());
    }

    private static ScanResult albisTotals(Path dir, ReadSpec spec, AlbisTable table, ReadOptions options)
            throws IOException {
        String key = dir.toAbsolutePath().normalize() + "|" + spec;
        ScanResult known = ALBIS_TOTALS.get(key);
        if (known == null) {
            known = ChecksumScan.scan(table, options, 1);
            ALBIS_TOTALS.put(key, known);
        }
        return known;
    }
}
