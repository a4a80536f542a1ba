package io.albis.bench;

import io.albis.bench.format.albis.BenchStorage;
import io.albis.bench.storage.StorageBackends;
import io.albis.read.ReadOptions;
import io.albis.scan.ScanVersusRaw;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code scripts/bench [options] scan TABLE}: one table read on each storage backend of this JVM,
 * each against its own raw read, with the harness's {@code --storage}, {@code --threads},
 * {@code --warmup} and {@code --repeat}.
 */
@Command(name = "scan", mixinStandardHelpOptions = true,
        header = "Scan one Albis table on the local file system and on an HDFS and a Crail started in this JVM.",
        description = {
            "Copies the local table TABLE into each backend the harness's --storage names (an HDFS namenode and"
                    + " datanode, a Crail namenode and TCP datanode, all in this JVM on 127.0.0.1), then measures"
                    + " each as 'albis scan' does, in this JVM: every value read into a checksum, alternating with a"
                    + " raw read of the same data files through the same storage, --warmup and --repeat times per"
                    + " --threads count. Goodput = logical data bytes / median scan time, in GB/s.",
            "The harness's options go before 'scan', e.g. scripts/bench --storage local,hdfs-local,crail-local"
                    + " --threads 1 --warmup 3 --repeat 9 scan data/ss. Every backend must return the rows and"
                    + " checksum of the first. To scan a table on a cluster of your own, run 'albis scan' on its"
                    + " hdfs:// or crail:// path."})
final class StorageScanCommand implements Callable<Integer> {
    @Parameters(paramLabel = "TABLE", description = "A local Albis table (its directory).")
    Path table;

    /** The harness's options: --storage, --threads, --warmup, --repeat. */
    @ParentCommand
    BenchMain harness;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Path dir = table.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(table + ": no such directory (TABLE is a local Albis table)");
        }
        PrintWriter out = spec.commandLine().getOut();
        // Crail holds the copy in memory, a block at least per file: room for twice the table.
        long crailBytes = Math.max(StorageBackends.CRAIL_BYTES, 2 * bytesUnder(dir));
        try (StorageBackends backends = StorageBackends.start(harness.storage, crailBytes)) {
            if (!backends.started().isEmpty()) {
                out.println("bench scan: storage backends " + backends.started());
            }
            out.printf("bench scan: %s, median of %d runs after %d warm-up runs%n", dir, harness.repeat, harness.warmup);
            out.printf("%-12s %7s %12s %16s %10s %14s %10s %8s  %s%n", "storage", "threads", "rows", "logical bytes",
                    "scan s", "goodput GB/s", "raw GB/s", "ratio", "checksum");
            ScanVersusRaw.Result first = null;
            for (String storage : harness.storage) {
                for (int threads : harness.data.threads) {
                    ScanVersusRaw.Result r = ScanVersusRaw.run(BenchStorage.open(dir, StorageBackends.backend(storage)),
                            ReadOptions.all(), threads, harness.warmup, harness.repeat);
                    out.printf("%-12s %7d %12d %16d %10.3f %14.3f %10.3f %8.2f  %s%n", storage.trim(), threads, r.rows(),
                            r.logicalBytes(), r.scan().median(), r.goodputGBps(), r.rawGBps(), r.ratioToRaw(), r.checksum());
                    out.flush();
                    if (first == null) {
                        first = r;
                    } else if (r.rows() != first.rows() || !r.checksum().equals(first.checksum())) {
                        throw new IOException(storage.trim() + " returned " + r.rows() + " rows, checksum " + r.checksum()
                                + "; the first read returned " + first.rows() + " rows, checksum " + first.checksum());
                    }
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
