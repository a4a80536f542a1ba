package io.albis.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.scan.ScanVersusRaw.Warmup;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Warmup}: when warming up is over, by count or once the times settle. */
class ScanWarmupTest {
    @Test
    void aFixedWarmupRunsItsRounds() {
        Warmup w = Warmup.fixed(2);
        assertFalse(w.over(List.of(), List.of(), 0));
        assertFalse(w.over(List.of(9L), List.of(9L), 0));
        assertTrue(w.over(List.of(9L, 1L), List.of(9L, 1L), 0));
        assertTrue(Warmup.fixed(0).over(List.of(), List.of(), 0));
        assertThrows(IllegalArgumentException.class, () -> Warmup.fixed(-1));
    }

    @Test
    void settlingNeedsTheLastThreeScansAndRawReadsWithinFivePercent() {
        Warmup w = Warmup.settle();
        List<Long> settled = List.of(300L, 110L, 100L, 104L, 105L);
        assertFalse(w.over(List.of(100L, 101L), List.of(100L, 101L), 0), "fewer than three rounds");
        assertTrue(w.over(settled, settled, 0));
        assertFalse(w.over(settled, List.of(100L, 104L, 106L), 0), "the raw reads are 6% apart");
        assertFalse(w.over(List.of(100L, 100L, 100L, 90L), settled, 0), "the last scan fell by 10%");
    }

    @Test
    void settlingGivesUpAfterThirtyRoundsOrThirtySeconds() {
        Warmup w = Warmup.settle();
        List<Long> jumpy = List.of(100L, 200L, 100L);
        assertFalse(w.over(jumpy, jumpy, 29_000_000_000L));
        assertTrue(w.over(jumpy, jumpy, 30_000_000_000L));
        List<Long> thirty = java.util.Collections.nCopies(15, List.of(100L, 200L)).stream().flatMap(List::stream).toList();
        assertEquals(30, thirty.size());
        assertTrue(w.over(thirty, thirty, 0));
    }
}
