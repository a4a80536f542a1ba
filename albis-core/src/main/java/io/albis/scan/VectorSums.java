package io.albis.scan;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * Sums with the JDK's Vector API, used only where {@link VectorApi#ENABLED}. Columns of a wide group
 * that lie side by side in every row (store_sales: nine ints, then twelve decimals as longs) are
 * summed as spans ({@link VectorSpans}): one load of 2, 4 or 8 longs, or 4, 8 or 16 ints, a row where the scalar
 * walk loads each value, added lane by lane and reduced once per block of rows. Ints are loaded
 * in pairs as longs and each pair split by shifts into its two sign-extended halves, so a sum is the
 * one the scalar walk gives, bit for bit. Vectors never go wider than the CPU's preferred width
 * (wider ones are emulated). Also the raw read's touch of every byte ({@link #sum}).
 */
final class VectorSums {
    private static final VectorSpecies<Long> L8 = LongVector.SPECIES_512;
    private static final VectorSpecies<Long> L4 = LongVector.SPECIES_256;
    private static final VectorSpecies<Long> L2 = LongVector.SPECIES_128;
    private static final VectorSpecies<Long> PREFERRED = LongVector.SPECIES_PREFERRED;
    private static final ByteOrder LE = ByteOrder.LITTLE_ENDIAN;

    private VectorSums() {}

    /**
     * Longs in the widest span vector: the CPU's preferred width (wider ones are emulated), at most
     * the 8 longs of the widest kernel below (a CPU with wider vectors, such as ARM's SVE, still
     * gets 512-bit spans).
     */
    static int maxLanes() {
        return Math.min(8, PREFERRED.length());
    }

    /** The spans' sum over {@code n} rows of {@code stride} bytes from buffer offset {@code first} of {@code buf}. */
    static long sum(VectorSpans s, ByteBuffer buf, int first, int n, int stride) {
        long sum = 0;
        for (int i = 0; i < s.offsets().length; i++) {
            int at = first + s.offsets()[i];
            boolean ints = s.ints()[i];
            sum += switch (s.lanes()[i]) {
                case 8 -> ints ? ints8(buf, at, n, stride) : longs8(buf, at, n, stride);
                case 4 -> ints ? ints4(buf, at, n, stride) : longs4(buf, at, n, stride);
                case 2 -> ints ? ints2(buf, at, n, stride) : longs2(buf, at, n, stride);
                default -> throw new IllegalArgumentException("a span of " + s.lanes()[i] + " lanes; spans have 2, 4 or 8");
            };
        }
        return sum;
    }

    // One method per width, so each loop's species is a constant the JIT compiles to vector loads. The
    // lanes are added once per block (reduceLanes): storing them to an array instead (intoArray) made
    // the store_sales scan half again as slow.

    private static long longs8(ByteBuffer b, int at, int n, int stride) {
        LongVector acc = LongVector.zero(L8);
        for (int i = 0; i < n; i++) {
            acc = acc.add(LongVector.fromByteBuffer(L8, b, at + i * stride, LE));
        }
        return acc.reduceLanes(VectorOperators.ADD);
    }

    private static long longs4(ByteBuffer b, int at, int n, int stride) {
        LongVector acc = LongVector.zero(L4);
        for (int i = 0; i < n; i++) {
            acc = acc.add(LongVector.fromByteBuffer(L4, b, at + i * stride, LE));
        }
        return acc.reduceLanes(VectorOperators.ADD);
    }

    private static long longs2(ByteBuffer b, int at, int n, int stride) {
        LongVector acc = LongVector.zero(L2);
        for (int i = 0; i < n; i++) {
            acc = acc.add(LongVector.fromByteBuffer(L2, b, at + i * stride, LE));
        }
        return acc.reduceLanes(VectorOperators.ADD);
    }

    /** A pair of ints per lane: the low one sign-extended by shifting up and back, the high one by shifting down. */
    private static long ints8(ByteBuffer b, int at, int n, int stride) {
        LongVector acc = LongVector.zero(L8);
        for (int i = 0; i < n; i++) {
            LongVector w = LongVector.fromByteBuffer(L8, b, at + i * stride, LE);
            acc = acc.add(w.lanewise(VectorOperators.LSHL, 32).lanewise(VectorOperators.ASHR, 32))
                    .add(w.lanewise(VectorOperators.ASHR, 32));
        }
        return acc.reduceLanes(VectorOperators.ADD);
    }

    private static long ints4(ByteBuffer b, int at, int n, int stride) {
        LongVector acc = LongVector.zero(L4);
        for (int i = 0; i < n; i++) {
            LongVector w = LongVector.fromByteBuffer(L4, b, at + i * stride, LE);
            acc = acc.add(w.lanewise(VectorOperators.LSHL, 32).lanewise(VectorOperators.ASHR, 32))
                    .add(w.lanewise(VectorOperators.ASHR, 32));
        }
        return acc.reduceLanes(VectorOperators.ADD);
    }

    private static long ints2(ByteBuffer b, int at, int n, int stride) {
        LongVector acc = LongVector.zero(L2);
        for (int i = 0; i < n; i++) {
            LongVector w = LongVector.fromByteBuffer(L2, b, at + i * stride, LE);
            acc = acc.add(w.lanewise(VectorOperators.LSHL, 32).lanewise(VectorOperators.ASHR, 32))
                    .add(w.lanewise(VectorOperators.ASHR, 32));
        }
        return acc.reduceLanes(VectorOperators.ADD);
    }

    /**
     * The raw read's touch ({@link RawRead#sum}): the first {@code length} bytes of {@code buf}
     * (whatever its limit; the caller has checked them against its capacity) as
     * little-endian longs, in four vectors of the preferred width, so the loads are not serialised
     * behind one chain of additions; the last whole longs and bytes as RawRead adds them.
     */
    static long sum(ByteBuffer buf, int length) {
        buf = buf.duplicate().clear(); // vector loads check the limit; the raw read's contract is the capacity
        int step = 4 * PREFERRED.vectorByteSize();
        int bytes = PREFERRED.vectorByteSize();
        LongVector a0 = LongVector.zero(PREFERRED);
        LongVector a1 = a0;
        LongVector a2 = a0;
        LongVector a3 = a0;
        int i = 0;
        for (; i + step <= length; i += step) {
            a0 = a0.add(LongVector.fromByteBuffer(PREFERRED, buf, i, LE));
            a1 = a1.add(LongVector.fromByteBuffer(PREFERRED, buf, i + bytes, LE));
            a2 = a2.add(LongVector.fromByteBuffer(PREFERRED, buf, i + 2 * bytes, LE));
            a3 = a3.add(LongVector.fromByteBuffer(PREFERRED, buf, i + 3 * bytes, LE));
        }
        return a0.add(a1).add(a2).add(a3).reduceLanes(VectorOperators.ADD) + RawRead.sumFrom(buf, i, length);
    }
}
