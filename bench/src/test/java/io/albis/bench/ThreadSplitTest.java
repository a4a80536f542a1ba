package io.albis.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.albis.scan.ScanResult;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ThreadSplitTest {

    @Test
    void threadsTakeEveryNthPart() {
        assertArrayEquals(new int[] {0, 2, 4}, ThreadSplit.partsOf(5, 0, 2));
        assertArrayEquals(new int[] {1, 3}, ThreadSplit.partsOf(5, 1, 2));
        assertArrayEquals(new int[] {}, ThreadSplit.partsOf(1, 1, 2));
    }

    @Test
    void sumsThePartsOfEveryThread() throws IOException {
        ScanResult r = ThreadSplit.read(4, 2, parts -> {
            long sum = 0;
            for (int p : parts) {
                sum += p;
            }
            return new ScanResult(parts.length, 10L * parts.length, 1, sum, 0);
        });
        assertEquals(4, r.rows());
        assertEquals(40, r.logicalBytes());
        assertEquals(2, r.nulls());
        assertEquals(0 + 1 + 2 + 3, r.checksum());
    }

    @Test
    void aFailingThreadFailsTheRead() {
        IOException e = assertThrows(IOException.class, () -> ThreadSplit.read(2, 2, parts -> {
            if (parts[0] == 1) {
                throw new IOException("part 1 is broken");
            }
            return new ScanResult(0, 0, 0, 0, 0);
        }));
        assertEquals("part 1 is broken", e.getMessage());
    }
}
