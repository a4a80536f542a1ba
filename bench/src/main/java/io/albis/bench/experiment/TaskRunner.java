package io.albis.bench.experiment;

import io.albis.bench.format.ScanResults;
import io.albis.bench.format.BenchFormat;
import io.albis.bench.format.ColumnChange;
import io.albis.bench.format.EvolvingFormat;
import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.WriteResult;
import io.albis.bench.format.spark.SparkLevelFormat;
import io.albis.scan.ScanResult;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs one task in this JVM: warm-up repetitions, then measured ones, each checked against the first. */
public final class TaskRunner {
    private TaskRunner() {}

    public static Outcome run(BenchFormat format, Task task) throws IOException {
        if (!format.name().equals(task.format())) {
            throw new IllegalArgumentException("task " + task.id() + " is for " + task.format() + ", not " + format.name());
        }
        // Start every task from a clean heap, so garbage of the previous one is not collected on its time.
        System.gc();
        return switch (task.kind()) {
            case READ -> read(format, task);
            case WRITE -> write(format, task);
            case SIZE -> throw new IllegalArgumentException("size cases are not run in forks");
            case SPARK_INGEST, SPARK_SUM -> sparkQuery(format, task);
            case ADD_COLUMN, DROP_COLUMN, REGROUP -> change(format, task);
        };
    }

    /**
     * Experiment 11: the change of the task's kind applied to the copy at {@code source}, the
     * changed table left at {@code dir} (removed before each repetition and at the end); then,
     * untimed, the changed table checked and the values of the columns it kept read.
     */
    private static Outcome change(BenchFormat format, Task task) throws IOException {
        if (!(format instanceof EvolvingFormat evolving)) {
            throw new IllegalArgumentException(format.name() + " does not change tables (" + task.kind() + ")");
        }
        ColumnChange change = Evolution.change(task.kind());
        Path copy = Path.of(task.source());
        Path dir = Path.of(task.dir());
        List<Long> nanos = new ArrayList<>();
        long fileBytes = 0;
        ScanResult data;
        try {
            for (int i = 0; i < task.warmup() + task.repeat(); i++) {
                LocalStorage.INSTANCE.delete(dir.toString());
                Files.createDirectories(dir.getParent());
                WriteResult w = evolving.change(change, copy, dir, task.codec(), task.threads());
                if (i >= task.warmup()) {
                    nanos.add(w.nanos());
                }
                fileBytes = w.fileBytes();
            }
            data = evolving.readChanged(change, dir, task.threads());
        } finally {
            LocalStorage.INSTANCE.delete(dir.toString());
        }
        return new Outcome(task.id(), data.rows(), data.logicalBytes(), data.nulls(), data.checksum(), fileBytes, nanos);
    }

    private static Outcome sparkQuery(BenchFormat format, Task task) throws IOException {
        if (!(format instanceof SparkLevelFormat spark)) {
            throw new IllegalArgumentException(format.name() + " does not run Spark-level queries (" + task.kind() + ")");
        }
        Path dir = Path.of(task.dir());
        List<Long> nanos = new ArrayList<>();
        for (int i = 0; i < task.warmup() + task.repeat(); i++) {
            long n = task.kind() == Kind.SPARK_INGEST ? spark.ingest(dir, task.spec(), task.threads())
                    : spark.sum(dir, task.threads());
            if (i >= task.warmup()) {
                nanos.add(n);
            }
        }
        // Untimed: every value Spark gets from the copy, for the harness to compare with the source.
        ScanResult data = spark.read(dir, task.kind() == Kind.SPARK_INGEST ? task.spec() : ReadSpec.all(), task.threads());
        return new Outcome(task.id(), data.rows(), data.logicalBytes(), data.nulls(), data.checksum(), 0, nanos);
    }

    private static Outcome read(BenchFormat format, Task task) throws IOException {
        if (task.spec().hasKeyFilter() && !format.readsKeyFilters()) {
            throw new IllegalArgumentException(format.name() + " filters by <= only, not by the keys of " + task.spec());
        }
        Path dir = Path.of(task.dir());
        ScanResult first = null;
        List<Long> nanos = new ArrayList<>();
        for (int i = 0; i < task.warmup() + task.repeat(); i++) {
            ScanResult r = format.read(dir, task.spec(), task.threads());
            if (first == null) {
                first = r;
            } else if (!ScanResults.sameData(r, first)) {
                throw new IOException(format.name() + " read " + (i + 1) + " of " + dir + " returned "
                        + ScanResults.describe(r) + ", but the first returned " + ScanResults.describe(first));
            }
            if (i >= task.warmup()) {
                nanos.add(r.nanos());
            }
        }
        return new Outcome(task.id(), first.rows(), first.logicalBytes(), first.nulls(), first.checksum(), 0, nanos);
    }

    private static Outcome write(BenchFormat format, Task task) throws IOException {
        Path dir = Path.of(task.dir());
        AlbisTable source = AlbisTable.open(LocalStorage.INSTANCE, task.source());
        List<Long> nanos = new ArrayList<>();
        long fileBytes = 0;
        ScanResult back = null;
        int total = task.warmup() + task.repeat();
        try {
            for (int i = 0; i < total; i++) {
                LocalStorage.INSTANCE.delete(dir.toString());
                Files.createDirectories(dir);
                WriteResult w = format.write(source, dir, task.codec(), task.threads());
                if (i >= task.warmup()) {
                    nanos.add(w.nanos());
                }
                fileBytes = w.fileBytes();
            }
            // Untimed: what was written must read back to the source's data.
            back = format.read(dir, ReadSpec.all(), 1);
        } finally {
            LocalStorage.INSTANCE.delete(dir.toString());
        }
        return new Outcome(task.id(), back.rows(), back.logicalBytes(), back.nulls(), back.checksum(), fileBytes, nanos);
    }
}
