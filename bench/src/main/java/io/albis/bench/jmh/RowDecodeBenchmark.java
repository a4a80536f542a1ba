package io.albis.bench.jmh;

import io.albis.read.AlbisReader;
import io.albis.read.RunReader;
import io.albis.read.ColumnBatch;
import io.albis.read.BatchColumn;
import io.albis.read.RowRun;
import io.albis.row.RowLayout;
import io.albis.scan.ValueChecksum;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

/**
 * Reads every value of a single-column table, per type, through the three read APIs:
 * {@link #rowGetters} (the row iterator's typed getters), {@link #runs} ({@code nextRun} plus
 * absolute reads from the segment buffer) and {@link #batch} ({@code nextBatch} into a
 * {@link ColumnBatch}). Each returns the same checksum (the {@link ValueChecksum} words of every
 * value), so no value can be skipped. One operation reads the whole table, checksums verified
 * as by default; divide by {@code rows} for the cost per value.
 */
public class RowDecodeBenchmark extends TableTrial {
    /** Rows per batch for {@link #batch}. */
    public static final int BATCH_ROWS = 4096;

    @Param({"int", "long", "double", "decimal", "string", "binary"})
    public String type;

    @Param({"4096", "262144"})
    public int rows;

    private final byte[] scratch = new byte[SyntheticData.BINARY_MAX];

    @Override
    protected String tableName() {
        return "decode-" + type;
    }

    @Override
    protected void writeTable(Path dir) throws IOException {
        SyntheticData.writeSingleColumn(dir, type, rows);
    }

    // ------------------------------------------------------------------ (a) row iterator

    @Benchmark
    public long rowGetters() throws IOException {
        try (AlbisReader reader = table.newReader()) {
            // One loop per type, so the type is not dispatched per row.
            return switch (type) {
                case "int" -> getterInts(reader);
                case "long" -> getterLongs(reader);
                case "double" -> getterDoubles(reader);
                case "decimal" -> getterDecimals(reader);
                default -> getterBytes(reader);
            };
        }
    }

    private static long getterInts(AlbisReader reader) throws IOException {
        long sum = 0;
        while (reader.advance()) {
            sum += reader.getInt(0);
        }
        return sum;
    }

    private static long getterLongs(AlbisReader reader) throws IOException {
        long sum = 0;
        while (reader.advance()) {
            sum += reader.getLong(0);
        }
        return sum;
    }

    private static long getterDoubles(AlbisReader reader) throws IOException {
        long sum = 0;
        while (reader.advance()) {
            sum += ValueChecksum.ofDouble(reader.getDouble(0));
        }
        return sum;
    }

    private static long getterDecimals(AlbisReader reader) throws IOException {
        long sum = 0;
        while (reader.advance()) {
            sum += reader.getDecimalUnscaled(0);
        }
        return sum;
    }

    /** Strings and binaries through the allocation-free getter: copy into a reused array. */
    private long getterBytes(AlbisReader reader) throws IOException {
        long sum = 0;
        byte[] b = scratch;
        while (reader.advance()) {
            int len = reader.copyBytes(0, b, 0);
            sum += ValueChecksum.ofBytes(b, 0, len);
        }
        return sum;
    }

    // ------------------------------------------------------------------ (b) row runs

    @Benchmark
    public long runs() throws IOException {
        try (RunReader reader = table.newRunReader()) {
            RowRun[] runs = reader.newRuns();
            int group = reader.readGroups()[0];
            RowRun run = runs[group];
            long sum = 0;
            int count;
            while ((count = reader.nextRun(runs)) > 0) {
                int off = run.layout().fixedOffset(0);
                sum += switch (type) {
                    case "int" -> runInts(run, count, off);
                    case "long", "decimal" -> runLongs(run, count, off);
                    case "double" -> runDoubles(run, count, off);
                    default -> runBytes(run, count, off);
                };
            }
            return sum;
        }
    }

    private static long runInts(RowRun run, int count, int off) {
        ByteBuffer buf = run.buffer();
        int stride = run.stride();
        int p = run.firstOffset() + off;
        long sum = 0;
        for (int r = 0; r < count; r++, p += stride) {
            sum += buf.getInt(p);
        }
        return sum;
    }

    private static long runLongs(RowRun run, int count, int off) {
        ByteBuffer buf = run.buffer();
        int stride = run.stride();
        int p = run.firstOffset() + off;
        long sum = 0;
        for (int r = 0; r < count; r++, p += stride) {
            sum += buf.getLong(p);
        }
        return sum;
    }

    private static long runDoubles(RowRun run, int count, int off) {
        ByteBuffer buf = run.buffer();
        int stride = run.stride();
        int p = run.firstOffset() + off;
        long sum = 0;
        for (int r = 0; r < count; r++, p += stride) {
            sum += ValueChecksum.ofDouble(buf.getDouble(p));
        }
        return sum;
    }

    /** Variable-width rows: each row's offset from the run, then the value's offset+size from its slot. */
    private static long runBytes(RowRun run, int count, int off) {
        ByteBuffer buf = run.buffer();
        long sum = 0;
        for (int r = 0; r < count; r++) {
            int row = run.rowOffset(r);
            long packed = buf.getLong(row + off);
            sum += ValueChecksum.ofBytes(buf, row + RowLayout.offsetOf(packed), RowLayout.sizeOf(packed));
        }
        return sum;
    }

    // ------------------------------------------------------------------ (c) column batches

    @Benchmark
    public long batch() throws IOException {
        try (RunReader reader = table.newRunReader()) {
            ColumnBatch batch = ColumnBatch.forReader(reader, BATCH_ROWS);
            BatchColumn v = batch.column(0);
            long sum = 0;
            int n;
            while ((n = reader.nextBatch(batch)) > 0) {
                sum += switch (type) {
                    case "int" -> batchInts(v.ints, n);
                    case "long", "decimal" -> batchLongs(v.longs, n);
                    case "double" -> batchDoubles(v.doubles, n);
                    default -> batchBytes(v, n);
                };
            }
            return sum;
        }
    }

    private static long batchInts(int[] values, int n) {
        long sum = 0;
        for (int r = 0; r < n; r++) {
            sum += values[r];
        }
        return sum;
    }

    private static long batchLongs(long[] values, int n) {
        long sum = 0;
        for (int r = 0; r < n; r++) {
            sum += values[r];
        }
        return sum;
    }

    private static long batchDoubles(double[] values, int n) {
        long sum = 0;
        for (int r = 0; r < n; r++) {
            sum += ValueChecksum.ofDouble(values[r]);
        }
        return sum;
    }

    private static long batchBytes(BatchColumn v, int n) {
        // v.data may be replaced by a larger array while a batch fills, so read it after.
        byte[] data = v.data;
        int[] offsets = v.offsets;
        long sum = 0;
        for (int r = 0; r < n; r++) {
            sum += ValueChecksum.ofBytes(data, offsets[r], offsets[r + 1] - offsets[r]);
        }
        return sum;
    }
}
