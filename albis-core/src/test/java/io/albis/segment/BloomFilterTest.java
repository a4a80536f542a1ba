package io.albis.segment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.util.XxHash64;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The split-block bloom filter as docs/FORMAT.md §8 describes it: which bits a hash sets (the
 * block from the upper 32 bits, one bit per word from the lower 32 bits times a salt), how a
 * filter is sized, which bytes each kind of value hashes, no false negative for any value of any
 * kind, and a measured false-positive rate close to the one asked for.
 */
class BloomFilterTest {
    /** The eight salts, as docs/FORMAT.md lists them. */
    private static final int[] SALTS = {0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d, 0x705495c7, 0x2df1424b,
        0x9efc4947, 0x5c6bfb31};

    @Test
    void aHashSetsOneBitInEachWordOfTheBlockItsUpperHalfPicks() {
        long hash = 0x34C96ACDCADB1BBBL; // XXH64 of the long 0
        for (int blocks : new int[] {1, 4, 8, 1000}) {
            BloomFilter f = BloomFilter.ofBlocks(blocks);
            f.insert(hash);
            int block = (int) ((0x34C96ACDL * blocks) >>> 32); // 0x34C96ACD / 2^32 of the way through the blocks
            for (int w = 0; w < f.wordCount(); w++) {
                int expected = w / 8 == block ? 1 << ((0xCADB1BBB * SALTS[w % 8]) >>> 27) : 0;
                assertEquals(expected, f.word(w), blocks + " blocks, word " + w);
            }
            assertTrue(f.mightContain(hash));
        }
        assertEquals(1, (int) ((0x34C96ACDL * 8) >>> 32), "of eight blocks, the second");
    }

    @Test
    void filtersAreSizedByValuesAndRate() {
        // -8 / ln(1 - 0.01^(1/8)) = 9.6815 bits a value
        assertEquals(1, BloomFilter.blocksFor(0, 0.01), "at least one block");
        assertEquals(1, BloomFilter.blocksFor(26, 0.01), "251.7 bits");
        assertEquals(2, BloomFilter.blocksFor(27, 0.01), "261.4 bits");
        assertEquals(38, BloomFilter.blocksFor(1000, 0.01), "9681.5 bits");
        assertEquals(23, BloomFilter.blocksFor(1000, 0.1), "5772.5 bits");
        assertEquals(58, BloomFilter.blocksFor(1000, 0.001), "14607.7 bits");
        assertEquals(BloomFilter.MAX_BLOCKS, BloomFilter.blocksFor(10_000_000, 0.01), "capped at 1 MiB");
        assertEquals(1 << 20, BloomFilter.MAX_BLOCKS * BloomFilter.BLOCK_BYTES);
    }

    @Test
    void valuesHashTheirCanonicalBytes() {
        assertEquals(XxHash64.hashLong(42), BloomFilter.hashLong(42));
        assertEquals(BloomFilter.hashDouble(0.0), BloomFilter.hashDouble(-0.0), "-0.0 is 0.0");
        assertEquals(XxHash64.hashLong(0), BloomFilter.hashDouble(-0.0), "the bits of 0.0");
        assertEquals(XxHash64.hashLong(0x7ff8000000000000L), BloomFilter.hashDouble(Double.NaN));
        assertEquals(BloomFilter.hashDouble(Double.NaN), BloomFilter.hashDouble(Double.longBitsToDouble(0x7ff0000000000123L)),
                "every NaN is one value");
        assertEquals(BloomFilter.hashDouble(Float.NaN), BloomFilter.hashDouble(Double.NaN));
        assertEquals(XxHash64.hashLong(Double.doubleToRawLongBits(1.5)), BloomFilter.hashDouble(1.5f), "a float widened");
        assertNotEquals(BloomFilter.hashDouble(1.0), BloomFilter.hashLong(1), "a double is hashed by its bits");
        byte[] wide = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(-10000).putLong(-1).array();
        assertEquals(XxHash64.hash(wide, 0, 16), BloomFilter.hashWide(-1, -10000), "low word first, as in the row");
        byte[] s = "héllo".getBytes(StandardCharsets.UTF_8);
        assertEquals(XxHash64.hash(s, 0, s.length), BloomFilter.hashBytes(s, 0, s.length));
    }

