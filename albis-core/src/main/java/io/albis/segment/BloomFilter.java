package io.albis.segment;

import io.albis.util.XxHash64;
import java.util.Arrays;

/**
 * A split-block bloom filter of one column in one segment (docs/FORMAT.md §8, "Bloom filters"):
 * blocks of 256 bits, eight 32-bit words each. A value's 64-bit hash picks a block by its upper
 * 32 bits and sets one bit in each of the block's eight words, chosen by its lower 32 bits times
 * one of eight salts, so a lookup touches one 32-byte block. It answers "certainly absent" or
 * "maybe present": a value that was added is always found.
 *
 * <p>The hash is XXH64 of the value's canonical bytes ({@link #hashLong}, {@link #hashDouble},
 * {@link #hashWide}, {@link #hashBytes}), the same bytes on the write side and for a filter's
 * literal once the binder has turned it into the column's stored unit.
 */
public final class BloomFilter {
    /** Bytes of one block: eight 32-bit words. */
    public static final int BLOCK_BYTES = 32;
    /** The most blocks one filter has: 1 MiB of bits, whatever the segment's rows. */
    public static final int MAX_BLOCKS = 1 << 15;
    private static final int WORDS_PER_BLOCK = 8;
    private static final int[] SALT = {0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b,
        0x9efc4947, 0x5c6bfb31};
    /** The bits of a NaN as hashed: every NaN is one value to filters and statistics. */
    private static final long CANONICAL_NAN = 0x7ff8000000000000L;

    /** The blocks' words, block by block, word 0 first. */
    private final int[] words;

    private BloomFilter(int[] words) {
        this.words = words;
    }

    /** An empty filter of {@code blocks} blocks (1 to {@link #MAX_BLOCKS}). */
    public static BloomFilter ofBlocks(int blocks) {
        if (blocks < 1 || blocks > MAX_BLOCKS) {
            throw new IllegalArgumentException("a bloom filter has 1 to " + MAX_BLOCKS + " blocks, not " + blocks);
        }
        return new BloomFilter(new int[blocks * WORDS_PER_BLOCK]);
    }

    /** A filter of the given words (a multiple of eight, as decoded), which it keeps. */
    static BloomFilter ofWords(int[] words) {
        if (words.length == 0 || words.length % WORDS_PER_BLOCK != 0 || words.length / WORDS_PER_BLOCK > MAX_BLOCKS) {
            throw new IllegalArgumentException("a bloom filter's words are 1 to " + MAX_BLOCKS + " blocks of "
                    + WORDS_PER_BLOCK + ", not " + words.length);
        }
        return new BloomFilter(words);
    }

    /**
     * Blocks for {@code values} values at false-positive rate {@code fpp}: Parquet's bits per value
     * for a split-block filter, {@code -8 / ln(1 - fpp^(1/8))}, times the values, rounded up to whole
     * blocks, at least 1 and at most {@link #MAX_BLOCKS}. {@link StrictMath} makes it the same
     * number on every JVM, so the same rows give the same file.
     */
    public static int blocksFor(long values, double fpp) {
        double bitsPerValue = -8 / StrictMath.log(1 - StrictMath.pow(fpp, 1.0 / 8));
        double blocks = StrictMath.ceil(values * bitsPerValue / (BLOCK_BYTES * 8));
        return (int) Math.max(1, Math.min(MAX_BLOCKS, blocks));
    }

    public int blockCount() {
        return words.length / WORDS_PER_BLOCK;
    }

    /** Word {@code i} of the filter: word {@code i % 8} of block {@code i / 8}. */
    public int word(int i) {
        return words[i];
    }

    public int wordCount() {
        return words.length;
    }

    /** Adds a value by its hash. */
    public void insert(long hash) {
        int base = block(hash) * WORDS_PER_BLOCK;
        int key = (int) hash;
        for (int i = 0; i < WORDS_PER_BLOCK; i++) {
            words[base + i] |= 1 << ((key * SALT[i]) >>> 27);
        }
    }

