package io.albis.scan;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which columns of a wide group {@link VectorSums} loads together: span {@code i} starts at row
 * offset {@code offsets[i]} and holds {@code lanes[i]} longs, or {@code 2 * lanes[i]} ints when
 * {@code ints[i]}; the columns no span takes stay in {@code restLongs} and {@code restInts} for
 * the scalar walk. Names no incubator type, so a plan can be held where the Vector API is absent.
 */
record VectorSpans(int[] offsets, int[] lanes, boolean[] ints, int[] restLongs, int[] restInts) {

    /**
     * Spans over the long columns at {@code longs} and the int columns at {@code ints} (row
     * offsets, any order): the widest of 8, 4 or 2 longs, at most {@code maxLanes}, that fit each
     * stretch of adjacent columns.
     */
    static VectorSpans plan(int[] longs, int[] ints, int maxLanes) {
        List<int[]> spans = new ArrayList<>();
        int[] restLongs = spansOf(longs, 8, maxLanes, spans);
        int[] restInts = spansOf(ints, 4, maxLanes, spans);
        int[] offsets = new int[spans.size()];
        int[] lanes = new int[spans.size()];
        boolean[] isInts = new boolean[spans.size()];
        for (int i = 0; i < spans.size(); i++) {
            offsets[i] = spans.get(i)[0];
            lanes[i] = spans.get(i)[1];
            isInts[i] = spans.get(i)[2] == 4;
        }
        return new VectorSpans(offsets, lanes, isInts, restLongs, restInts);
    }

    /** Adds to {@code spans} ({offset, lanes, width}) those over {@code columns} of {@code width} bytes; returns the columns left over. */
    private static int[] spansOf(int[] columns, int width, int maxLanes, List<int[]> spans) {
        int[] sorted = columns.clone();
        Arrays.sort(sorted);
        int perLane = 8 / width;
        List<Integer> rest = new ArrayList<>();
        int i = 0;
        while (i < sorted.length) {
            int j = i + 1;
            while (j < sorted.length && sorted[j] == sorted[j - 1] + width) {
                j++;
            }
            int at = sorted[i];
            int left = j - i;
            for (int lanes = 8; lanes >= 2; lanes /= 2) {
                if (lanes > maxLanes) {
                    continue;
                }
                while (left >= lanes * perLane) {
                    spans.add(new int[] {at, lanes, width});
                    at += lanes * 8;
                    left -= lanes * perLane;
                }
            }
            for (; left > 0; left--, at += width) {
                rest.add(at);
            }
            i = j;
        }
        return rest.stream().mapToInt(Integer::intValue).toArray();
    }
}
