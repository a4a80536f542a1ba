package io.albis.util;

import java.lang.reflect.Field;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Little-endian reads from a direct buffer by address, for the scan's innermost loops only.
 *
 * <p>Why: ByteBuffer accessors check the index on every read, and when the JIT compiles a hot
 * loop early it may leave those checks as calls, which costs the scan half its speed for its
 * first seconds. Unsafe reads are intrinsics at every tier. They are not checked, so every
 * caller checks a whole block's range once with {@link #checkRange} before reading inside it.
 * When Unsafe is not available, {@link #AVAILABLE} is false and callers use the ByteBuffer.
 */
public final class DirectMemory {
    private static final sun.misc.Unsafe UNSAFE;
    private static final long ADDRESS;
    public static final boolean AVAILABLE;

    static {
        sun.misc.Unsafe u = null;
        long addr = -1;
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            u = (sun.misc.Unsafe) f.get(null);
            addr = u.objectFieldOffset(Buffer.class.getDeclaredField("address"));
        } catch (ReflectiveOperationException | RuntimeException e) {
            u = null;
        }
        UNSAFE = u;
        ADDRESS = addr;
        AVAILABLE = u != null && ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    }

    private DirectMemory() {}

    /** The native address of a direct buffer's first byte. */
    public static long address(ByteBuffer direct) {
        if (!direct.isDirect()) {
            throw new IllegalArgumentException("not a direct buffer");
        }
        return UNSAFE.getLong(direct, ADDRESS);
    }

    /** Throws unless [from, to) lies inside the buffer's capacity; call before reading that range. */
    public static void checkRange(ByteBuffer buf, long from, long to) {
        if (from < 0 || to < from || to > buf.capacity()) {
            throw new IndexOutOfBoundsException("range " + from + ".." + to + " outside buffer of " + buf.capacity());
        }
    }

    public static long getLong(long address) {
        return UNSAFE.getLong(address);
    }

    public static int getInt(long address) {
        return UNSAFE.getInt(address);
    }

    public static short getShort(long address) {
        return UNSAFE.getShort(address);
    }

    public static byte getByte(long address) {
        return UNSAFE.getByte(address);
    }
}