    /** False when no value of this hash was added; true when one may have been. */
    public boolean mightContain(long hash) {
        int base = block(hash) * WORDS_PER_BLOCK;
        int key = (int) hash;
        for (int i = 0; i < WORDS_PER_BLOCK; i++) {
            if ((words[base + i] & (1 << ((key * SALT[i]) >>> 27))) == 0) {
                return false;
            }
        }
        return true;
    }

    /** The block of a hash: its upper 32 bits scaled to the block count (multiply, then keep the upper half). */
    private int block(long hash) {
        return (int) (((hash >>> 32) * blockCount()) >>> 32);
    }

    // ------------------------------------------------------------------ canonical hashes, by how a value is stored

    /** The hash of an integral, date, timestamp or decimal (≤ 18 digits) value: its 8 little-endian bytes as a long. */
    public static long hashLong(long v) {
        return XxHash64.hashLong(v);
    }

    /**
     * The hash of a float or double value (a float widened to double): the double's 8 bytes, with
     * -0.0 hashed as 0.0 and every NaN as {@code 0x7ff8000000000000}, since filters take them equal.
     */
    public static long hashDouble(double v) {
        long bits = v == 0 ? 0 : Double.isNaN(v) ? CANONICAL_NAN : Double.doubleToRawLongBits(v);
        return XxHash64.hashLong(bits);
    }

    /** The hash of a decimal over 18 digits: its 16 bytes as the row holds them, low word first. */
    public static long hashWide(long high, long low) {
        return XxHash64.hashLongs(low, high);
    }

    /** The hash of a string (its UTF-8 bytes) or binary value. */
    public static long hashBytes(byte[] b, int offset, int length) {
        return XxHash64.hash(b, offset, length);
    }

    // ------------------------------------------------------------------ lookups of a filter that may be absent

    /** False only when {@code f} is a filter that holds no {@code v}; true without a filter. */
    public static boolean mayHoldLong(BloomFilter f, long v) {
        return f == null || f.mightContain(hashLong(v));
    }

    public static boolean mayHoldDouble(BloomFilter f, double v) {
        return f == null || f.mightContain(hashDouble(v));
    }

    public static boolean mayHoldWide(BloomFilter f, long high, long low) {
        return f == null || f.mightContain(hashWide(high, low));
    }

    public static boolean mayHoldBytes(BloomFilter f, byte[] v) {
        return f == null || f.mightContain(hashBytes(v, 0, v.length));
    }

    /** Whether {@code f} may hold any of {@code sorted[from..]} up to {@code max}; true without a filter. */
    public static boolean mayHoldAnyLong(BloomFilter f, long[] sorted, int from, long max) {
        if (f == null) {
            return true;
        }
        for (int i = from; i < sorted.length && sorted[i] <= max; i++) {
            if (f.mightContain(hashLong(sorted[i]))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BloomFilter f && Arrays.equals(words, f.words);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(words);
    }

    @Override
    public String toString() {
        return blockCount() + (blockCount() == 1 ? " block" : " blocks");
    }

    /**
     * Collects the hashes of one column's non-null values in the segment being written; at the
     * segment's end {@link #finish} sizes the filter for them ({@link #blocksFor}) and adds them.
     */
    public static final class Collector {
        private final double fpp;
        private long[] hashes = new long[64];
        private int count;

        public Collector(double fpp) {
            this.fpp = fpp;
        }

        public void add(long hash) {
            if (count == hashes.length) {
                hashes = Arrays.copyOf(hashes, count * 2);
            }
            hashes[count++] = hash;
        }

        /** The segment's filter; the collector starts the next segment empty. */
        public BloomFilter finish() {
            BloomFilter f = ofBlocks(blocksFor(count, fpp));
            for (int i = 0; i < count; i++) {
                f.insert(hashes[i]);
            }
            count = 0;
            return f;
        }
    }
}
