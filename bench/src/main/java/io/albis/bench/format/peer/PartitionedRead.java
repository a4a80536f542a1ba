package io.albis.bench.format.peer;

import io.albis.bench.format.PartFiles;
import io.albis.scan.ScanResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs a read over part files with {@code threads} threads, thread t reading files t, t + threads,
 * ... ({@link PartFiles#read}), each into a {@link Tally} of its own; the time is the wall time of
 * the whole read, thread start included.
 */
public final class PartitionedRead {

    private PartitionedRead() {
    }

    public static ScanResult run(List<Path> files, int threads, PartReader reader) throws IOException {
        long start = System.nanoTime();
        Tally total = new Tally();
        for (Tally t : PartFiles.read(files, threads, Tally::new, reader)) {
            total.add(t);
        }
        return total.result(System.nanoTime() - start);
    }
}
