package io.albis.bench;

import io.albis.scan.ScanResult;
import io.albis.util.TaskFailures;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads numbered parts (files or row groups) with several threads: thread t takes parts t,
 * t + threads, ... as every format in the harness does, and the totals are summed.
 */
public final class ThreadSplit {

    /** What one thread reads: the given part numbers, in order. */
    @FunctionalInterface
    public interface PartReader {
        ScanResult read(int[] parts) throws IOException;
    }

    private ThreadSplit() {}

    /** The parts thread {@code t} of {@code threads} reads. */
    public static int[] partsOf(int parts, int t, int threads) {
        int[] mine = new int[Math.max(0, (parts - t + threads - 1) / threads)];
        for (int i = 0; i < mine.length; i++) {
            mine[i] = t + i * threads;
        }
        return mine;
    }

    /** Runs the threads and returns the summed totals with the wall time of the whole read. */
    public static ScanResult read(int parts, int threads, PartReader reader) throws IOException {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        // As ChecksumScan: no thread without a part to read.
        int n = Math.max(1, Math.min(threads, parts));
        long start = System.nanoTime();
        if (n == 1) {
            ScanResult r = reader.read(partsOf(parts, 0, 1));
            return ScanResults.withNanos(r, System.nanoTime() - start);
        }
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            List<Future<ScanResult>> futures = new ArrayList<>();
            for (int t = 0; t < n; t++) {
                int[] mine = partsOf(parts, t, n);
                futures.add(pool.submit(() -> reader.read(mine)));
            }
            List<ScanResult> results = new ArrayList<>();
            for (Future<ScanResult> f : futures) {
                results.add(f.get());
            }
            return ScanResults.sum(results, System.nanoTime() - start);
        } catch (ExecutionException e) {
            throw TaskFailures.of(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("read interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }
}
