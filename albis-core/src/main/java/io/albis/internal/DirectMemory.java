package io.albis.internal;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Little-endian reads by address from a direct buffer's memory, for the row codec and the scan's
 * innermost loops. Internal: not part of Albis's API (see {@code package-info}).
 *
 * <p>Why: ByteBuffer accessors check the index on every read and go through several layers the
 * JIT does not always inline in a large loop (measured: a third of the row iterator's time).
 * Unsafe reads are intrinsics at every tier. They are not checked, so every caller proves a
 * whole row's or run's range lies inside the buffer before reading inside it, and keeps a
 * reference to the buffer while it reads its memory.
 *
 * <p>Rows are read from direct buffers only, by plain address: segment buffers are direct, and one
 * kind of location keeps the row codec on one code path. Nested values (lists, maps) are also read
 * from heap arrays (a batch's copy, a value built in memory), so their views read through a base
 * object and an offset ({@link #getLong(Object, long)}): {@code null} and an address, or a
 * {@code byte[]} and {@link #BYTE_ARRAY_OFFSET} plus an index.
 */
public final class DirectMemory {
    private static final sun.misc.Unsafe UNSAFE;
    private static final long ADDRESS;
    /** The format is little-endian; on a big-endian host every read is swapped (a constant the JIT folds). */
    private static final boolean SWAP = ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN;

    static {
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            UNSAFE = (sun.misc.Unsafe) f.get(null);
            ADDRESS = UNSAFE.objectFieldOffset(Buffer.class.getDeclaredField("address"));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw new IllegalStateException("Albis reads rows through sun.misc.Unsafe (JDK module jdk.unsupported),"
                    + " which this JVM does not offer: " + e, e);
        }
    }

    private DirectMemory() {}

    /** The native address of a direct buffer's byte 0 (whatever its position). */
    public static long address(ByteBuffer direct) {
        if (!direct.isDirect()) {
            throw new IllegalArgumentException("rows are read from direct buffers only; got a heap buffer");
        }
        return UNSAFE.getLong(direct, ADDRESS);
    }

    /** Throws unless [from, to) lies inside the buffer's capacity; call before reading that range. */
    public static void checkRange(ByteBuffer buf, long from, long to) {
        if (from < 0 || to < from || to > buf.capacity()) {
            throw new IndexOutOfBoundsException("range " + from + ".." + to + " outside buffer of " + buf.capacity());
        }
    }

    public static byte getByte(long address) {
        return UNSAFE.getByte(address);
    }

    public static short getShort(long address) {
        short v = UNSAFE.getShort(address);
        return SWAP ? Short.reverseBytes(v) : v;
    }

    public static int getInt(long address) {
        int v = UNSAFE.getInt(address);
        return SWAP ? Integer.reverseBytes(v) : v;
    }

    public static long getLong(long address) {
        long v = UNSAFE.getLong(address);
        return SWAP ? Long.reverseBytes(v) : v;
    }

    /** Copies {@code length} bytes at {@code address} into {@code dst} at {@code at} (checked against {@code dst}). */
    public static void copyToArray(long address, byte[] dst, int at, int length) {
        copyToArray(null, address, dst, at, length);
    }

    /** The offset of a {@code byte[]}'s element 0, for reads through a base object. */
    public static final long BYTE_ARRAY_OFFSET = UNSAFE.arrayBaseOffset(byte[].class);

    public static byte getByte(Object base, long offset) {
        return UNSAFE.getByte(base, offset);
    }

    public static short getShort(Object base, long offset) {
        short v = UNSAFE.getShort(base, offset);
        return SWAP ? Short.reverseBytes(v) : v;
    }

    public static int getInt(Object base, long offset) {
        int v = UNSAFE.getInt(base, offset);
        return SWAP ? Integer.reverseBytes(v) : v;
    }

    public static long getLong(Object base, long offset) {
        long v = UNSAFE.getLong(base, offset);
        return SWAP ? Long.reverseBytes(v) : v;
    }

    /** Copies {@code length} bytes at {@code base}+{@code offset} into {@code dst} at {@code at} (checked against {@code dst}). */
    public static void copyToArray(Object base, long offset, byte[] dst, int at, int length) {
        if (at < 0 || length < 0 || at > dst.length - length) {
            throw new IndexOutOfBoundsException("copy of " + length + " bytes to " + at + " of an array of " + dst.length);
        }
        UNSAFE.copyMemory(base, offset, dst, BYTE_ARRAY_OFFSET + at, length);
    }
}
