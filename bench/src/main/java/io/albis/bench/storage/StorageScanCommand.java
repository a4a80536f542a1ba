package io.albis.bench.storage;

import io.albis.bench.format.albis.BenchStorage;
import io.albis.read.ReadOptions;
import io.albis.scan.ScanVersusRaw;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code scripts/bench scan TABLE}: one table read on each storage backend of this JVM, each against its own raw read. */
@Command(name = "scan", mixinStandardHelpOptions = true,
        header = "Scan one Albis table on the local file system and on an HDFS and a Crail started in this JVM.",
        description = {
            "Copies the local table TABLE into each backend --storage names (an HDFS namenode and datanode, a Crail"
                    + " namenode and TCP datanode, all in this JVM on 127.0.0.1), then measures each as 'albis scan'"
                    + " does: every value read into a checksum, alternating with a raw read of the same data files"
                    + " through the same storage. Goodput = logical data bytes / median scan time, in GB/s.",
            "Every backend must return the rows and checksum of the first. To scan a table on a cluster of your"
                    + " own, run 'albis scan' on its hdfs:// or crail:// path."})
public final class StorageScanCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "TABLE", description = "A local Albis table (its directory).")
    Path table;

    @Option(names = "--storage", split = ",", paramLabel = "WHERE", defaultValue = "local,hdfs-local,crail-local",
            description = "Backends, measured in this order: local, hdfs-local, crail-local (default all three).")
    List<String> storage;

    @Option(names = "--columns", split = ",", paramLabel = "COL", description = "Columns to read (default: all).")
    List<String> columns;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "1",
            description = "Reader threads; each takes every N-th row group (default 1).")
    int threads;

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "0",
            description = "Unmeasured repetitions on each backend first (default 0).")
    int warmup;

    @Option(names = "--repeat", paramLabel = "R", defaultValue = "1",
            description = "Measured repetitions on each backend (default 1).")
    int repeat;

    @Override
    public Integer call() throws IOException {
        if (threads < 1 || repeat < 1 || warmup < 0) {
            throw new IllegalArgumentException("--threads and --repeat must be at least 1 and --warmup at least 0");
        }
        Path dir = table.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(table + ": no such directory (TABLE is a local Albis table)");
        }
        ReadOptions options = ReadOptions.all().withColumns(columns);
        PrintWriter out = spec.commandLine().getOut();
        // Crail holds the copy in memory, a block at least per file: room for twice the table.
        long crailBytes = Math.max(StorageBackends.CRAIL_BYTES, 2 * bytesUnder(dir));
        try (StorageBackends backends = StorageBackends.start(storage, crailBytes)) {
            if (!backends.started().isEmpty()) {
                out.println("bench scan: storage backends " + backends.started());
            }
            out.printf("bench scan: %s, %d thread%s, median of %d run%s after %d warm-up run%s%n", dir, threads,
                    threads == 1 ? "" : "s", repeat, repeat == 1 ? "" : "s", warmup, warmup == 1 ? "" : "s");
            out.printf("%-12s %12s %16s %10s %14s %10s %8s  %s%n", "storage", "rows", "logical bytes", "scan s",
                    "goodput GB/s", "raw GB/s", "ratio", "checksum");
            ScanVersusRaw.Result first = null;
            for (String s : storage) {
                ScanVersusRaw.Result r = ScanVersusRaw.run(BenchStorage.open(dir, StorageBackends.backend(s)), options,
                        threads, warmup, repeat);
                out.printf("%-12s %12d %16d %10.3f %14.3f %10.3f %8.2f  %s%n", s.trim(), r.rows(), r.logicalBytes(),
                        r.scan().median(), r.goodputGBps(), r.rawGBps(), r.ratioToRaw(), r.checksum());
                out.flush();
                if (first == null) {
                    first = r;
                } else if (r.rows() != first.rows() || !r.checksum().equals(first.checksum())) {
                    throw new IOException(s.trim() + " returned " + r.rows() + " rows, checksum " + r.checksum() + "; "
                            + storage.get(0).trim() + " returned " + first.rows() + " rows, checksum " + first.checksum());
                }
            }
        }
        return 0;
    }

    private static long bytesUnder(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            long total = 0;
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                total += Files.size(f);
            }
            return total;
        }
    }
}
