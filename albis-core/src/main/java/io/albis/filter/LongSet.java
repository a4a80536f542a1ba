package io.albis.filter;

/**
 * The values of an {@code IN} list over a long-valued column, tested in constant time: a bitmap
 * over the values' range when that range is small next to the list (date and small integer keys,
 * the usual join keys), else an open-addressing hash table. A binary search per row cost a
 * join-derived list of 1,826 date keys about 20 ns a row; a bit test or one probe costs a few.
 */
abstract class LongSet {
    /** Bitmaps up to this many bits (8 MiB) are built; a wider range takes the hash table. */
    private static final long MAX_BITMAP_BITS = 1L << 26;
    /** A bitmap may spend this many bits per listed value before the hash table is smaller. */
    private static final long BITS_PER_VALUE = 64;

    /** Whether {@code v} is listed. */
    abstract boolean contains(long v);

    /** The set of {@code sorted}, which is sorted ascending without repeats and not empty. */
    static LongSet of(long[] sorted) {
        long min = sorted[0];
        long max = sorted[sorted.length - 1];
        long span = max - min; // may overflow: then it is negative and the bitmap is not taken
        if (span >= 0 && span < MAX_BITMAP_BITS && span < BITS_PER_VALUE * sorted.length + 4096) {
            return new Bitmap(sorted, min, span + 1);
        }
        return new Hashed(sorted);
    }

    private static final class Bitmap extends LongSet {
        private final long min;
        private final long span;
        private final long[] words;

        Bitmap(long[] values, long min, long span) {
            this.min = min;
            this.span = span;
            this.words = new long[(int) ((span + 63) >>> 6)];
            for (long v : values) {
                long bit = v - min;
                words[(int) (bit >>> 6)] |= 1L << bit;
            }
        }

        @Override
        boolean contains(long v) {
            long bit = v - min;
            // One unsigned compare keeps values on both sides of the range out.
            return Long.compareUnsigned(bit, span) < 0 && (words[(int) (bit >>> 6)] & (1L << bit)) != 0;
        }
    }

    private static final class Hashed extends LongSet {
        private final long[] table;
        private final boolean[] used;
        private final int mask;

        Hashed(long[] values) {
            // Between 2 and 4 slots a value: probes stay short at a load of at most a half.
            int size = Integer.highestOneBit(Math.max(values.length, 2) * 2 - 1) << 1;
            this.table = new long[size];
            this.used = new boolean[size];
            this.mask = size - 1;
            for (long v : values) {
                int i = slot(v);
                while (used[i] && table[i] != v) {
                    i = (i + 1) & mask;
                }
                used[i] = true;
                table[i] = v;
            }
        }

        private int slot(long v) {
            long h = v * 0x9E3779B97F4A7C15L;
            return (int) (h ^ (h >>> 32)) & mask;
        }

        @Override
        boolean contains(long v) {
            int i = slot(v);
            while (used[i]) {
                if (table[i] == v) {
                    return true;
                }
                i = (i + 1) & mask;
            }
            return false;
        }
    }
}
