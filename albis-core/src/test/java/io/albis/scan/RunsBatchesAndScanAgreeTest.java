package io.albis.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.albis.filter.Predicate;
import io.albis.filter.Predicates;
import io.albis.memory.BufferAllocator;
import io.albis.read.AlbisReader;
import io.albis.read.RunReader;
import io.albis.read.ColumnBatch;
import io.albis.read.BatchColumn;
import io.albis.read.ReadOptions;
import io.albis.read.RowRun;
import io.albis.row.RowLayout;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.testing.MemoryChecks;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Differential test of the fast read paths against the row iterator: the batch API
 * ({@code nextBatch}), batches of runs gathered within segments ({@code nextRun} then
 * {@code nextRunInSegments}, as the Spark source reads) and {@link ChecksumScan} (row runs, with
 * and without filters, on 1–3 threads) must see exactly the rows, values, nulls and logical bytes
 * the iterator sees.
 */
class RunsBatchesAndScanAgreeTest {
    @TempDir
    Path dir;

    @Test
    void iteratorBatchesAndScanAgreeOnRandomTables() throws IOException {
        for (long seed = 0; seed < 100; seed++) {
            Random rnd = new Random(seed);
            String t = dir.resolve("t" + seed).toString();
            writeRandomTable(t, rnd);
            AlbisTable table = AlbisTable.open(t);
            BufferAllocator memory = MemoryChecks.allocator();
            ReadOptions options = new ReadOptions(rnd.nextBoolean() ? null : List.of("l", "s", "i", "w", "f"),
                    randomFilter(rnd), null, true, memory);
            String what = "seed " + seed + " " + options.filter() + " " + options.columns();

            Expected fromIterator = readWithIterator(table, options);
            assertEquals(fromIterator.rows, readWithBatches(table, options, 1 + rnd.nextInt(40)), what);
            assertEquals(fromIterator.rows, readWithSegmentBatches(table, options, 1 + rnd.nextInt(60)), what);
            ScanResult scan = ChecksumScan.scan(table, options, 1 + rnd.nextInt(3));
            assertEquals(fromIterator.rows.size(), scan.rows(), what);
            assertEquals(fromIterator.nulls, scan.nulls(), what);
            assertEquals(fromIterator.logicalBytes, scan.logicalBytes(), what);
            assertEquals(fromIterator.checksum, scan.checksum(), what);
            MemoryChecks.assertNothingOutstanding(memory, what);
        }
    }

