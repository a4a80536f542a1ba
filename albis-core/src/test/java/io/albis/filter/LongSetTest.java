package io.albis.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link LongSet}, bitmap and hash table alike, against a {@link HashSet} of the same values. */
class LongSetTest {

    @Test
    void membershipMatchesAHashSetForDenseSparseAndExtremeValues() {
        Random random = new Random(25);
        long[][] lists = {
            {5},
            {Long.MIN_VALUE, Long.MAX_VALUE},
            {-3, -2, -1, 0, 1, 2, 3},
            random.longs(1826, 2_450_000, 2_452_000).toArray(), // date keys: a bitmap
            random.longs(5000).toArray(), // spread over every long: a hash table
            random.longs(100, 0, 1L << 40).toArray(),
            {0, 1L << 26, -(1L << 26)}, // a range just past the bitmap's limit
        };
        for (long[] list : lists) {
            long[] sorted = Arrays.stream(list).sorted().distinct().toArray();
            LongSet set = LongSet.of(sorted);
            Set<Long> expected = new HashSet<>();
            Arrays.stream(list).forEach(expected::add);
            for (long v : list) {
                assertEquals(true, set.contains(v), v + " of " + set.getClass().getSimpleName());
            }
            long lo = sorted[0];
            long hi = sorted[sorted.length - 1];
            long[] probes = {lo - 1, hi + 1, Long.MIN_VALUE, Long.MAX_VALUE, 0, lo + (hi - lo) / 2};
            for (long v : probes) {
                assertEquals(expected.contains(v), set.contains(v), "probe " + v);
            }
            for (int i = 0; i < 10_000; i++) {
                long v = i % 2 == 0 ? random.nextLong() : lo + Math.floorMod(random.nextLong(), Math.max(1, hi - lo + 3)) - 1;
                assertEquals(expected.contains(v), set.contains(v), "probe " + v);
            }
        }
    }
}
