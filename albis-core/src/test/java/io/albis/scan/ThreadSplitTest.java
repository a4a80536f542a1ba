package io.albis.scan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class ThreadSplitTest {

    @Test
    void threadsTakeEveryNthPart() {
        assertArrayEquals(new int[] {0, 2, 4}, ThreadSplit.partsOf(5, 0, 2));
        assertArrayEquals(new int[] {1, 3}, ThreadSplit.partsOf(5, 1, 2));
        assertArrayEquals(new int[] {}, ThreadSplit.partsOf(1, 1, 2));
        assertArrayEquals(new int[] {0, 1, 2}, ThreadSplit.partsOf(3, 0, 1));
    }

    @Test
    void returnsEveryThreadsResultInThreadOrder() throws IOException {
        List<String> shares = ThreadSplit.run(7, 3, parts -> Arrays.toString(parts));
        assertEquals(List.of("[0, 3, 6]", "[1, 4]", "[2, 5]"), shares);
    }

    @Test
    void startsNoThreadWithoutAPart() throws IOException {
        assertEquals(List.of("[0]", "[1]"), ThreadSplit.run(2, 8, parts -> Arrays.toString(parts)));
        assertEquals(List.of("[]"), ThreadSplit.run(0, 4, parts -> Arrays.toString(parts)));
    }

    @Test
    void oneThreadReadsOnTheCallersThread() throws IOException {
        Thread caller = Thread.currentThread();
        assertEquals(List.of(true), ThreadSplit.run(3, 1, parts -> Thread.currentThread() == caller));
        assertEquals(List.of(false, false), ThreadSplit.run(3, 2, parts -> Thread.currentThread() == caller));
    }

    @Test
    void refusesFewerThanOneThread() {
        assertThrows(IllegalArgumentException.class, () -> ThreadSplit.run(3, 0, parts -> parts));
    }

    @Test
    void aFailingThreadFailsTheReadAfterTheOthersStopped() {
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean otherStopped = new AtomicBoolean();
        IOException broken = new IOException("part 1 is broken");
        IOException e = assertThrows(IOException.class, () -> ThreadSplit.run(2, 2, parts -> {
            try {
                if (parts[0] == 1) {
                    started.await(10, TimeUnit.SECONDS);
                    throw broken;
                }
                started.countDown();
                Thread.sleep(60_000);
            } catch (InterruptedException interrupted) {
                otherStopped.set(true);
            }
            return parts;
        }));
        assertSame(broken, e);
        assertTrue(otherStopped.get(), "the other thread was interrupted and had stopped");
        assertFalse(Thread.currentThread().isInterrupted());
    }
}
