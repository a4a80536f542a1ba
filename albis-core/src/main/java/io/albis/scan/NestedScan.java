package io.albis.scan;

import io.albis.error.CorruptFileException;
import io.albis.internal.DirectMemory;
import io.albis.nested.NestedCheck;
import io.albis.nested.NestedFormat;
import io.albis.nested.NestedShape;
import io.albis.read.RowRun;
import io.albis.row.NestedValueEncoder;
import io.albis.row.RowLayout;
import java.nio.ByteBuffer;

/**
 * Sums list and map values in place, by address, as {@link ChecksumScan} sums the rest of a row
 * (docs/FORMAT.md §6, "Nested values"; {@link ValueChecksum} for the rules): fixed-width elements
 * are one loop over their packed bytes, with their nulls counted from their null bits by popcount;
 * strings and binaries are a walk over their ends, nested values a walk into each. How each level
 * is summed is decided once per column ({@link NestedShape}), so the walk switches on small ints
 * instead of asking the types. Every list and map is checked before anything inside it is read
 * (its header, its ends and its length, down every level): by the row codec, or, for flat ones
 * the run reader left unchecked, in the walk that sums them ({@link #column}). Nothing is read
 * outside the value except whole words past a few packed elements, inside the buffer
 * ({@link #limit}) and masked away. A null fixed-width element is summed as the zero the format
 * stores; a null variable one has no bytes and adds nothing. One instance per scanning thread.
 */
final class NestedScan {
    /** Nulls inside the values summed, and the logical bytes of their contents. */
    long nulls;
    long logicalBytes;
    /**
     * Null lists and maps seen by {@link #column} (rows whose column is null); the scan counts
     * them from the rows' bitmaps instead where it walks the rows for other columns anyway.
     */
    long nullValues;
    /** Where the elements last summed end: where a map's values start after its keys. */
    private long after;
    /** A value of an older file in today's layout ({@link #legacyValue}); grown as needed. */
    private ByteBuffer scratch = ByteBuffer.allocateDirect(0);

    /** The word of the list or map of shape {@code s} whose {@code size} bytes start at {@code at}. */
    private long value(long at, int size, NestedShape s) {
        long end = at + size;
        int b = DirectMemory.getByte(at);
        long header;
        long p;
        if (b >= 0) { // a one-byte header: lists of up to 31 elements, maps of up to 7 entries
            header = b;
            p = at + 1;
        } else {
            long h = NestedFormat.header(null, at, end);
            header = NestedFormat.headerValue(h);
            p = at + NestedFormat.headerBytes(h);
        }
        if (s.kind == NestedShape.LIST) {
            int n = (int) (header >>> 2);
            return n + elements(p, end, n, (int) header & 3, s.element);
        }
        int n = (int) (header >>> 4);
        long keys = elements(p, end, n, (int) header & 3, s.element);
        return n + keys + elements(after, end, n, (int) (header >>> 2) & 3, s.value);
    }

    /**
     * The words of a list or map column over {@code count} rows of {@code run} (those at
     * {@code selected}, when given), whose buffer starts at {@code start}: the column's slot at
     * {@code slot} of each row, its null bit at {@code nullByte}/{@code nullMask}. A column at a
     * time, so the usual shapes (a list of fixed-width leaves, a map of strings to fixed-width
     * leaves) run in one loop without calls, checked as they are summed when the run left them
     * unchecked; every other value, and any value that loop cannot vouch for, takes
     * {@link #checkedValue}.
     */
    long column(long start, RowRun run, int count, int[] selected, int slot, int nullByte, int nullMask,
            NestedShape s, String name) throws CorruptFileException {
        limit = start + run.buffer().capacity();
        boolean fast = s.flat && run.flatNestedUnchecked();
        if (fast && s.kind == NestedShape.LIST && !s.element.isVariable()) {
            return listsOfFixed(start, run, count, selected, slot, nullByte, nullMask, s, name);
        }
        if (fast && s.kind == NestedShape.MAP && s.element.kind == NestedShape.BYTES && !s.value.isVariable()) {
            return mapsOfBytesToFixed(start, run, count, selected, slot, nullByte, nullMask, s, name);
        }
        long sum = 0;
        long nullRows = 0;
        for (int r = 0; r < count; r++) {
            long row = start + run.rowOffset(selected == null ? r : selected[r]);
            if ((DirectMemory.getByte(row + nullByte) & nullMask) != 0) {
                nullRows++;
                continue;
            }
            long packed = DirectMemory.getLong(row + slot);
            sum += checkedValue(row + RowLayout.offsetOf(packed), RowLayout.sizeOf(packed), s, name, run, start);
        }
        nullValues += nullRows;
        return sum;
    }