    /**
     * Rows like store_sales's (ints side by side, a long, an int, decimals side by side, nulls in
     * every column), which the scan sums as vector spans where the Vector API is there: full-range
     * values, so a lost sign or a dropped half of an int pair changes the checksum.
     */
    @Test
    void scanOfRowsLikeStoreSalesAgreesWithTheIterator() throws IOException {
        Schema.Builder b = Schema.builder();
        for (int c = 0; c < 9; c++) {
            b.column("k" + c, DataType.INT);
        }
        b.column("ticket", DataType.LONG).column("quantity", DataType.INT);
        for (int c = 0; c < 12; c++) {
            b.column("m" + c, DataType.decimal(7, 2));
        }
        b.column("w0", DataType.decimal(30, 2)).column("w1", DataType.decimal(30, 2)); // two longs each
        Schema schema = b.build();
        for (long seed = 0; seed < 20; seed++) {
            Random rnd = new Random(seed);
            String t = dir.resolve("ss" + seed).toString();
            WriterOptions o = WriterOptions.defaults()
                    .withSegmentSize(rnd.nextBoolean() ? 200 + rnd.nextInt(3800) : 4096 * (1 + rnd.nextInt(4)));
            try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema, o)) {
                int rows = rnd.nextInt(3000);
                for (int r = 0; r < rows; r++) {
                    for (int c = 0; c < 25; c++) {
                        if (rnd.nextInt(20) == 0) {
                            continue; // null
                        }
                        if (c == 9) {
                            w.setLong(c, rnd.nextLong());
                        } else if (c < 11) {
                            w.setInt(c, rnd.nextInt());
                        } else if (c < 23) {
                            w.setDecimal(c, BigDecimal.valueOf(rnd.nextInt(2_000_000) - 1_000_000, 2));
                        } else {
                            w.setDecimal(c, new BigDecimal(new BigInteger(90, rnd).subtract(BigInteger.ONE.shiftLeft(89)), 2));
                        }
                    }
                    w.nextRow();
                }
            }
            AlbisTable table = AlbisTable.open(t);
            Expected expected = readWithIterator(table, ReadOptions.all());
            ScanResult scan = ChecksumScan.scan(table, ReadOptions.all(), 1 + rnd.nextInt(2));
            assertEquals(expected.rows.size(), scan.rows(), "seed " + seed);
            assertEquals(expected.nulls, scan.nulls(), "seed " + seed);
            assertEquals(expected.logicalBytes, scan.logicalBytes(), "seed " + seed);
            assertEquals(expected.checksum, scan.checksum(), "seed " + seed);
        }
    }

    /**
     * Groups of 65 to 140 fixed-width columns, whose null bitmaps span several 8-byte words (the
     * block walk counts each word's nulls with its own masks): all columns or a projection, with
     * and without a filter, against the iterator.
     */
    @Test
    void scanOfGroupsWithBitmapsOfSeveralWordsAgreesWithTheIterator() throws IOException {
        DataType[] types = {DataType.INT, DataType.LONG, DataType.DOUBLE, DataType.SHORT, DataType.decimal(7, 2),
            DataType.BOOLEAN, DataType.INT, DataType.INT};
        for (long seed = 0; seed < 16; seed++) {
            Random rnd = new Random(seed);
            int columns = 65 + rnd.nextInt(76);
            Schema.Builder b = Schema.builder().column("c0", DataType.INT);
            DataType[] of = new DataType[columns];
            of[0] = DataType.INT;
            for (int c = 1; c < columns; c++) {
                of[c] = types[rnd.nextInt(types.length)];
                b.column("c" + c, of[c]);
            }
            Schema schema = b.build();
            String t = dir.resolve("wide" + seed).toString();
            WriterOptions o = WriterOptions.defaults().withSegmentSize(4096 * (1 + rnd.nextInt(3)));
            try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema, o)) {
                int rows = rnd.nextInt(600);
                for (int r = 0; r < rows; r++) {
                    for (int c = 0; c < columns; c++) {
                        if (rnd.nextInt(10) == 0) {
                            continue; // null
                        }
                        switch (of[c].id()) {
                            case INT -> w.setInt(c, c == 0 ? rnd.nextInt(100) : rnd.nextInt());
                            case LONG -> w.setLong(c, rnd.nextLong());
                            case DOUBLE -> w.setDouble(c, rnd.nextGaussian());
                            case SHORT -> w.setShort(c, (short) rnd.nextInt());
                            case BOOLEAN -> w.setBoolean(c, rnd.nextBoolean());
                            default -> w.setDecimal(c, BigDecimal.valueOf(rnd.nextInt(2_000_000) - 1_000_000, 2));
                        }
                    }
                    w.nextRow();
                }
            }
            AlbisTable table = AlbisTable.open(t);
            List<String> projection = null;
            if (rnd.nextBoolean()) {
                projection = new ArrayList<>();
                for (int c = 0; c < columns; c++) {
                    if (c == 0 || rnd.nextInt(3) == 0) {
                        projection.add("c" + c);
                    }
                }
            }
            Predicate filter = rnd.nextBoolean() ? null : Predicates.lt("c0", rnd.nextInt(100));
            ReadOptions options = new ReadOptions(projection, filter, null, true, null);
            String what = "seed " + seed + ", " + columns + " columns, " + filter + ", "
                    + (projection == null ? "all" : projection.size()) + " read";
            Expected expected = readWithIterator(table, options);
            ScanResult scan = ChecksumScan.scan(table, options, 1 + rnd.nextInt(2));
            assertEquals(expected.rows.size(), scan.rows(), what);
            assertEquals(expected.nulls, scan.nulls(), what);
            assertEquals(expected.logicalBytes, scan.logicalBytes(), what);
            assertEquals(expected.checksum, scan.checksum(), what);
        }
    }

    private static void writeRandomTable(String t, Random rnd) throws IOException {
        Schema.Builder b = Schema.builder()
                .column("i", DataType.INT).column("l", DataType.LONG).column("d", DataType.DOUBLE)
                .column("s", DataType.STRING).column("bo", DataType.BOOLEAN).column("w", DataType.decimal(30, 2))
                .column("sh", DataType.SHORT).column("f", DataType.FLOAT)
                .column("i2", DataType.INT).column("dt", DataType.DATE);
        // Not nextInt(4): the first power-of-two draw of Randoms seeded 0..99 is nearly always the same.
        switch (rnd.nextInt(12) % 4) {
            case 1 -> b.columnPerGroup();
            case 3 -> {
                // Every fixed-width column in one group: the scan's wide-row path.
                Map<String, List<String>> groups = new LinkedHashMap<>();
                groups.put("fixed", List.of("i", "l", "d", "bo", "w", "sh", "f", "i2", "dt"));
                groups.put("strings", List.of("s"));
                b.groups(groups);
            }
            case 2 -> {
                Map<String, List<String>> groups = new LinkedHashMap<>();
                groups.put("a", List.of("i", "s"));
                groups.put("b", List.of("l", "d", "bo", "i2", "dt"));
                b.groups(groups);
            }
            default -> { }
        }
        WriterOptions o = WriterOptions.defaults().withSegmentSize(64 + rnd.nextInt(500))
                .withRowGroupRows(1 + rnd.nextInt(200));
        double[] doubles = {0.0, -0.0, Double.NaN, 1.5, -2.5, 3};
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, b.build(), o)) {
            int rows = rnd.nextInt(400);
            for (int r = 0; r < rows; r++) {
                if (rnd.nextInt(5) > 0) {
                    // Small values for the filters, full-range ones for every byte of the word loads.
                    w.setInt(0, rnd.nextInt(4) == 0 ? rnd.nextInt() : rnd.nextInt(50) - 25);
                }
                if (rnd.nextInt(5) > 0) {
                    w.setLong(1, rnd.nextLong() % 100);
                }
                if (rnd.nextInt(5) > 0) {
                    w.setDouble(2, doubles[rnd.nextInt(doubles.length)]);
                }
                if (rnd.nextInt(5) > 0) {
                    w.setString(3, "x".repeat(rnd.nextInt(rnd.nextInt(10) == 0 ? 300 : 5)));
                }
                if (rnd.nextInt(5) > 0) {
                    w.setBoolean(4, rnd.nextBoolean());
                }
                if (rnd.nextInt(5) > 0) {
                    w.setDecimal(5, BigDecimal.valueOf(rnd.nextLong() % 100000, 2));
                }
                if (rnd.nextInt(5) > 0) {
                    w.setShort(6, (short) rnd.nextInt());
                }
                if (rnd.nextInt(5) > 0) {
                    w.setFloat(7, rnd.nextFloat() - 0.5f);
                }
                if (rnd.nextInt(5) > 0) {
                    w.setInt(8, rnd.nextInt());
                }
                if (rnd.nextInt(5) > 0) {
                    w.setDate(9, rnd.nextInt(40000) - 20000);
                }
                w.nextRow();
            }
        }
    }

    private static Predicate randomFilter(Random rnd) {
        return switch (rnd.nextInt(6)) {
            case 0 -> null;
            case 1 -> Predicates.lt("i", rnd.nextInt(50) - 25);
            case 2 -> Predicates.or(Predicates.isNull("s"), Predicates.gt("l", 50));
            case 3 -> Predicates.not(Predicates.and(Predicates.ge("d", 0.0), Predicates.eq("bo", true)));
            case 4 -> Predicates.ge("i", -20); // long runs of matching rows
            default -> Predicates.in("i", 1, 2, 3, 4, 5, 6, 7, 8, 9);
        };
    }

    private record Expected(List<String> rows, long nulls, long logicalBytes, long checksum) {}

    /** The reference: the row iterator, with the checksum computed by ValueChecksum's rules. */
    private static Expected readWithIterator(AlbisTable table, ReadOptions options) throws IOException {
        List<String> rows = new ArrayList<>();
        long sum = 0;
        long nulls = 0;
        long logical = 0;
        try (AlbisReader r = table.newReader(options)) {
            while (r.advance()) {
                StringBuilder line = new StringBuilder();
                for (int c = 0; c < r.columnCount(); c++) {
                    Object v = r.getValue(c);
                    line.append(v instanceof Double d ? Double.doubleToRawLongBits(d) : v).append('|');
                    if (v == null) {
                        nulls++;
                        sum += ValueChecksum.NULL_WEIGHT;
                        continue;
                    }
                    DataType type = r.column(c).type();
                    logical += LogicalBytes.of(type);
                    switch (type.id()) {
                        case BOOLEAN -> sum += r.getBoolean(c) ? 1 : 0;
                        case SHORT -> sum += r.getShort(c);
                        case INT, DATE -> sum += r.getInt(c);
                        case LONG -> sum += r.getLong(c);
                        case FLOAT -> sum += ValueChecksum.ofFloat(r.getFloat(c));
                        case DOUBLE -> sum += ValueChecksum.ofDouble(r.getDouble(c));
                        case DECIMAL -> sum += type.isWideDecimal() ? r.wideLow(c) + r.wideHigh(c) : r.getDecimalUnscaled(c);
                        case STRING -> {
                            byte[] bytes = r.getString(c).getBytes(StandardCharsets.UTF_8);
                            sum += ValueChecksum.ofBytes(bytes, 0, bytes.length);
                            logical += bytes.length;
                        }
                        default -> throw new IllegalStateException("type not in this test: " + type);
                    }
                }
                rows.add(line.toString());
            }
        }
        return new Expected(rows, nulls, logical, sum);
    }

    private static List<String> readWithBatches(AlbisTable table, ReadOptions options, int capacity) throws IOException {
        List<String> rows = new ArrayList<>();
        try (RunReader r = table.newRunReader(options)) {
            ColumnBatch batch = ColumnBatch.forReader(r, capacity);
            int n;
            while ((n = r.nextBatch(batch)) > 0) {
                for (int k = 0; k < n; k++) {
                    StringBuilder line = new StringBuilder();
                    for (int c = 0; c < batch.columnCount(); c++) {
                        line.append(valueOf(batch.column(c), k)).append('|');
                    }
                    rows.add(line.toString());
                }
            }
        }
        return rows;
    }

    /**
     * Batches as the Spark source gathers them: a {@code nextRun}, then {@code nextRunInSegments}
     * until it returns 0 or the batch is full. Values are decoded only once the whole batch is
     * gathered, from the runs' buffers, so a run invalidated by a later one shows up as wrong values.
     */
    private static List<String> readWithSegmentBatches(AlbisTable table, ReadOptions options, int capacity)
            throws IOException {
        List<String> rows = new ArrayList<>();
        Schema schema = table.schema();
        try (RunReader r = table.newRunReader(options)) {
            RowRun[] runs = r.newRuns();
            int[] groups = r.readGroups();
            ByteBuffer[] buffers = new ByteBuffer[runs.length];
            int[][] offsets = new int[runs.length][capacity];
            int n;
            while ((n = r.nextRun(runs, capacity)) > 0) {
                int filled = 0;
                do {
                    for (int g : groups) {
                        if (filled == 0) {
                            buffers[g] = runs[g].buffer();
                        }
                        assertSame(buffers[g], runs[g].buffer(), "a batch's runs share their groups' buffers");
                        for (int k = 0; k < n; k++) {
                            offsets[g][filled + k] = runs[g].rowOffset(k);
                        }
                    }
                    filled += n;
                } while (filled < capacity && (n = r.nextRunInSegments(runs, capacity - filled)) > 0);
                for (int k = 0; k < filled; k++) {
                    StringBuilder line = new StringBuilder();
                    for (int c = 0; c < r.columnCount(); c++) {
                        int column = r.column(c).index();
                        int g = schema.groupOf(column);
                        Object v = decode(buffers[g], offsets[g][k], runs[g].layout(), schema.slotOf(column));
                        line.append(v instanceof Double d ? Double.doubleToRawLongBits(d) : v).append('|');
                    }
                    rows.add(line.toString());
                }
            }
        }
        return rows;
    }

    /** The value of {@code slot} in the row at {@code row} of {@code buf}, by the row format (FORMAT.md §6). */
    private static Object decode(ByteBuffer buf, int row, RowLayout layout, int slot) {
        if ((buf.get(row + layout.nullByte(slot)) & RowLayout.nullMask(slot)) != 0) {
            return null;
        }
        int at = row + layout.fixedOffset(slot);
        DataType type = layout.type(slot);
        return switch (type.id()) {
            case BOOLEAN -> buf.get(at) != 0;
            case SHORT -> buf.getShort(at);
            case INT -> buf.getInt(at);
            case DATE -> java.time.LocalDate.ofEpochDay(buf.getInt(at));
            case LONG -> buf.getLong(at);
            case FLOAT -> buf.getFloat(at);
            case DOUBLE -> buf.getDouble(at);
            case DECIMAL -> new BigDecimal(BigInteger.valueOf(buf.getLong(at + 8)).shiftLeft(64)
                    .add(new BigInteger(Long.toUnsignedString(buf.getLong(at)))), type.scale());
            case STRING -> {
                long packed = buf.getLong(at);
                byte[] bytes = new byte[RowLayout.sizeOf(packed)];
                buf.get(row + RowLayout.offsetOf(packed), bytes);
                yield new String(bytes, StandardCharsets.UTF_8);
            }
            default -> throw new IllegalStateException("type not in this test: " + type);
        };
    }

    private static Object valueOf(BatchColumn v, int k) {
        if (v.isNull(k)) {
            return null;
        }
        return switch (v.type.id()) {
            case BOOLEAN -> v.bytes[k] != 0;
            case SHORT -> v.shorts[k];
            case INT -> v.ints[k];
            case DATE -> java.time.LocalDate.ofEpochDay(v.ints[k]);
            case LONG -> v.longs[k];
            case FLOAT -> v.floats[k];
            case DOUBLE -> Double.doubleToRawLongBits(v.doubles[k]);
            case DECIMAL -> v.getDecimal(k);
            case STRING -> v.getString(k);
            default -> throw new IllegalStateException("type not in this test: " + v.type);
        };
    }
}
