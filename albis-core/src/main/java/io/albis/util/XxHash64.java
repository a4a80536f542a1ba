package io.albis.util;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * XXH64, the 64-bit xxHash of Yann Collet's published algorithm (the hash Parquet's split-block
 * bloom filters use), with seed 0 unless given. Written here because the format library depends
 * on nothing; {@code XxHash64Test} pins it to the algorithm's reference values. Besides the
 * general byte-array form it hashes one little-endian long and a 16-byte (low, high) pair without
 * building the bytes, giving exactly what the byte-array form gives for those bytes.
 */
public final class XxHash64 {
    private static final long P1 = 0x9E3779B185EBCA87L;
    private static final long P2 = 0xC2B2AE3D27D4EB4FL;
    private static final long P3 = 0x165667B19E3779F9L;
    private static final long P4 = 0x85EBCA77C2B2AE63L;
    private static final long P5 = 0x27D4EB2F165667C5L;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private XxHash64() {}

    /** XXH64 of {@code length} bytes of {@code b} from {@code offset}, with seed 0. */
    public static long hash(byte[] b, int offset, int length) {
        return hash(b, offset, length, 0);
    }

    public static long hash(byte[] b, int offset, int length, long seed) {
        int end = offset + length;
        int p = offset;
        long h;
        if (length >= 32) {
            long v1 = seed + P1 + P2;
            long v2 = seed + P2;
            long v3 = seed;
            long v4 = seed - P1;
            int lastStripe = end - 32;
            do {
                v1 = round(v1, (long) LONGS.get(b, p));
                v2 = round(v2, (long) LONGS.get(b, p + 8));
                v3 = round(v3, (long) LONGS.get(b, p + 16));
                v4 = round(v4, (long) LONGS.get(b, p + 24));
                p += 32;
            } while (p <= lastStripe);
            h = Long.rotateLeft(v1, 1) + Long.rotateLeft(v2, 7) + Long.rotateLeft(v3, 12) + Long.rotateLeft(v4, 18);
            h = merge(h, v1);
            h = merge(h, v2);
            h = merge(h, v3);
            h = merge(h, v4);
        } else {
            h = seed + P5;
        }
        h += length;
        while (p + 8 <= end) {
            h = eightBytes(h, (long) LONGS.get(b, p));
            p += 8;
        }
        if (p + 4 <= end) {
            h ^= ((int) INTS.get(b, p) & 0xFFFFFFFFL) * P1;
            h = Long.rotateLeft(h, 23) * P2 + P3;
            p += 4;
        }
        while (p < end) {
            h ^= (b[p] & 0xFFL) * P5;
            h = Long.rotateLeft(h, 11) * P1;
            p++;
        }
        return avalanche(h);
    }

    /** XXH64 (seed 0) of the 8 little-endian bytes of {@code v}. */
    public static long hashLong(long v) {
        return avalanche(eightBytes(P5 + 8, v));
    }

    /** XXH64 (seed 0) of 16 bytes: the 8 little-endian bytes of {@code low}, then those of {@code high}. */
    public static long hashLongs(long low, long high) {
        return avalanche(eightBytes(eightBytes(P5 + 16, low), high));
    }

    private static long round(long acc, long lane) {
        return Long.rotateLeft(acc + lane * P2, 31) * P1;
    }

    private static long merge(long acc, long v) {
        return (acc ^ round(0, v)) * P1 + P4;
    }

    private static long eightBytes(long h, long lane) {
        h ^= round(0, lane);
        return Long.rotateLeft(h, 27) * P1 + P4;
    }

    private static long avalanche(long h) {
        h ^= h >>> 33;
        h *= P2;
        h ^= h >>> 29;
        h *= P3;
        h ^= h >>> 32;
        return h;
    }
}