    /**
     * The word of the list or map of shape {@code s} whose {@code size} bytes are at {@code at},
     * in a row of {@code run} (buffer at {@code start}), of column {@code name}: checked first
     * where the run left it unchecked, in the walk that sums it, and by {@link NestedCheck} for
     * the message when that walk cannot vouch for it; a file of 3.0 to 5.x's turned into today's layout.
     */
    private long checkedValue(long at, int size, NestedShape s, String name, RowRun run, long start)
            throws CorruptFileException {
        if (run.legacyNested()) {
            return legacyValue(at, size, s);
        }
        if (!s.flat || !run.flatNestedUnchecked()) {
            return value(at, size, s);
        }
        long nullsBefore = nulls;
        long bytesBefore = logicalBytes;
        long word = flatChecked(at, size, s);
        if (!unsound) {
            return word;
        }
        // Not a value the one-pass check vouches for: the full check says whether it is sound.
        unsound = false;
        nulls = nullsBefore;
        logicalBytes = bytesBefore;
        String problem = NestedCheck.problem(null, at, size, s);
        if (problem != null) {
            throw new CorruptFileException(run.file(), run.fileOffset(at - start), "column " + name + ": " + problem);
        }
        return value(at, size, s);
    }

    /**
     * {@link #column} for a list of fixed-width leaves: a one-byte header, the null bits (if the
     * elements may be null) with none set past the last element, and exactly the elements' bytes
     * after them; anything else takes {@link #checkedValue}.
     */
    private long listsOfFixed(long start, RowRun run, int count, int[] selected, int slot, int nullByte,
            int nullMask, NestedShape s, String name) throws CorruptFileException {
        if (s.element.kind == NestedShape.INT4) {
            int upTo = rowsFarFromEnd(run, count, selected, INT_LIST_READ);
            if (upTo > 0 && shortIntLists(start, run, upTo, selected, slot, nullByte, nullMask, s.element.nullable)) {
                long head = branchFreeSum;
                return upTo == count ? head : head + listsOfFixedRowByRow(start, run, count - upTo,
                        rowsFrom(selected, upTo, count), slot, nullByte, nullMask, s, name);
            }
        }
        return listsOfFixedRowByRow(start, run, count, selected, slot, nullByte, nullMask, s, name);
    }

    /**
     * How many of the {@code count} rows (those at {@code selected}, when given) come before the
     * first of the last rows that end within {@code reach} bytes of the run's buffer's end: a loop
     * that reads up to {@code reach} bytes from the start of a value inside them stays inside the buffer.
     */
    private static int rowsFarFromEnd(RowRun run, int count, int[] selected, int reach) {
        long room = run.buffer().capacity() - (long) reach;
        int upTo = count;
        while (upTo > 0) {
            int r = selected == null ? upTo - 1 : selected[upTo - 1];
            if (run.rowOffset(r) + run.rowLength(r) <= room) {
                break;
            }
            upTo--;
        }
        return upTo;
    }