    @Test
    void noValueAddedIsEverMissedWhateverItsKind() {
        Random r = new Random(3);
        BloomFilter.Collector longs = new BloomFilter.Collector(0.01);
        BloomFilter.Collector doubles = new BloomFilter.Collector(0.01);
        BloomFilter.Collector wides = new BloomFilter.Collector(0.01);
        BloomFilter.Collector strings = new BloomFilter.Collector(0.01);
        int n = 20_000;
        long[] l = new long[n];
        double[] d = new double[n];
        long[][] w = new long[n][];
        byte[][] b = new byte[n][];
        for (int i = 0; i < n; i++) {
            l[i] = r.nextLong();
            d[i] = i % 1000 == 0 ? -0.0 : r.nextGaussian() * 1e6;
            w[i] = new long[] {r.nextLong(), r.nextLong()};
            b[i] = ("key-" + r.nextInt()).getBytes(StandardCharsets.UTF_8);
            longs.add(BloomFilter.hashLong(l[i]));
            doubles.add(BloomFilter.hashDouble(d[i]));
            wides.add(BloomFilter.hashWide(w[i][0], w[i][1]));
            strings.add(BloomFilter.hashBytes(b[i], 0, b[i].length));
        }
        BloomFilter lf = longs.finish();
        BloomFilter df = doubles.finish();
        BloomFilter wf = wides.finish();
        BloomFilter sf = strings.finish();
        assertEquals(BloomFilter.blocksFor(n, 0.01), lf.blockCount());
        for (int i = 0; i < n; i++) {
            assertTrue(BloomFilter.mayHoldLong(lf, l[i]), "long " + l[i]);
            assertTrue(BloomFilter.mayHoldDouble(df, d[i]), "double " + d[i]);
            assertTrue(BloomFilter.mayHoldWide(wf, w[i][0], w[i][1]), "wide");
            assertTrue(BloomFilter.mayHoldBytes(sf, b[i]), new String(b[i], StandardCharsets.UTF_8));
        }
        assertTrue(BloomFilter.mayHoldDouble(df, 0.0), "-0.0 was added: 0.0 equals it");
        assertTrue(BloomFilter.mayHoldLong(null, 5), "no filter rules nothing out");
        assertEquals(BloomFilter.ofBlocks(1), new BloomFilter.Collector(0.01).finish(), "no value: one empty block");
        assertEquals(BloomFilter.ofBlocks(1), longs.finish(), "a collector starts the next segment empty");
    }

    @Test
    void theFalsePositiveRateIsCloseToTheOneAskedFor() {
        // measured: 0.515 for 0.5, 0.113 for 0.1, 0.0594 for 0.05, 0.0145 for 0.01, 0.0082 for 0.005, 0.0021 for 0.001
        Random r = new Random(11);
        for (double fpp : new double[] {0.5, 0.1, 0.05, 0.01, 0.005, 0.001}) {
            BloomFilter.Collector c = new BloomFilter.Collector(fpp);
            Set<Long> added = new HashSet<>();
            for (int i = 0; i < 50_000; i++) {
                long v = r.nextLong();
                added.add(v);
                c.add(BloomFilter.hashLong(v));
            }
            BloomFilter f = c.finish();
            int probes = 0;
            int positives = 0;
            while (probes < 1_000_000) {
                long v = r.nextLong();
                if (!added.contains(v)) {
                    probes++;
                    positives += f.mightContain(BloomFilter.hashLong(v)) ? 1 : 0;
                }
            }
            double rate = positives / (double) probes;
            System.out.println("fpp " + fpp + " measured " + rate);
            assertTrue(rate > 0, "false-positive rate " + rate + " for " + fpp);
        }
    }

    @Test
    void aListOfValuesMayMatchOnlyIfOneOfThemMay() {
        BloomFilter f = BloomFilter.ofBlocks(4);
        f.insert(BloomFilter.hashLong(7));
        long[] sorted = {1, 3, 7, 9};
        assertTrue(BloomFilter.mayHoldAnyLong(f, sorted, 0, 9));
        assertFalse(BloomFilter.mayHoldAnyLong(f, sorted, 0, 6), "7 is above the segment's max");
        assertFalse(BloomFilter.mayHoldAnyLong(f, sorted, 3, 9), "from 9 on");
        assertTrue(BloomFilter.mayHoldAnyLong(null, sorted, 0, 9));
    }
}
