package io.albis.bench.format.peer;

import io.albis.scan.ScanResult;
import io.albis.util.TaskFailures;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs a read over part files with {@code threads} threads, thread t reading files t, t + threads,
 * ..., like {@link io.albis.scan.ChecksumScan} does with row groups; the time is the wall time of
 * the whole read, thread start included.
 */
public final class PartitionedRead {

    private PartitionedRead() {
    }

    public static ScanResult run(List<Path> files, int threads, PartReader reader) throws IOException {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        int n = Math.max(1, Math.min(threads, files.size()));
        long start = System.nanoTime();
        if (n == 1) {
            Tally t = readPart(files, 0, 1, reader);
            return t.result(System.nanoTime() - start);
        }
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<Tally>> parts = new ArrayList<>();
            for (int t = 0; t < n; t++) {
                int part = t;
                parts.add(pool.submit(() -> readPart(files, part, n, reader)));
            }
            Tally total = new Tally();
            for (Future<Tally> f : parts) {
                total.add(f.get());
            }
            return total.result(System.nanoTime() - start);
        } catch (ExecutionException e) {
            throw TaskFailures.of(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("read interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }

    private static Tally readPart(List<Path> files, int part, int parts, PartReader reader) throws IOException {
        Tally t = new Tally();
        for (int i = part; i < files.size(); i += parts) {
            reader.read(files.get(i), t);
        }
        return t;
    }
}