    /** Rows {@code from..count-1} of the rows read (those at {@code selected}, when given), as offsets in the run. */
    private static int[] rowsFrom(int[] selected, int from, int count) {
        int[] rows = new int[count - from];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = selected == null ? from + i : selected[from + i];
        }
        return rows;
    }

    /** Bytes {@link #shortIntLists} may read from a value's first byte: header, null bits, 32 bytes of ints. */
    private static final int INT_LIST_READ = 34;

    /** The sum of the lists {@link #shortIntLists} summed last. */
    private long branchFreeSum;

    /**
     * {@link #listsOfFixed} for lists of ints when every one of the {@code count} rows holds a null
     * or a list of at most 8 ints in its usual form (a one-byte header, the null bits if the ints
     * may be null, with none set past the last, exactly the ints after them): each row read and
     * checked without a branch on its data, the lists' ints summed from whole words and masked,
     * so the loop does not stall on a mispredicted branch every few rows (lists of 0 to 8 ints
     * mispredict any branch on their length). A row whose slot has no bytes (a null list, or
     * damage) is read at its row's first byte, whose place the row codec checked, and masked away. Every row's value lies at least {@link #INT_LIST_READ} bytes before the
     * buffer's end (the caller leaves the last rows out), so every read stays inside it. Returns
     * false, changing no counter, when a row is anything else: the caller then walks the rows one
     * by one, which sums the longer lists and reports damage.
     */
    private boolean shortIntLists(long start, RowRun run, int count, int[] selected, int slot, int nullByte,
            int nullMask, boolean nullable) {
        long sum = 0;
        long nullSum = 0;
        long nullRows = 0;
        long elements = 0;
        int bad = 0;
        int hasNullBits = nullable ? 1 : 0;
        for (int r = 0; r < count; r++) {
            long row = start + run.rowOffset(selected == null ? r : selected[r]);
            // All ones for a row whose list is not null, else 0.
            long keep = (long) ((DirectMemory.getByte(row + nullByte) & nullMask) - 1) >> 63;
            long packed = DirectMemory.getLong(row + slot);
            int size = RowLayout.sizeOf(packed);
            // The row codec checked the offset of a value with bytes only: one of none reads its row's first byte.
            long at = row + (RowLayout.offsetOf(packed) & ((-size) >> 31));
            int header = DirectMemory.getByte(at) & 0xFF;
            int n = header >>> 2;
            int some = (-n) >>> 31; // 1 when the list has elements
            int nullBytes = hasNullBits & some;
            int bits = DirectMemory.getByte(at + 1) & 0xFF & -nullBytes;
            int marked = Integer.bitCount(bits);
            // A longer header or an end code (header & 0x83), more than 8 ints, a size that is not
            // exactly header, null bits and ints, or a null bit past the last int.
            int wrong = (header & 0x83) | ((8 - n) >>> 31) | (size ^ (1 + nullBytes + 4 * n)) | (bits >>> n);
            bad |= wrong & (int) keep;
            sum += keep & (n + maskedInts(at + 1 + nullBytes, n));
            nullSum += keep & marked;
            nullRows += keep + 1;
            elements += keep & (n - marked);
        }
        if (bad != 0) {
            return false;
        }
        branchFreeSum = sum;
        nulls += nullSum;
        nullValues += nullRows;
        logicalBytes += elements * 4;
        return true;
    }

    /** {@link #listsOfFixed} a row at a time. */
    private long listsOfFixedRowByRow(long start, RowRun run, int count, int[] selected, int slot, int nullByte,
            int nullMask, NestedShape s, String name) throws CorruptFileException {
        int width = s.element.width;
        int kind = s.element.kind;
        boolean nullable = s.element.nullable;
        long sum = 0;
        long nullSum = 0;
        long nullRows = 0;
        long elements = 0;
        for (int r = 0; r < count; r++) {
            long row = start + run.rowOffset(selected == null ? r : selected[r]);
            if ((DirectMemory.getByte(row + nullByte) & nullMask) != 0) {
                nullRows++;
                continue;
            }
            long packed = DirectMemory.getLong(row + slot);
            long at = row + RowLayout.offsetOf(packed);
            int size = RowLayout.sizeOf(packed);
            int header = size > 0 ? DirectMemory.getByte(at) : -1;
            int n = header >>> 2;
            int nullBytes = nullable ? (n + 7) >>> 3 : 0;
            if (header < 0 || (header & 3) != 0 || 1 + nullBytes + (long) n * width != size) {
                sum += checkedValue(at, size, s, name, run, start);
                continue;
            }
            int nullCount = 0;
            if (nullBytes != 0) {
                nullCount = countBits(at + 1, nullBytes);
                if ((n & 7) != 0 && (DirectMemory.getByte(at + nullBytes) & (0xFF << (n & 7))) != 0) {
                    sum += checkedValue(at, size, s, name, run, start); // reports the stray null bit
                    continue;
                }
            }
            sum += n + shortRun(at + 1 + nullBytes, n, kind);
            nullSum += nullCount;
            elements += n - nullCount;
        }
        nulls += nullSum;
        nullValues += nullRows;
        logicalBytes += elements * width;
        return sum;
    }

    /**
     * {@link #column} for a map of strings or binaries to fixed-width leaves: a one-byte header,
     * key ends that do not fall and stay inside the keys' data, then the values' null bits (if
     * they may be null) with none set past the last, and exactly the values' bytes; anything else
     * takes {@link #checkedValue}.
     */
    private long mapsOfBytesToFixed(long start, RowRun run, int count, int[] selected, int slot, int nullByte,
            int nullMask, NestedShape s, String name) throws CorruptFileException {
        int width = s.value.width;
        int kind = s.value.kind;
        boolean nullable = s.value.nullable;
        long sum = 0;
        long nullSum = 0;
        long nullRows = 0;
        long bytes = 0;
        rows:
        for (int r = 0; r < count; r++) {
            long row = start + run.rowOffset(selected == null ? r : selected[r]);
            if ((DirectMemory.getByte(row + nullByte) & nullMask) != 0) {
                nullRows++;
                continue;
            }
            long packed = DirectMemory.getLong(row + slot);
            long at = row + RowLayout.offsetOf(packed);
            int size = RowLayout.sizeOf(packed);
            long end = at + size;
            int header = size > 0 ? DirectMemory.getByte(at) : -1;
            int n = header >>> 4;
            int code = header & 3;
            long ends = at + 1;
            long data = ends + ((long) n << code);
            if (header < 0 || code == 3 || (header & 0xC) != 0 || data > end) {
                sum += checkedValue(at, size, s, name, run, start);
                continue;
            }
            long room = end - data;
            long keys = 0;
            long prev = 0;
            for (int i = 0; i < n; i++) {
                long next = code == 0 ? DirectMemory.getByte(ends + i) & 0xFFL : NestedFormat.end(null, ends, code, i);
                if (next < prev || next > room) {
                    sum += checkedValue(at, size, s, name, run, start); // reports the end
                    continue rows;
                }
                int length = (int) (next - prev);
                keys += length + wordSum(data + prev, length, end);
                prev = next;
            }
            long values = data + prev;
            int nullBytes = nullable ? (n + 7) >>> 3 : 0;
            if (values + nullBytes + (long) n * width != end) {
                sum += checkedValue(at, size, s, name, run, start);
                continue;
            }
            int nullCount = 0;
            if (nullBytes != 0) {
                nullCount = countBits(values, nullBytes);
                if ((n & 7) != 0 && (DirectMemory.getByte(values + nullBytes - 1) & (0xFF << (n & 7))) != 0) {
                    sum += checkedValue(at, size, s, name, run, start);
                    continue;
                }
            }
            sum += n + keys + shortRun(values + nullBytes, n, kind);
            nullSum += nullCount;
            bytes += prev + (long) (n - nullCount) * width;
        }
        nulls += nullSum;
        nullValues += nullRows;
        logicalBytes += bytes;
        return sum;
    }

    /**
     * Set by {@link #flatChecked} when the value is not one it can vouch for: a longer header than
     * one byte, or something {@link io.albis.nested.NestedCheck} would report. The caller then
     * asks NestedCheck and, if it finds nothing, sums the value with {@link #value}.
     */
    private boolean unsound;
    /** The address past the buffer whose values are walked: reads of a few bytes past a value stay below it. */
    private long limit;

    /**
     * The word of the flat list or map ({@link NestedShape#flat}) of shape {@code s} whose
     * {@code size} bytes start at {@code at}, not checked before: checked here by NestedCheck's
     * rules for a one-byte header while it is summed, so a scan walks the value once. Nothing is
     * read outside the value before the part that locates it is checked, except whole words read
     * and masked below {@link #limit}. On anything else it sets {@link #unsound}; the counters
     * may then have moved and the caller restores them.
     */
    private long flatChecked(long at, int size, NestedShape s) {
        if (size <= 0) {
            unsound = true;
            return 0;
        }
        long end = at + size;
        int header = DirectMemory.getByte(at);
        if (header < 0) { // a longer header: lists of more than 31 elements, maps of more than 7 entries
            unsound = true;
            return 0;
        }
        long sum;
        if (s.kind == NestedShape.LIST) {
            int n = header >>> 2;
            sum = n + checkedElements(at + 1, end, n, header & 3, s.element);
        } else {
            int n = header >>> 4;
            sum = n + checkedElements(at + 1, end, n, header & 3, s.element);
            if (!unsound) {
                sum += checkedElements(after, end, n, (header >>> 2) & 3, s.value);
            }
        }
        if (after != end) {
            unsound = true;
        }
        return sum;
    }

    /**
     * {@link #elements} for leaf elements, checking what NestedCheck checks: null bits inside the
     * value with none set past the last element, fixed-width elements inside it with no end code,
     * ends that do not fall and stay inside the data, and a null element without bytes.
     */
    private long checkedElements(long p, long end, int n, int code, NestedShape e) {
        long nullBits = p;
        int nullCount = 0;
        if (e.nullable) {
            int bytes = (n + 7) >>> 3;
            if (bytes > end - p) {
                unsound = true;
                return 0;
            }
            if (bytes == 1) {
                int b = DirectMemory.getByte(p) & 0xFF;
                nullCount = Integer.bitCount(b);
                unsound |= (b >>> n) != 0;
            } else if (bytes > 0) {
                nullCount = countBits(p, bytes);
                unsound |= (n & 7) != 0 && (DirectMemory.getByte(p + bytes - 1) & (0xFF << (n & 7))) != 0;
            }
            nulls += nullCount;
            p += bytes;
        }
        if (!e.isVariable()) {
            after = p + (long) n * e.width;
            if (code != 0 || after > end) {
                unsound = true;
                return 0;
            }
            logicalBytes += (long) e.width * (n - nullCount);
            return shortRun(p, n, e.kind);
        }
        long data = p + ((long) n << code);
        if (code == 3 || data > end) {
            unsound = true;
            return 0;
        }
        long room = end - data;
        long sum = 0;
        long prev = 0;
        for (int i = 0; i < n; i++) {
            long next = code == 0 ? DirectMemory.getByte(p + i) & 0xFFL : NestedFormat.end(null, p, code, i);
            if (next < prev || next > room || (nullCount != 0 && isNull(nullBits, i) && next != prev)) {
                unsound = true;
                return 0;
            }
            int length = (int) (next - prev);
            sum += length + wordSum(data + prev, length, end);
            prev = next;
        }
        logicalBytes += prev;
        after = data + prev;
        return sum;
    }

    /**
     * {@link #inPlace}, but a few ints or longs (the usual list) are summed from whole words read
     * up to 32 (8 longs: 64) bytes from {@code at} and masked to the {@code n} elements, with no loop: a loop
     * whose trip count changes from list to list mispredicts its exit at almost every list.
     */
    private long shortRun(long at, int n, int kind) {
        if (at + 32 <= limit) {
            if (kind == NestedShape.INT4 && n <= 8) {
                return maskedInts(at, n);
            }
            if (kind == NestedShape.LONG8 && n <= 4) {
                return maskedLongs(at, n);
            }
        }
        if (kind == NestedShape.LONG8 && n <= 8 && at + 64 <= limit) {
            return DirectMemory.getLong(at) + DirectMemory.getLong(at + 8) + DirectMemory.getLong(at + 16)
                    + DirectMemory.getLong(at + 24) + maskedLongs(at + 32, n - 4);
        }
        return inPlace(at, n, kind);
    }

    /** The first {@code n} ≤ 8 of the 8 ints at {@code at}; {@code (i - n) >> 31} is all ones exactly when i < n. */
    private static long maskedInts(long at, int n) {
        long w0 = DirectMemory.getLong(at);
        long w1 = DirectMemory.getLong(at + 8);
        long w2 = DirectMemory.getLong(at + 16);
        long w3 = DirectMemory.getLong(at + 24);
        return ((long) (int) w0 & ((long) -n >> 63))
                + ((w0 >> 32) & ((1L - n) >> 63))
                + ((long) (int) w1 & ((2L - n) >> 63))
                + ((w1 >> 32) & ((3L - n) >> 63))
                + ((long) (int) w2 & ((4L - n) >> 63))
                + ((w2 >> 32) & ((5L - n) >> 63))
                + ((long) (int) w3 & ((6L - n) >> 63))
                + ((w3 >> 32) & ((7L - n) >> 63));
    }

    /** The first {@code n} ≤ 4 of the 4 longs at {@code at}. */
    private static long maskedLongs(long at, int n) {
        return (DirectMemory.getLong(at) & ((long) -n >> 63))
                + (DirectMemory.getLong(at + 8) & ((1L - n) >> 63))
                + (DirectMemory.getLong(at + 16) & ((2L - n) >> 63))
                + (DirectMemory.getLong(at + 24) & ((3L - n) >> 63));
    }

    /**
     * The word of a list or map of a file of 3.0 to 5.x (its bytes checked by the row codec),
     * summed in the layout of today: copied into it first, a cost only older files pay.
     */
    private long legacyValue(long at, int size, NestedShape s) {
        byte[] b = NestedValueEncoder.fromLegacy(null, at, size, s.type);
        if (scratch.capacity() < b.length) {
            scratch = ByteBuffer.allocateDirect(Math.max(b.length, 2 * scratch.capacity()));
        }
        scratch.clear();
        scratch.put(b);
        return value(DirectMemory.address(scratch), b.length, s);
    }

    /**
     * The words of {@code n} elements of shape {@code e} from {@code p} (their null bits, if any,
     * then the elements) inside a value that ends at {@code end}; sets {@link #after}.
     */
    private long elements(long p, long end, int n, int code, NestedShape e) {
        long nullBits = p;
        int nullCount = 0;
        if (e.nullable) {
            int bytes = (n + 7) >>> 3;
            nullCount = countBits(p, bytes);
            nulls += nullCount;
            p += bytes;
        }
        if (!e.isVariable()) {
            logicalBytes += (long) e.width * (n - nullCount); // a value held in place: its width is its logical size
            after = p + (long) n * e.width;
            return inPlace(p, n, e.kind);
        }
        long data = p + ((long) n << code);
        if (e.kind == NestedShape.BYTES) {
            return bytes(p, data, end, n, code);
        }
        long s = 0;
        long prev = 0;
        for (int i = 0; i < n; i++) {
            long next = NestedFormat.end(null, p, code, i);
            if (nullCount == 0 || !isNull(nullBits, i)) {
                long at = data + prev;
                s += e.kind == NestedShape.STRUCT ? struct(at, (int) (next - prev), e) : value(at, (int) (next - prev), e);
            }
            prev = next;
        }
        after = data + prev;
        return s;
    }

    /**
     * Strings or binaries: each adds its length and its bytes as words. A null one has no bytes,
     * so it adds nothing and needs no look at the null bits.
     */
    private long bytes(long ends, long data, long end, int n, int code) {
        long s = 0;
        long prev = 0;
        if (code == 0) { // ends of one byte: every map's keys of the benchmarks, and most short strings
            for (int i = 0; i < n; i++) {
                long next = DirectMemory.getByte(ends + i) & 0xFFL;
                int size = (int) (next - prev);
                s += size + wordSum(data + prev, size, end);
                prev = next;
            }
        } else {
            for (int i = 0; i < n; i++) {
                long next = NestedFormat.end(null, ends, code, i);
                int size = (int) (next - prev);
                s += size + wordSum(data + prev, size, end);
                prev = next;
            }
        }
        logicalBytes += prev;
        after = data + prev;
        return s;
    }

    /** The words of {@code n} fixed-width elements at {@code at}: null ones hold zero, so they are summed whole. */
    private static long inPlace(long at, int n, int kind) {
        return switch (kind) {
            case NestedShape.LONG8 -> ChecksumScan.sumLongs(at, n, 8);
            case NestedShape.INT4 -> sumInts(at, n);
            case NestedShape.WIDE_DECIMAL -> ChecksumScan.sumLongs(at, 2 * n, 8); // low plus high word
            case NestedShape.SHORT2 -> sumShorts(at, n);
            case NestedShape.BYTE1 -> sumBytes(at, n);
            default -> countTrue(at, n);
        };
    }

    /** The words of a struct's fields that are not null: in place at their widths, or through their ends. */
    private long struct(long at, int size, NestedShape s) {
        NestedShape[] fields = s.fields;
        long fixed = at + NestedFormat.nullBytes(fields.length);
        long data = fixed + s.fixedPart;
        long end = at + size;
        long sum = 0;
        long prev = 0;
        for (int f = 0; f < fields.length; f++) {
            NestedShape e = fields[f];
            long slot = fixed + s.fieldOffsets[f];
            boolean isNull = isNull(at, f);
            if (isNull) {
                nulls++;
            }
            if (e.isVariable()) {
                long next = DirectMemory.getInt(slot) & 0xFFFFFFFFL;
                int length = (int) (next - prev);
                if (!isNull) {
                    sum += switch (e.kind) {
                        case NestedShape.BYTES -> {
                            logicalBytes += length;
                            yield length + wordSum(data + prev, length, end);
                        }
                        case NestedShape.STRUCT -> struct(data + prev, length, e);
                        default -> value(data + prev, length, e);
                    };
                }
                prev = next;
            } else if (!isNull) {
                logicalBytes += e.width; // held in place: its width is its logical size
                sum += inPlace(slot, 1, e.kind);
            }
        }
        return sum;
    }

    /**
     * {@link ChecksumScan#wordSum} of {@code size} bytes at {@code at} inside a value that ends at
     * {@code end}. When the 8 bytes after the value's whole words lie inside the value too (true
     * of every map key but the values' last bytes follow), the value's last bytes are that word
     * masked, and values of up to 16 bytes (map keys, most strings) take no loop: a loop with a
     * trip count that changes from value to value costs a mispredicted branch a value, which is
     * most of the time a short string takes.
     */
    private static long wordSum(long at, int size, long end) {
        int whole = size & ~7;
        if (whole > 16 || at + whole + 8 > end) {
            return ChecksumScan.wordSum(at, size);
        }
        // whole is 0, 8 or 16; a zero-byte mask (size == whole) adds nothing.
        long first = whole >= 8 ? DirectMemory.getLong(at) : 0;
        long second = whole == 16 ? DirectMemory.getLong(at + 8) : 0;
        long lastMask = (1L << (8 * (size - whole))) - 1;
        return first + second + (DirectMemory.getLong(at + whole) & lastMask);
    }

    private static boolean isNull(long nullBits, int i) {
        return (DirectMemory.getByte(nullBits + (i >>> 3)) & (1 << (i & 7))) != 0;
    }

    /** Set bits in the {@code bytes} bytes at {@code at} (the writer leaves the bits past the last value 0, and the check sees to it). */
    private static int countBits(long at, int bytes) {
        int k = 0;
        int i = 0;
        for (; i + 8 <= bytes; i += 8) {
            k += Long.bitCount(DirectMemory.getLong(at + i));
        }
        for (; i < bytes; i++) {
            k += Integer.bitCount(DirectMemory.getByte(at + i) & 0xFF);
        }
        return k;
    }

    /** Two ints a load: a list's few ints in half the trips of a loop whose trip count changes from list to list. */
    private static long sumInts(long at, int n) {
        long s = 0;
        int i = 0;
        for (; i + 2 <= n; i += 2) {
            long w = DirectMemory.getLong(at + 4L * i);
            s += (int) w + (w >> 32);
        }
        if (i < n) {
            s += DirectMemory.getInt(at + 4L * i);
        }
        return s;
    }

    private static long sumShorts(long at, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += DirectMemory.getShort(at + 2L * i);
        }
        return s;
    }

    private static long sumBytes(long at, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += DirectMemory.getByte(at + i);
        }
        return s;
    }

    private static long countTrue(long at, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += DirectMemory.getByte(at + i) != 0 ? 1 : 0;
        }
        return s;
    }
}
