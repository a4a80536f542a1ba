package io.albis.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * XXH64 against the algorithm's reference values: the published ones of short strings, and inputs
 * that take every path (32-byte stripes, 8-byte lanes, a 4-byte word, single bytes) with seed 0
 * and others. The long forms hash exactly the bytes they stand for.
 */
class XxHash64Test {
    private static long hash(String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        return XxHash64.hash(b, 0, b.length);
    }

    /** The bytes 0, 1, 2, ... */
    private static byte[] counting(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) i;
        }
        return b;
    }

    @Test
    void publishedValuesOfShortStrings() {
        assertEquals(0xEF46DB3751D8E999L, hash(""));
        assertEquals(0xD24EC4F1A98C6E5BL, hash("a"));
        assertEquals(0x44BC2CF5AD770999L, hash("abc"));
        assertEquals(0x0B242D361FDA71BCL, hash("The quick brown fox jumps over the lazy dog"));
    }

    @Test
    void everyPathOfTheAlgorithm() {
        byte[] b = counting(100);
        assertEquals(0xCBF59C5116FF32B4L, XxHash64.hash(b, 0, 32), "one stripe, no tail");
        assertEquals(0x0D9883A03E7BFBB8L, XxHash64.hash(b, 0, 47), "a stripe, a lane, a word and three bytes");
        assertEquals(0x6AC1E58032166597L, XxHash64.hash(b, 0, 100), "three stripes and a word");
        assertEquals(0x00278BDA0EE3F586L, XxHash64.hash(b, 0, 100, 0x9E3779B185EBCA87L), "a seed");
        assertEquals(0xBEA9CA8199328908L, XxHash64.hash("abc".getBytes(StandardCharsets.US_ASCII), 0, 3, 1));
        byte[] shifted = new byte[105];
        System.arraycopy(b, 0, shifted, 5, 100);
        assertEquals(XxHash64.hash(b, 0, 100), XxHash64.hash(shifted, 5, 100), "the bytes, wherever they are");
    }

    @Test
    void longsHashAsTheirLittleEndianBytes() {
        assertEquals(0x34C96ACDCADB1BBBL, XxHash64.hashLong(0));
        assertEquals(0x9F29CB17A2A49995L, XxHash64.hashLong(1));
        assertEquals(0xB556806FB6D14353L, XxHash64.hashLong(42));
        Random r = new Random(7);
        for (int i = 0; i < 1000; i++) {
            long low = r.nextLong();
            long high = r.nextLong();
            ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(low).putLong(high);
            assertEquals(XxHash64.hash(b.array(), 0, 8), XxHash64.hashLong(low));
            assertEquals(XxHash64.hash(b.array(), 0, 16), XxHash64.hashLongs(low, high));
        }
    }
}
