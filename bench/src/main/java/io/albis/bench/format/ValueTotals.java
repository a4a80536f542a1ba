package io.albis.bench.format;

import io.albis.scan.ScanResult;
import io.albis.scan.ValueChecksum;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Adds the values a reader materialises into the totals every format reports: the
 * {@link ValueChecksum} word of each value and its logical bytes
 * ({@link io.albis.scan.LogicalBytes}). Values are staged per row, so a row that fails the filter
 * can be dropped whole after all its values were read.
 * One instance per reading thread.
 */
public final class ValueTotals {
    private long rows;
    private long logical;
    private long nulls;
    private long sum;

    private long rowLogical;
    private long rowNulls;
    private long rowSum;

    /** A list's element count or a map's entry count: a word of the sum, no logical bytes. */
    public void addCount(int n) {
        rowSum += n;
    }

    public void addBoolean(boolean v) {
        rowSum += v ? 1 : 0;
        rowLogical += 1;
    }

    public void addByte(byte v) {
        rowSum += v;
        rowLogical += 1;
    }

    public void addShort(short v) {
        rowSum += v;
        rowLogical += 2;
    }

    /** An int, or a date as days since 1970-01-01. */
    public void addInt(int v) {
        rowSum += v;
        rowLogical += 4;
    }

    /** A long, a timestamp in microseconds, or the unscaled value of a decimal of at most 18 digits. */
    public void addLong(long v) {
        rowSum += v;
        rowLogical += 8;
    }

    /** A decimal of more than 18 digits, as the two words of its 128-bit unscaled value. */
    public void addWideDecimal(long high, long low) {
        rowSum += low + high;
        rowLogical += 16;
    }

    public void addFloat(float v) {
        rowSum += ValueChecksum.ofFloat(v);
        rowLogical += 4;
    }

    public void addDouble(double v) {
        rowSum += ValueChecksum.ofDouble(v);
        rowLogical += 8;
    }

    /** A string's UTF-8 bytes or a binary value. */
    public void addBytes(byte[] b, int off, int len) {
        rowSum += ValueChecksum.ofBytes(b, off, len);
        rowLogical += len;
    }

    /** A string's UTF-8 bytes or a binary value, from {@code buf}'s position to its limit (neither moves). */
    public void addBytes(ByteBuffer buf) {
        int len = buf.remaining();
        if (buf.hasArray()) {
            addBytes(buf.array(), buf.arrayOffset() + buf.position(), len);
        } else {
            // ofBytes reads little-endian words, as the checksum defines them.
            rowSum += ValueChecksum.ofBytes(buf.duplicate().order(java.nio.ByteOrder.LITTLE_ENDIAN), buf.position(), len);
            rowLogical += len;
        }
    }

    public void addNull() {
        rowNulls++;
    }

    /** Counts the staged row. */
    public void endRow() {
        rows++;
        logical += rowLogical;
        nulls += rowNulls;
        sum += rowSum;
        dropRow();
    }

    /** Forgets the staged row (it did not pass the filter). */
    public void dropRow() {
        rowLogical = 0;
        rowNulls = 0;
        rowSum = 0;
    }

    /** The totals of several threads' readers, with the wall time of the whole read. */
    public static ScanResult sum(List<ValueTotals> threads, long nanos) {
        List<ScanResult> results = new ArrayList<>();
        for (ValueTotals t : threads) {
            results.add(t.result());
        }
        return ScanResults.sum(results, nanos);
    }

    /** The totals so far, with the checksum folded as {@link io.albis.scan.ChecksumScan} folds it. */
    public ScanResult result() {
        return new ScanResult(rows, logical, nulls, sum + nulls * ValueChecksum.NULL_WEIGHT, 0);
    }
}
