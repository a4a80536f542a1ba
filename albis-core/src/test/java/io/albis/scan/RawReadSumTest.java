package io.albis.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link RawRead#sum}: every byte counts, whatever the length, as one little-endian long at a time would count it. */
class RawReadSumTest {
    /** The sum one accumulator and {@code ByteBuffer.getLong} give: the definition. */
    private static long plainSum(ByteBuffer buf, int length) {
        ByteBuffer le = buf.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        long sum = 0;
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            sum += le.getLong(i);
        }
        for (; i < length; i++) {
            sum += le.get(i);
        }
        return sum;
    }

    @Test
    void everyLengthSumsLikeOneLongAtATime() {
        ByteBuffer buf = ByteBuffer.allocateDirect(4096);
        Random random = new Random(7);
        for (int i = 0; i < buf.capacity(); i++) {
            buf.put(i, (byte) random.nextInt());
        }
        for (int length = 0; length <= 300; length++) {
            assertEquals(plainSum(buf, length), RawRead.sum(buf, length), "length " + length);
        }
        assertEquals(plainSum(buf, 4096), RawRead.sum(buf, 4096));
        assertEquals(plainSum(buf, 4095), RawRead.sum(buf, 4095));
    }

    @Test
    void aChangedByteChangesTheSum() {
        // 125 longs, then 3 bytes added one by one.
        ByteBuffer buf = ByteBuffer.allocateDirect(1003);
        for (int at : new int[] {0, 63, 64, 500, 999, 1000, 1002}) {
            long before = RawRead.sum(buf, 1003);
            buf.put(at, (byte) (buf.get(at) + 1));
            assertEquals(before + (at < 1000 ? 1L << (8 * (at % 8)) : 1), RawRead.sum(buf, 1003), "byte " + at);
        }
    }

    @Test
    void aLengthBeyondTheBufferIsRefused() {
        assertThrows(IndexOutOfBoundsException.class, () -> RawRead.sum(ByteBuffer.allocateDirect(16), 17));
        assertThrows(IllegalArgumentException.class, () -> RawRead.sum(ByteBuffer.allocate(16), 8));
    }
}
