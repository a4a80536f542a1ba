package io.albis.segment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.internal.DirectMemory;
import io.albis.schema.DataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The writer takes the statistics of integer columns a block of rows at a time
 * ({@link ColumnStats.Collector#addLongColumn}); they must equal what adding each value or null
 * one by one gives, for every width, segment after segment, with nulls anywhere (first, last, a whole block), values in
 * order or not, and blocks of any length.
 */
class ColumnStatsTest {
    private static final int STRIDE = 13;
    private static final int VALUE_AT = 3;
    private static final int NULL_AT = 1;

    @Test
    void blocksOfRowsGiveTheStatisticsOfValuesAddedOneByOne() {
        DataType[] types = {DataType.BOOLEAN, DataType.BYTE, DataType.SHORT, DataType.INT, DataType.LONG};
        Random random = new Random(26);
        // reused from trial to trial, as a writer reuses them from segment to segment
        ColumnStats.Collector oneByOne = new ColumnStats.Collector(StatKind.LONG);
        ColumnStats.Collector inBlocks = new ColumnStats.Collector(StatKind.LONG);
        for (int trial = 0; trial < 400; trial++) {
            DataType type = types[trial % types.length];
            int rows = random.nextInt(70);
            int nullPercent = new int[] {0, 5, 50, 100}[random.nextInt(4)];
            boolean ascending = random.nextBoolean();
            int mask = 1 << random.nextInt(8);
            ByteBuffer segment = ByteBuffer.allocateDirect(Math.max(1, rows * STRIDE)).order(ByteOrder.LITTLE_ENDIAN);
            long previous = -50;
            for (int r = 0; r < rows; r++) {
                int at = r * STRIDE;
                // other bits of the null byte set at random: only the mask's bit may count
                byte others = (byte) (random.nextInt(256) & ~mask);
                if (random.nextInt(100) < nullPercent) {
                    segment.put(at + NULL_AT, (byte) (others | mask));
                    // a null's bytes are zero in a file, but the statistics must not depend on it
                    store(segment, at + VALUE_AT, type, random.nextLong(), random);
                    oneByOne.addNull();
                    continue;
                }
                segment.put(at + NULL_AT, others);
                int extreme = random.nextInt(20); // the starting bounds as values too
                long v = extreme == 0 ? Long.MIN_VALUE : extreme == 1 ? Long.MAX_VALUE
                        : ascending ? previous + random.nextInt(3) : random.nextLong();
                previous = v;
                long stored = store(segment, at + VALUE_AT, type, v, random);
                oneByOne.addLong(stored);
            }
            long start = DirectMemory.address(segment);
            for (int first = 0; first < rows; ) {
                int n = Math.min(rows - first, 1 + random.nextInt(20));
                long base = start + (long) first * STRIDE;
                inBlocks.addLongColumn(base + VALUE_AT, base + NULL_AT, mask, STRIDE, n, type);
                first += n;
            }
            assertSame(oneByOne.finish(), inBlocks.finish(), "trial " + trial + " (" + type + ", " + rows + " rows, "
                    + nullPercent + "% nulls)");
        }
    }

    /** Stores {@code v} at the type's width; returns the value the column then holds, as a reader widens it. */
    private static long store(ByteBuffer b, int at, DataType type, long v, Random random) {
        switch (type.id()) {
            case BOOLEAN -> {
                byte stored = (byte) (v & 1) == 0 ? 0 : (byte) (1 + random.nextInt(255)); // any non-zero byte is true
                b.put(at, stored);
                return stored != 0 ? 1 : 0;
            }
            case BYTE -> {
                b.put(at, (byte) v);
                return (byte) v;
            }
            case SHORT -> {
                b.putShort(at, (short) v);
                return (short) v;
            }
            case INT -> {
                b.putInt(at, (int) v);
                return (int) v;
            }
            default -> {
                b.putLong(at, v);
                return v;
            }
        }
    }

    private static void assertSame(ColumnStats expected, ColumnStats actual, String what) {
        assertEquals(expected.nullCount(), actual.nullCount(), what + ": nulls");
        assertEquals(expected.hasMinMax(), actual.hasMinMax(), what + ": has min and max");
        assertEquals(expected.sorted(), actual.sorted(), what + ": sorted");
        if (expected.hasMinMax()) {
            assertEquals(expected.minLong(), actual.minLong(), what + ": min");
            assertEquals(expected.maxLong(), actual.maxLong(), what + ": max");
        }
    }
}
