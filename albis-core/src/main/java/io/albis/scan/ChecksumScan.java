package io.albis.scan;

import io.albis.error.CorruptFileException;
import io.albis.internal.DirectMemory;
import io.albis.nested.NestedShape;
import io.albis.read.RunReader;
import io.albis.read.ReadOptions;
import io.albis.read.RowRun;
import io.albis.row.RowLayout;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads every projected value of the matching rows into a {@link ValueChecksum}, through the
 * binary run API ({@link RunReader#nextRun}): rows are summed in place in the segment buffer
 * with a per-group plan (offsets grouped by width), so no value is boxed or copied. Null slots are zero in the format, so summing a slot
 * adds nothing for a null; nulls and logical bytes come from the null bitmap via lookup tables.
 * Lists and maps are summed in place too, element by element ({@link NestedScan}); the flat ones
 * (of leaves) are checked in the same walk, which the run reader leaves to the scan
 * ({@link RunReader#deferFlatNestedChecks}), so each value is walked once.
 */
public final class ChecksumScan {
    private ChecksumScan() {}

    /** Scans with {@code threads} readers, each taking every n-th row group ({@link ThreadSplit}). */
    public static ScanResult scan(AlbisTable table, ReadOptions options, int threads) throws IOException {
        List<RowGroupRef> rgs = selected(table, options);
        long start = System.nanoTime();
        ScanResult total = new ScanResult(0, 0, 0, 0, 0);
        for (ScanResult part : ThreadSplit.run(rgs.size(), threads, parts -> scanPart(table, options, indexes(rgs, parts)))) {
            total = total.plus(part);
        }
        return total.withNanos(System.nanoTime() - start);
    }

    static List<RowGroupRef> selected(AlbisTable table, ReadOptions options) {
        if (options.rowGroups() == null) {
            return table.rowGroups();
        }
        List<RowGroupRef> out = new ArrayList<>();
        for (int i : options.rowGroups()) {
            out.add(table.rowGroup(i));
        }
        return out;
    }

    /** The row group numbers at {@code positions} of {@code rgs}. */
    private static int[] indexes(List<RowGroupRef> rgs, int[] positions) {
        int[] out = new int[positions.length];
        for (int i = 0; i < positions.length; i++) {
            out[i] = rgs.get(positions[i]).index();
        }
        return out;
    }

    private static ScanResult scanPart(AlbisTable table, ReadOptions options, int[] rowGroups) throws IOException {
        try (RunReader reader = table.newRunReader(options.withRowGroups(rowGroups))) {
            reader.deferFlatNestedChecks(); // checked in the one walk that sums them (NestedScan.column)
            GroupPlan[] plans = plans(reader);
            RowRun[] runs = reader.newRuns();
            Totals t = new Totals();
            NestedScan nested = new NestedScan();
            // With a filter, the matching rows of a stretch come as one run and their offsets in it.
            int[] selected = options.filter() == null ? null : new int[SELECTION];
            int count;
            while ((count = selected == null ? reader.nextRun(runs) : reader.nextSelection(runs, selected)) > 0) {
                if (Thread.currentThread().isInterrupted()) {
                    throw new java.io.InterruptedIOException("scan stopped: another part of it failed");
                }
                t.rows += count;
                for (GroupPlan p : plans) {
                    RowRun run = runs[p.group];
                    if (selected != null && count < run.count()) {
                        if (run.stride() != 0 && p.nullClassMasks != null) {
                            sumSelectedRows(p, run, count, selected, t);
                        } else {
                            sumRowsByAddress(p, run, count, selected, t, nested);
                        }
                    } else if (run.stride() != 0 && p.fixedColumns() <= NARROW_GROUP) {
                        sumEvenColumns(p, run, count, t);
                    } else if (run.stride() != 0 && p.nullClassMasks != null) {
                        sumWideRows(p, run, count, t);
                    } else {
                        sumRowsByAddress(p, run, count, null, t, nested);
                    }
                }
            }
            long fixedPerRow = 0;
            for (GroupPlan p : plans) {
                fixedPerRow += p.logicalFixedWidth;
            }
            long logical = t.rows * fixedPerRow - t.nullBytes + t.varBytes + nested.logicalBytes;
            long nulls = t.nulls + nested.nulls;
            return new ScanResult(t.rows, logical, nulls, t.sum + nulls * ValueChecksum.NULL_WEIGHT, 0);
        }
    }

    private static final class Totals {
        long rows;
        long sum;
        long nulls;
        long nullBytes;
        long varBytes;
        /** Addresses of a block of selected rows ({@link #sumSelectedRows}). */
        final long[] rowAddresses = new long[GATHER_BLOCK];
    }

    /** Matching rows gathered by offset from one run at most (a filtered read). */
    private static final int SELECTION = 4096;

    /** Selected rows whose addresses are gathered before the passes over their columns. */
    private static final int GATHER_BLOCK = 256;

    /** Groups with at most this many fixed columns are summed column by column over a whole run. */
    private static final int NARROW_GROUP = 4;

    /**
     * Evenly spaced rows of a group with few columns: one strided loop per column over the whole
     * run, so a 5-byte int row costs a load and an add, not a pass through the row-major plan.
     * The run's range is checked once before the loops.
     */
    private static void sumEvenColumns(GroupPlan p, RowRun run, int count, Totals t) {
        int stride = run.stride();
        DirectMemory.checkRange(run.buffer(), run.firstOffset(), run.firstOffset() + (long) count * stride);
        long start = DirectMemory.address(run.buffer()) + run.firstOffset();
        long stop = start + (long) count * stride;
        if (p.fusedOffset >= 0) {
            sumOneColumn(p, start, stop, stride, t);
            return;
        }
        long sum = 0;
        for (int o : p.longs) {
            for (long a = start + o; a < stop; a += stride) {
                sum += DirectMemory.getLong(a);
            }
        }
        for (int o : p.ints) {
            for (long a = start + o; a < stop; a += stride) {
                sum += DirectMemory.getInt(a);
            }
        }
        for (int o : p.shorts) {
            for (long a = start + o; a < stop; a += stride) {
                sum += DirectMemory.getShort(a);
            }
        }
        for (int o : p.bytes) {
            for (long a = start + o; a < stop; a += stride) {
                sum += DirectMemory.getByte(a);
            }
        }
        for (int o : p.bools) {
            for (long a = start + o; a < stop; a += stride) {
                sum += DirectMemory.getByte(a) != 0 ? 1 : 0;
            }
        }
        long nulls = 0;
        long nullBytes = 0;
        for (int k = 0; k < p.nullCount.length; k++) {
            int mask = p.nullMask[k];
            if (mask == 0) {
                continue;
            }
            long a = start + p.bitmapOffset + k;
            if (p.nullWidthOf > 0) {
                // Every projected nullable column of the group has one width: a popcount per row.
                long n = 0;
                for (; a < stop; a += stride) {
                    n += Integer.bitCount(DirectMemory.getByte(a) & mask);
                }
                nulls += n;
                nullBytes += n * p.nullWidthOf;
            } else {
                int[] cnt = p.nullCount[k];
                int[] width = p.nullWidth[k];
                for (; a < stop; a += stride) {
                    int v = DirectMemory.getByte(a) & 0xff;
                    nulls += cnt[v];
                    nullBytes += width[v];
                }
            }
        }
        t.sum += sum;
        t.nulls += nulls;
        t.nullBytes += nullBytes;
    }

    /**
     * A group of one int- or long-sized column with a one-byte bitmap (single-column tables, one
     * column per group): value and null bit in one pass, which halves the strided walks. The
     * caller has checked that the run's rows lie inside the buffer.
     */
    private static void sumOneColumn(GroupPlan p, long start, long stop, int stride, Totals t) {
        int mask = p.nullMask[0];
        long nulls;
        // Separate methods, so the JIT compiles each loop for the one shape it sees.
        if (p.fusedLong && stride == LONG_ROW && p.bitmapOffset == 0 && p.fusedOffset == 1 && mask == 1) {
            nulls = sumLongRows(start, (int) ((stop - start) / LONG_ROW), t);
        } else if (p.fusedLong) {
            nulls = sumLongColumn(start + p.fusedOffset, start + p.bitmapOffset, stop, stride, mask, t);
        } else if (stride == INT_ROW && p.bitmapOffset == 0 && p.fusedOffset == 1 && mask == 1) {
            nulls = sumIntRows(start, (int) ((stop - start) / INT_ROW), t);
        } else {
            nulls = sumIntColumn(start + p.fusedOffset, start + p.bitmapOffset, stop, stride, mask, t);
        }
        t.nulls += nulls;
        t.nullBytes += nulls * p.nullWidthOf;
    }

    private static long sumLongColumn(long value, long bitmap, long stop, int stride, int mask, Totals t) {
        long sum = 0;
        long nulls = 0;
        for (long a = 0; value + a < stop; a += stride) {
            sum += DirectMemory.getLong(value + a);
            nulls += Integer.bitCount(DirectMemory.getByte(bitmap + a) & mask);
        }
        t.sum += sum;
        return nulls;
    }

    private static long sumIntColumn(long value, long bitmap, long stop, int stride, int mask, Totals t) {
        long sum = 0;
        long nulls = 0;
        for (long a = 0; value + a < stop; a += stride) {
            sum += DirectMemory.getInt(value + a);
            nulls += Integer.bitCount(DirectMemory.getByte(bitmap + a) & mask);
        }
        t.sum += sum;
        return nulls;
    }

    /**
     * A single int column (bitmap byte, then the value; a row of {@link #INT_ROW} bytes): one
     * 8-byte load a row gives both, the value 8 bits up and the null bit at {@code mask}. Four rows
     * a step in an int-counted loop with a constant stride, which C2 folds. The last rows (at
     * least one, whose 8 bytes could reach past the run) take the two-load loop.
     */
    private static long sumIntRows(long start, int count, Totals t) {
        int quads = Math.max(count - 1, 0) / 4;
        // The values summed unsigned; one mask takes each row's null bit (bit 0) and sign bit
        // (bit 39), summed into one counter: nulls below bit 39, negative values above it.
        long bits = 1L << 39 | 1;
        long u0 = 0;
        long u1 = 0;
        long counts = 0;
        for (int i = 0; i < quads; i++) {
            long a = start + i * (4L * INT_ROW);
            long w0 = DirectMemory.getLong(a);
            long w1 = DirectMemory.getLong(a + INT_ROW);
            long w2 = DirectMemory.getLong(a + 2 * INT_ROW);
            long w3 = DirectMemory.getLong(a + 3 * INT_ROW);
            u0 += ((w0 >>> 8) & 0xFFFF_FFFFL) + ((w1 >>> 8) & 0xFFFF_FFFFL);
            u1 += ((w2 >>> 8) & 0xFFFF_FFFFL) + ((w3 >>> 8) & 0xFFFF_FFFFL);
            counts += (w0 & bits) + (w1 & bits) + (w2 & bits) + (w3 & bits);
        }
        int done = 4 * quads;
        long tail = start + (long) done * INT_ROW;
        long nulls = counts & ((1L << 39) - 1);
        long negatives = counts >>> 39;
        nulls += sumIntColumn(tail + 1, tail, start + (long) count * INT_ROW, INT_ROW, 1, t);
        t.sum += u0 + u1 - (negatives << 32);
        return nulls;
    }

    /** Bytes of a row of a group holding one int column: the bitmap byte and the value. */
    private static final int INT_ROW = 5;

    /**
     * A single long (or double) column (bitmap byte, then the value; a row of {@link #LONG_ROW}
     * bytes): four rows a step in an int-counted loop with a constant stride, two sums, so the
     * loads are not serialised behind one chain of additions.
     */
    private static long sumLongRows(long start, int count, Totals t) {
        int quads = count / 4;
        long s0 = 0;
        long s1 = 0;
        long nulls = 0;
        for (int i = 0; i < quads; i++) {
            long a = start + i * (4L * LONG_ROW);
            s0 += DirectMemory.getLong(a + 1) + DirectMemory.getLong(a + 1 + LONG_ROW);
            s1 += DirectMemory.getLong(a + 1 + 2 * LONG_ROW) + DirectMemory.getLong(a + 1 + 3 * LONG_ROW);
            nulls += (DirectMemory.getByte(a) & 1) + (DirectMemory.getByte(a + LONG_ROW) & 1)
                    + (DirectMemory.getByte(a + 2 * LONG_ROW) & 1) + (DirectMemory.getByte(a + 3 * LONG_ROW) & 1);
        }
        t.sum += s0 + s1;
        long tail = start + 4L * quads * LONG_ROW;
        return nulls + sumLongColumn(tail + 1, tail, start + (long) count * LONG_ROW, LONG_ROW, 1, t);
    }

    /** Bytes of a row of a group holding one long or double column. */
    private static final int LONG_ROW = 9;

    /** Rows of a wide group summed a column at a time: 55 rows of 147 bytes (measured best of 2-48 KiB). */
    private static final int BLOCK_BYTES = 8 << 10;

    /**
     * Evenly spaced rows of a group with many fixed-width columns (store_sales: 23 in a row of 147
     * bytes): a block of rows that fits the L1 cache at a time, four int or long columns a strided
     * pass over the block (one column a pass cost a loop's overhead a value in 55), or, where the
     * JVM has the Vector API, columns side by side as spans, one vector load a row
     * ({@link VectorSums}: 0.100 s against 0.110 s a store_sales scan), and the nulls
     * of each logical width counted with one bitmap load and popcount a row. Row-major with a loop
     * over the plan per row cost twice as many instructions a value.
     * The run's range is checked once before the loops.
     */
    private static void sumWideRows(GroupPlan p, RowRun run, int count, Totals t) {
        int stride = run.stride();
        DirectMemory.checkRange(run.buffer(), run.firstOffset(), run.firstOffset() + (long) count * stride);
        long start = DirectMemory.address(run.buffer()) + run.firstOffset();
        int block = Math.max(1, BLOCK_BYTES / stride);
        long sum = 0;
        long nulls = 0;
        long nullBytes = 0;
        for (int first = 0; first < count; first += block) {
            int n = Math.min(block, count - first);
            long rows = start + (long) first * stride;
            if (p.spans != null) {
                sum += VectorSums.sum(p.spans, run.buffer(), run.firstOffset() + first * stride, n, stride)
                        + sumLongColumns(p.spans.restLongs(), rows, n, stride)
                        + sumIntColumns(p.spans.restInts(), rows, n, stride);
            } else {
                sum += sumLongColumns(p.longs, rows, n, stride) + sumIntColumns(p.ints, rows, n, stride);
            }
            for (int o : p.shorts) {
                for (int i = 0; i < n; i++) {
                    sum += DirectMemory.getShort(rows + o + (long) i * stride);
                }
            }
            for (int o : p.bytes) {
                for (int i = 0; i < n; i++) {
                    sum += DirectMemory.getByte(rows + o + (long) i * stride);
                }
            }
            for (int o : p.bools) {
                for (int i = 0; i < n; i++) {
                    sum += DirectMemory.getByte(rows + o + (long) i * stride) != 0 ? 1 : 0;
                }
            }
            if (p.nullClassMasks.length == 2 && p.nullClassWords[0] == p.nullClassWords[1]) {
                long both = countBits(rows + p.bitmapOffset + 8L * p.nullClassWords[0], n, stride,
                        p.nullClassMasks[0], p.nullClassMasks[1]);
                nulls += (both & 0xFFFF_FFFFL) + (both >>> 32);
                nullBytes += (both & 0xFFFF_FFFFL) * p.nullClassWidths[0] + (both >>> 32) * p.nullClassWidths[1];
            } else {
                for (int c = 0; c < p.nullClassMasks.length; c++) {
                    long marked = countBits(rows + p.bitmapOffset + 8L * p.nullClassWords[c], n, stride,
                            p.nullClassMasks[c]);
                    nulls += marked;
                    nullBytes += marked * p.nullClassWidths[c];
                }
            }
        }
        t.sum += sum;
        t.nulls += nulls;
        t.nullBytes += nullBytes;
    }

    /**
     * The selected rows of a run of evenly spaced rows of fixed-width columns (a filtered read of
     * such a group, as {@link #sumWideRows} qualifies them): the addresses of a block of rows, then
     * a pass per column and per null class over the block. Measured on experiment 4 (10 int
     * columns, half the rows kept in random order): 13 ms a read against 17-21 ms through the plan
     * per row, which walks the plan's offset lists and looks up every bitmap byte for each row.
     */
    private static void sumSelectedRows(GroupPlan p, RowRun run, int count, int[] selected, Totals t) {
        int stride = run.stride();
        DirectMemory.checkRange(run.buffer(), run.firstOffset(), run.firstOffset() + (long) run.count() * stride);
        long start = DirectMemory.address(run.buffer()) + run.firstOffset();
        int last = run.count() - 1;
        long[] at = t.rowAddresses;
        long sum = 0;
        long nulls = 0;
        long nullBytes = 0;
        for (int first = 0; first < count; first += GATHER_BLOCK) {
            int n = Math.min(GATHER_BLOCK, count - first);
            for (int i = 0; i < n; i++) {
                // A selected offset outside the run would read outside it: clamp, the caller lists only run rows.
                at[i] = start + (long) Math.min(selected[first + i], last) * stride;
            }
            for (int o : p.longs) {
                for (int i = 0; i < n; i++) {
                    sum += DirectMemory.getLong(at[i] + o);
                }
            }
            for (int o : p.ints) {
                for (int i = 0; i < n; i++) {
                    sum += DirectMemory.getInt(at[i] + o);
                }
            }
            for (int o : p.shorts) {
                for (int i = 0; i < n; i++) {
                    sum += DirectMemory.getShort(at[i] + o);
                }
            }
            for (int o : p.bytes) {
                for (int i = 0; i < n; i++) {
                    sum += DirectMemory.getByte(at[i] + o);
                }
            }
            for (int o : p.bools) {
                for (int i = 0; i < n; i++) {
                    sum += DirectMemory.getByte(at[i] + o) != 0 ? 1 : 0;
                }
            }
            for (int c = 0; c < p.nullClassMasks.length; c++) {
                long mask = p.nullClassMasks[c];
                long word = p.bitmapOffset + 8L * p.nullClassWords[c];
                long marked = 0;
                for (int i = 0; i < n; i++) {
                    marked += Long.bitCount(DirectMemory.getLong(at[i] + word) & mask);
                }
                nulls += marked;
                nullBytes += marked * p.nullClassWidths[c];
            }
        }
        t.sum += sum;
        t.nulls += nulls;
        t.nullBytes += nullBytes;
    }

    /** The long columns at {@code offsets} of {@code n} rows from {@code rows}: four columns a pass over the rows. */
    private static long sumLongColumns(int[] offsets, long rows, int n, int stride) {
        long sum = 0;
        int c = 0;
        for (; c + 4 <= offsets.length; c += 4) {
            long a = rows + offsets[c];
            long b = rows + offsets[c + 1];
            long d = rows + offsets[c + 2];
            long e = rows + offsets[c + 3];
            long s0 = 0;
            long s1 = 0;
            for (int i = 0; i < n; i++) {
                long r = (long) i * stride;
                s0 += DirectMemory.getLong(a + r) + DirectMemory.getLong(b + r);
                s1 += DirectMemory.getLong(d + r) + DirectMemory.getLong(e + r);
            }
            sum += s0 + s1;
        }
        for (; c < offsets.length; c++) {
            sum += sumLongs(rows + offsets[c], n, stride);
        }
        return sum;
    }

    /** As {@link #sumLongColumns}, for int columns. */
    private static long sumIntColumns(int[] offsets, long rows, int n, int stride) {
        long sum = 0;
        int c = 0;
        for (; c + 4 <= offsets.length; c += 4) {
            long a = rows + offsets[c];
            long b = rows + offsets[c + 1];
            long d = rows + offsets[c + 2];
            long e = rows + offsets[c + 3];
            long s0 = 0;
            long s1 = 0;
            for (int i = 0; i < n; i++) {
                long r = (long) i * stride;
                s0 += (long) DirectMemory.getInt(a + r) + DirectMemory.getInt(b + r);
                s1 += (long) DirectMemory.getInt(d + r) + DirectMemory.getInt(e + r);
            }
            sum += s0 + s1;
        }
        for (; c < offsets.length; c++) {
            sum += sumInts(rows + offsets[c], n, stride);
        }
        return sum;
    }

    static long sumLongs(long at, int n, int stride) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += DirectMemory.getLong(at + (long) i * stride);
        }
        return s;
    }

    static long sumInts(long at, int n, int stride) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += DirectMemory.getInt(at + (long) i * stride);
        }
        return s;
    }

    /**
     * Set bits of {@code mask0} (low half of the result) and of {@code mask1} (high half) in the 8
     * bytes from each row's bitmap: one load a row for two classes of nulls (store_sales: 4- and
     * 8-byte values). A block's rows number fewer than 2^32 / 64.
     */
    private static long countBits(long at, int n, int stride, long mask0, long mask1) {
        long k = 0;
        for (int i = 0; i < n; i++) {
            long w = DirectMemory.getLong(at + (long) i * stride);
            k += Long.bitCount(w & mask0) + ((long) Long.bitCount(w & mask1) << 32);
        }
        return k;
    }

    /** Set bits of {@code mask} in the 8 bytes from each row's bitmap. */
    private static long countBits(long at, int n, int stride, long mask) {
        long k = 0;
        for (int i = 0; i < n; i++) {
            k += Long.bitCount(DirectMemory.getLong(at + (long) i * stride) & mask);
        }
        return k;
    }

    /**
     * Rows read by address, row-major, then their lists and maps a column at a time. The run's
     * rows are contiguous and lie inside the segment (checked once here); the row codec has
     * checked that every row is at least its fixed area long and that every string, binary, list
     * or map value with bytes lies inside its row, and every list and map that is not null is
     * sound down every level ({@code NestedCheck}) before it is read inside, by the row codec or,
     * for flat ones, by the walk that sums them, so nothing read here is outside the run. Null
     * slots are zero-filled, so they add nothing to the sum. With {@code selected}, only the
     * {@code count} rows at those offsets of the run.
     */
    private static void sumRowsByAddress(GroupPlan p, RowRun run, int count, int[] selected, Totals t,
            NestedScan nested) throws CorruptFileException {
        ByteBuffer buf = run.buffer();
        DirectMemory.checkRange(buf, run.rowOffset(0), run.endOffset());
        long start = DirectMemory.address(buf);
        long sum = 0;
        long nulls = 0;
        long nullBytes = 0;
        long varBytes = 0;
        // A group of only lists and maps needs no row-major pass: their loops count their null rows.
        boolean rowPass = p.fixedColumns() + p.vars.length > 0;
        for (int r = 0; rowPass && r < count; r++) {
            long a = start + run.rowOffset(selected == null ? r : selected[r]);
            for (int o : p.longs) {
                sum += DirectMemory.getLong(a + o);
            }
            for (int o : p.ints) {
                sum += DirectMemory.getInt(a + o);
            }
            for (int o : p.shorts) {
                sum += DirectMemory.getShort(a + o);
            }
            for (int o : p.bytes) {
                sum += DirectMemory.getByte(a + o);
            }
            for (int o : p.bools) {
                sum += DirectMemory.getByte(a + o) != 0 ? 1 : 0;
            }
            for (int o : p.vars) {
                long packed = DirectMemory.getLong(a + o);
                int size = RowLayout.sizeOf(packed);
                if (size != 0) {
                    sum += size + wordSum(a + RowLayout.offsetOf(packed), size);
                    varBytes += size;
                }
            }
            long bitmap = a + p.bitmapOffset;
            for (int k = 0; k < p.nullCount.length; k++) {
                int v = DirectMemory.getByte(bitmap + k) & 0xff;
                nulls += p.nullCount[k][v];
                nullBytes += p.nullWidth[k][v];
            }
        }
        // Lists and maps a column at a time, each in a loop of its own shape (NestedScan.column).
        long nullValues = nested.nullValues;
        for (NestedColumn c : p.nested) {
            sum += nested.column(start, run, count, selected, c.offset(), c.nullByte(), c.nullMask(), c.shape(),
                    c.name());
        }
        if (!rowPass) {
            nulls += nested.nullValues - nullValues;
        }
        t.sum += sum;
        t.nulls += nulls;
        t.nullBytes += nullBytes;
        t.varBytes += varBytes;
    }

    /** {@link ValueChecksum#ofBytes} without the length: little-endian 8-byte words, the last zero-padded. */
    static long wordSum(long a, int size) {
        long s = 0;
        long s1 = 0;
        long s2 = 0;
        long s3 = 0;
        int i = 0;
        // Four independent sums so the loads are not serialised behind one add chain.
        for (; i + 32 <= size; i += 32) {
            s += DirectMemory.getLong(a + i);
            s1 += DirectMemory.getLong(a + i + 8);
            s2 += DirectMemory.getLong(a + i + 16);
            s3 += DirectMemory.getLong(a + i + 24);
        }
        s += s1 + s2 + s3;
        for (; i + 8 <= size; i += 8) {
            s += DirectMemory.getLong(a + i);
        }
        long last = 0;
        for (int k = 0; i + k < size; k++) {
            last |= (DirectMemory.getByte(a + i + k) & 0xffL) << (8 * k);
        }
        return s + last;
    }

    /**
     * A list or map column of a group: its name, its slot's offset, its null bit (byte offset in
     * the row and mask) and how its values are summed ({@link NestedScan#column}).
     */
    private record NestedColumn(String name, int offset, int nullByte, int nullMask, NestedShape shape) {}

    /** Offsets of one group's projected values, bucketed by how they are summed. */
    private static final class GroupPlan {
        int group;
        int[] longs;
        int[] ints;
        int[] shorts;
        int[] bytes;
        int[] bools;
        int[] vars;
        /** The list and map columns. */
        NestedColumn[] nested;
        int bitmapOffset;
        long logicalFixedWidth;
        /** Per bitmap byte and byte value: how many projected value columns it marks null, and their widths. */
        int[][] nullCount;
        int[][] nullWidth;
        /** Per bitmap byte: the bits of projected value columns. */
        int[] nullMask;
        /** The logical width every projected value column of the group shares, or 0 if they differ. */
        int nullWidthOf;
        /**
         * For {@link #sumWideRows}: masks over 8 bitmap bytes (as a little-endian long, word
         * {@code nullClassWords[c]} of the bitmap) of the projected columns of each logical width,
         * and the widths, an entry per width and word; null when the group has strings, binaries,
         * lists or maps, or its bitmap's last word would reach past the fixed area.
         */
        long[] nullClassMasks;
        int[] nullClassWidths;
        int[] nullClassWords;
        /** For {@link #sumWideRows} where {@link VectorApi#ENABLED}: its int and long columns as vector spans, else null. */
        VectorSpans spans;
        /** For {@link #sumOneColumn}: the offset of the group's only value, or -1 if it does not qualify. */
        int fusedOffset = -1;
        boolean fusedLong;

        int fixedColumns() {
            return longs.length + ints.length + shorts.length + bytes.length + bools.length;
        }
    }

    private static GroupPlan[] plans(RunReader reader) {
        Schema schema = reader.schema();
        int[] groups = reader.readGroups();
        List<GroupPlan> plans = new ArrayList<>();
        for (int g : groups) {
            RowLayout layout = new RowLayout(schema, schema.groups().get(g));
            List<Integer> longs = new ArrayList<>();
            List<Integer> ints = new ArrayList<>();
            List<Integer> shorts = new ArrayList<>();
            List<Integer> bytes = new ArrayList<>();
            List<Integer> bools = new ArrayList<>();
            List<Integer> vars = new ArrayList<>();
            List<NestedColumn> nested = new ArrayList<>();
            boolean[] projectedSlot = new boolean[layout.slots()];
            GroupPlan p = new GroupPlan();
            for (int i = 0; i < reader.columnCount(); i++) {
                Column c = reader.column(i);
                if (schema.groupOf(c.index()) != g || c.isStructMarker()) {
                    continue;
                }
                int s = schema.slotOf(c.index());
                projectedSlot[s] = true;
                int off = layout.fixedOffset(s);
                DataType t = c.type();
                p.logicalFixedWidth += LogicalBytes.of(t);
                switch (t.id()) {
                    case BOOLEAN -> bools.add(off);
                    case BYTE -> bytes.add(off);
                    case SHORT -> shorts.add(off);
                    case INT, DATE, FLOAT -> ints.add(off);
                    case LONG, TIMESTAMP, TIMESTAMP_NTZ, DOUBLE -> longs.add(off);
                    case DECIMAL -> {
                        longs.add(off);
                        if (t.isWideDecimal()) {
                            longs.add(off + 8);
                        }
                    }
                    case STRING, BINARY -> vars.add(off);
                    case LIST, MAP -> {
                        nested.add(new NestedColumn(c.name(), off, layout.bitmapOffset() + s / 8, 1 << (s % 8),
                                NestedShape.of(t)));
                    }
                    case STRUCT -> { }
                }
            }
            p.group = g;
            p.longs = toArray(longs);
            p.ints = toArray(ints);
            p.shorts = toArray(shorts);
            p.bytes = toArray(bytes);
            p.bools = toArray(bools);
            p.vars = toArray(vars);
            p.nested = nested.toArray(new NestedColumn[0]);
            p.bitmapOffset = layout.bitmapOffset();
            boolean onlyFixed = vars.isEmpty() && nested.isEmpty();
            if (p.fixedColumns() == 1 && onlyFixed && layout.bitmapBytes() == 1
                    && (p.longs.length == 1 || p.ints.length == 1)) {
                p.fusedLong = p.longs.length == 1;
                p.fusedOffset = p.fusedLong ? p.longs[0] : p.ints[0];
            }
            int nb = layout.bitmapBytes();
            p.nullCount = new int[nb][256];
            p.nullWidth = new int[nb][256];
            p.nullMask = new int[nb];
            p.nullWidthOf = -1;
            for (int s = 0; s < layout.slots(); s++) {
                if (projectedSlot[s]) {
                    p.nullMask[s / 8] |= 1 << (s % 8);
                    int w = LogicalBytes.of(layout.type(s));
                    p.nullWidthOf = p.nullWidthOf == -1 || p.nullWidthOf == w ? w : 0;
                }
            }
            if (p.nullWidthOf <= 0) {
                p.fusedOffset = -1;
            }
            // Words of 8 bitmap bytes, each read whole from inside the row (a group of more than 64
            // columns, such as experiment 3's 100 ints, has several).
            if (onlyFixed && layout.fixedEnd() >= layout.bitmapOffset() + 8 * ((nb + 7) / 8)) {
                nullClasses(p, layout, projectedSlot);
                if (VectorApi.ENABLED) {
                    p.spans = VectorSpans.plan(p.longs, p.ints, VectorSums.maxLanes());
                }
            }
            for (int k = 0; k < nb; k++) {
                for (int v = 0; v < 256; v++) {
                    for (int bit = 0; bit < 8; bit++) {
                        int s = k * 8 + bit;
                        if ((v & (1 << bit)) != 0 && s < layout.slots() && projectedSlot[s]) {
                            p.nullCount[k][v]++;
                            p.nullWidth[k][v] += LogicalBytes.of(layout.type(s));
                        }
                    }
                }
            }
            plans.add(p);
        }
        return plans.toArray(new GroupPlan[0]);
    }

    /** Fills {@link GroupPlan#nullClassMasks}, {@link GroupPlan#nullClassWidths} and {@link GroupPlan#nullClassWords}. */
    private static void nullClasses(GroupPlan p, RowLayout layout, boolean[] projectedSlot) {
        // Keyed by word, then width: an entry per bitmap word and logical width.
        java.util.TreeMap<Long, Long> masks = new java.util.TreeMap<>();
        for (int s = 0; s < layout.slots(); s++) {
            if (projectedSlot[s]) {
                long key = ((long) (s / 64) << 32) | LogicalBytes.of(layout.type(s));
                masks.merge(key, 1L << (s % 64), (x, y) -> x | y);
            }
        }
        p.nullClassMasks = masks.values().stream().mapToLong(Long::longValue).toArray();
        p.nullClassWidths = masks.keySet().stream().mapToInt(k -> (int) (long) k).toArray();
        p.nullClassWords = masks.keySet().stream().mapToInt(k -> (int) (k >>> 32)).toArray();
    }

    private static int[] toArray(List<Integer> l) {
        return l.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The data files a scan with these options reads, for the raw-read baseline. */
    public static List<String> dataFiles(AlbisTable table, ReadOptions options) throws IOException {
        List<String> files = new ArrayList<>();
        try (RunReader reader = table.newRunReader(options.withFilter(null))) {
            for (RowGroupRef rg : selected(table, options)) {
                var present = table.presentGroups(rg);
                for (int g : reader.readGroups()) {
                    var group = table.schema().groups().get(g);
                    if (present.contains(group.id())) {
                        files.add(table.dataPath(rg, group));
                    }
                }
            }
        }
        return files;
    }
}
