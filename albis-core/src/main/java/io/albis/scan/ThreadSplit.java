package io.albis.scan;

import io.albis.util.TaskFailures;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Splits numbered parts (row groups, files) round-robin over reader threads, as every measured
 * read does: thread t of n takes parts t, t + n, t + 2n, ... No thread is started without a part
 * to read, and one thread reads on the caller's own thread.
 */
public final class ThreadSplit {

    /** What one thread does with its share of the parts, given as part numbers in ascending order. */
    @FunctionalInterface
    public interface Share<R> {
        R read(int[] parts) throws IOException;
    }

    /** What thread {@code thread} returned. */
    private record Done<R>(int thread, R result) {}

    private ThreadSplit() {}

    /** The parts thread {@code t} of {@code threads} reads. */
    public static int[] partsOf(int parts, int t, int threads) {
        int[] mine = new int[Math.max(0, (parts - t + threads - 1) / threads)];
        for (int i = 0; i < mine.length; i++) {
            mine[i] = t + i * threads;
        }
        return mine;
    }

    /**
     * Reads {@code parts} parts with {@code threads} threads (fewer when there are fewer parts)
     * and returns what each thread returned, in thread order. A failing thread fails the read:
     * the others are interrupted and waited for, so that each has closed what it opened before
     * the caller sees the failure.
     */
    public static <R> List<R> run(int parts, int threads, Share<R> share) throws IOException {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        int n = Math.max(1, Math.min(threads, parts));
        if (n == 1) {
            return List.of(share.read(partsOf(parts, 0, 1)));
        }
        ExecutorService pool = Executors.newFixedThreadPool(n);
        boolean done = false;
        try {
            // Results are taken as threads finish, so the first failure is seen at once.
            CompletionService<Done<R>> finished = new ExecutorCompletionService<>(pool);
            for (int t = 0; t < n; t++) {
                int thread = t;
                int[] mine = partsOf(parts, t, n);
                finished.submit(() -> new Done<>(thread, share.read(mine)));
            }
            List<R> results = new ArrayList<>(Collections.nCopies(n, null));
            for (int t = 0; t < n; t++) {
                Done<R> d = finished.take().get();
                results.set(d.thread(), d.result());
            }
            done = true;
            return results;
        } catch (ExecutionException e) {
            throw TaskFailures.of(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the reader threads", e);
        } finally {
            pool.shutdownNow();
            if (!done) {
                awaitStop(pool);
            }
        }
    }

    private static void awaitStop(ExecutorService pool) {
        try {
            pool.awaitTermination(1, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
