package io.albis.memory;

import io.albis.read.RunReader;
import io.albis.read.ReadOptions;
import io.albis.read.RowRun;
import io.albis.scan.ChecksumScan;
import io.albis.scan.ScanResult;
import io.albis.table.AlbisTable;
import java.util.ArrayList;
import java.util.List;

/**
 * The child JVM of {@link StoreSalesMemoryTest}, started with little heap and direct memory:
 * scans a table with 1 and with 4 concurrent readers through the shared allocator, then asks
 * for too much in two ways, and prints what happened as key=value lines.
 */
public final class StoreSalesReads {
    private StoreSalesReads() {}

    public static void main(String[] args) throws Exception {
        AlbisTable table = AlbisTable.open(args[0]);
        BufferAllocator shared = BufferAllocator.shared();
        System.out.println("limit=" + shared.limit());
        for (int readers : new int[] {1, 4}) {
            ScanResult r = ChecksumScan.scan(table, ReadOptions.all(), readers);
            System.out.printf("readers%d=%d %d %d %016x%n", readers, r.rows(), r.logicalBytes(), r.nulls(), r.checksum());
        }
        BufferAllocator.Usage u = shared.usage();
        System.out.println("usage=" + u);
        System.out.println("outstanding=" + shared.outstanding().size());
        System.out.println("inUse=" + u.inUse());
        System.out.println("peakReserved=" + u.peakReserved());
        System.out.println("peakInUse=" + u.peakInUse());

        // Whether the scan's four readers ever held all their buffers at the same moment is up to
        // the scheduler; four readers stopped on their first rows hold them for certain.
        List<RunReader> open = new ArrayList<>();
        try {
            for (int rg = 0; rg < 4; rg++) {
                RunReader reader = table.newRunReader(ReadOptions.all().withRowGroups(new int[] {rg}));
                open.add(reader);
                RowRun[] runs = reader.newRuns();
                if (reader.nextRun(runs) <= 0) {
                    throw new IllegalStateException("row group " + rg + " has no rows");
                }
            }
            System.out.println("fourOpenInUse=" + shared.usage().inUse());
        } finally {
            for (RunReader reader : open) {
                reader.close();
            }
        }
        System.out.println("fourOpenThenClosedInUse=" + shared.usage().inUse());
        System.out.println("peakReservedAfterFourOpen=" + shared.usage().peakReserved());

        // A limit below what four readers need: a clear error, and the allocator gets everything back.
        BufferAllocator small = new BufferAllocator(512 << 10);
        try {
            ChecksumScan.scan(table, ReadOptions.all().withAllocator(small), 4);
            System.out.println("tooSmall=no error");
        } catch (MemoryLimitException e) {
            System.out.println("tooSmall=" + e.getMessage());
        }
        System.out.println("tooSmallOutstanding=" + small.outstanding().size());

        // A limit above -XX:MaxDirectMemorySize: the JVM runs out first, and that too is the clear error.
        BufferAllocator beyondJvm = new BufferAllocator(1L << 30);
        try (PooledBuffer b = beyondJvm.allocate(256 << 20, "a buffer larger than the JVM's direct memory")) {
            System.out.println("beyondJvm=no error");
        } catch (MemoryLimitException e) {
            System.out.println("beyondJvm=" + e.getMessage().replace('\n', ' ') + " / cause: " + e.getCause());
        }
        System.out.println("beyondJvmReserved=" + beyondJvm.usage().reserved());
    }
}
