package io.albis.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.segment.BloomFilter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.apache.parquet.column.values.bloomfilter.BlockSplitBloomFilter;
import org.apache.parquet.io.api.Binary;
import org.junit.jupiter.api.Test;

/**
 * Albis's bloom filters are Parquet's split-block filters (docs/FORMAT.md §8): for the same
 * values, a filter of as many blocks holds the same bits as parquet-java's
 * {@link BlockSplitBloomFilter}, word for word, and longs, doubles and byte strings hash alike.
 */
class ParquetBloomFilterLayoutTest {
    @Test
    void theSameValuesSetTheSameBitsAsParquets() throws IOException {
        Random r = new Random(8);
        for (int blocks : new int[] {1, 2, 64, 1024}) {
            BlockSplitBloomFilter parquet = new BlockSplitBloomFilter(blocks * BloomFilter.BLOCK_BYTES);
            BloomFilter albis = BloomFilter.ofBlocks(blocks);
            for (int i = 0; i < blocks * 20; i++) {
                long l = r.nextLong();
                double d = r.nextGaussian();
                byte[] s = ("value " + r.nextInt()).getBytes(StandardCharsets.UTF_8);
                long[][] hashes = {
                    {parquet.hash(l), BloomFilter.hashLong(l)},
                    {parquet.hash(d), BloomFilter.hashDouble(d)},
                    {parquet.hash(Binary.fromConstantByteArray(s)), BloomFilter.hashBytes(s, 0, s.length)}};
                for (long[] h : hashes) {
                    assertEquals(h[0], h[1], "the same hash");
                    parquet.insertHash(h[0]);
                    albis.insert(h[1]);
                }
            }
            ByteArrayOutputStream bits = new ByteArrayOutputStream();
            parquet.writeTo(bits);
            ByteBuffer words = ByteBuffer.allocate(albis.wordCount() * 4).order(ByteOrder.LITTLE_ENDIAN);
            for (int w = 0; w < albis.wordCount(); w++) {
                words.putInt(albis.word(w));
            }
            assertArrayEquals(bits.toByteArray(), words.array(), blocks + " blocks");
        }
    }
}
