package io.albis.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The scan's vector sums ({@link VectorSums}, {@link VectorSpans}) against plain loads of each
 * value: the spans a layout gets, and the sums over random rows of random layouts, bit for bit.
 * albis-core's tests run with the Vector API (its POM adds the module), so the scan tests of this
 * module check the vector path; the scalar path is the one every other module's tests take.
 */
class VectorSumsTest {

    @Test
    void theseTestsRunWithTheVectorApi() {
        assertTrue(VectorApi.ENABLED, "albis-core's surefire argLine adds jdk.incubator.vector");
        assertTrue(VectorApi.vectorBits() >= 128, "vectors of " + VectorApi.vectorBits() + " bits");
    }

    /** store_sales: a 3-byte bitmap, nine ints, a long, an int, twelve decimals as longs, in 147 bytes. */
    @Test
    void storeSalesGetsAVectorForItsIntsAndTwoForItsDecimals() {
        int[] ints = {3, 7, 11, 15, 19, 23, 27, 31, 35, 47};
        int[] longs = {39, 51, 59, 67, 75, 83, 91, 99, 107, 115, 123, 131, 139};
        VectorSpans eight = VectorSpans.plan(longs, ints, 8);
        assertArrayEquals(new int[] {51, 115, 3}, eight.offsets());
        assertArrayEquals(new int[] {8, 4, 4}, eight.lanes());
        assertArrayEquals(new boolean[] {false, false, true}, eight.ints());
        assertArrayEquals(new int[] {39}, eight.restLongs());
        assertArrayEquals(new int[] {35, 47}, eight.restInts());
        VectorSpans two = VectorSpans.plan(longs, ints, 2); // a CPU with 128-bit vectors only
        assertArrayEquals(new int[] {51, 67, 83, 99, 115, 131, 3, 19}, two.offsets());
        assertArrayEquals(new int[] {35, 47}, two.restInts());
        // A CPU whose preferred vectors are wider than the widest kernel, or not a power of two of longs.
        int[] sixteen = new int[16];
        for (int c = 0; c < 16; c++) {
            sixteen[c] = 8 * c;
        }
        assertArrayEquals(new int[] {8, 8}, VectorSpans.plan(sixteen, new int[0], 16).lanes());
        assertArrayEquals(new int[] {4, 4, 4, 4}, VectorSpans.plan(sixteen, new int[0], 6).lanes());
        VectorSpans none = VectorSpans.plan(new int[] {0, 16}, new int[] {8, 12 + 8}, 8); // nothing side by side
        assertEquals(0, none.offsets().length);
        assertArrayEquals(new int[] {0, 16}, none.restLongs());
        assertArrayEquals(new int[] {8, 20}, none.restInts());
    }

    @Test
    void spansSumRandomRowsAsPlainLoadsDo() {
        Random rnd = new Random(11);
        for (int trial = 0; trial < 400; trial++) {
            // A row of random columns of 1, 2, 4 and 8 bytes from offset 1 (a bitmap byte before them).
            List<Integer> longs = new ArrayList<>();
            List<Integer> ints = new ArrayList<>();
            int at = 1;
            int columns = 1 + rnd.nextInt(40);
            for (int c = 0; c < columns; c++) {
                int width = new int[] {1, 2, 4, 4, 4, 8, 8, 8}[rnd.nextInt(8)];
                if (width == 8) {
                    longs.add(at);
                } else if (width == 4) {
                    ints.add(at);
                }
                at += width;
            }
            int stride = at + rnd.nextInt(3);
            int rows = 1 + rnd.nextInt(70);
            int first = rnd.nextInt(64);
            ByteBuffer buf = ByteBuffer.allocateDirect(first + rows * stride).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < buf.capacity(); i++) {
                buf.put(i, (byte) rnd.nextInt());
            }
            int[] l = longs.stream().mapToInt(Integer::intValue).toArray();
            int[] n = ints.stream().mapToInt(Integer::intValue).toArray();
            long expected = 0;
            for (int r = 0; r < rows; r++) {
                for (int o : l) {
                    expected += buf.getLong(first + r * stride + o);
                }
                for (int o : n) {
                    expected += buf.getInt(first + r * stride + o);
                }
            }
            for (int maxLanes : new int[] {2, 4, 6, 16, VectorSums.maxLanes()}) {
                VectorSpans spans = VectorSpans.plan(l, n, maxLanes);
                long got = VectorSums.sum(spans, buf.asReadOnlyBuffer(), first, rows, stride);
                for (int r = 0; r < rows; r++) {
                    for (int o : spans.restLongs()) {
                        got += buf.getLong(first + r * stride + o);
                    }
                    for (int o : spans.restInts()) {
                        got += buf.getInt(first + r * stride + o);
                    }
                }
                assertEquals(expected, got, "trial " + trial + ", up to " + maxLanes + " lanes, " + spans);
            }
        }
    }

    /** The raw read's vector touch against its scalar one, over lengths around every vector step. */
    @Test
    void theRawReadsVectorSumIsItsScalarSum() {
        ByteBuffer buf = ByteBuffer.allocateDirect(3000);
        Random rnd = new Random(5);
        for (int i = 0; i < buf.capacity(); i++) {
            buf.put(i, (byte) rnd.nextInt());
        }
        for (int length = 0; length <= buf.capacity(); length += 1 + rnd.nextInt(7)) {
            assertEquals(RawRead.sumFrom(buf, 0, length), VectorSums.sum(buf, length), "length " + length);
        }
        // The raw read's contract is the buffer's capacity, whatever its limit (vector loads check the limit).
        buf.limit(10);
        assertEquals(RawRead.sumFrom(buf, 0, 3000), RawRead.sum(buf, 3000));
    }
}
