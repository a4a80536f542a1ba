package io.albis.scan;

import io.albis.internal.DirectMemory;
import io.albis.nested.NestedFormat;
import io.albis.nested.NestedShape;
import io.albis.row.NestedValueEncoder;
import java.nio.ByteBuffer;

/**
 * Sums list and map values in place, by address, as {@link ChecksumScan} sums the rest of a row
 * (docs/FORMAT.md §6, "Nested values"; {@link ValueChecksum} for the rules): fixed-width elements
 * are one loop over their packed bytes, with their nulls counted from their null bits by popcount;
 * strings and binaries are a walk over their ends, nested values a walk into each. How each level
 * is summed is decided once per column ({@link NestedShape}), so the walk switches on small ints
 * instead of asking the types. The row codec has checked every list and map of a row before the
 * scan sees it (its header, its ends and its length, down every level), so nothing read here lies
 * outside the value. A null fixed-width element is summed as the zero the format stores; a null
 * variable one has no bytes and adds nothing. One instance per scanning thread.
 */
final class NestedScan {
    /** Nulls inside the values summed, and the logical bytes of their contents. */
    long nulls;
    long logicalBytes;
    /** Where the elements last summed end: where a map's values start after its keys. */
    private long after;
    /** A value of an older file in today's layout ({@link #legacyValue}); grown as needed. */
    private ByteBuffer scratch = ByteBuffer.allocateDirect(0);

    /** The word of the list or map of shape {@code s} whose {@code size} bytes start at {@code at}. */
    long value(long at, int size, NestedShape s) {
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
     * The word of a list or map of a file of 3.0 to 5.x (its bytes checked by the row codec),
     * summed in the layout of today: copied into it first, a cost only older files pay.
     */
    long legacyValue(long at, int size, NestedShape s) {
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
