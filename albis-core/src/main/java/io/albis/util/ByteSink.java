package io.albis.util;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** A growable little-endian byte buffer for building the small schema and metadata files. */
public final class ByteSink {
    private ByteBuffer buf = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);

    private void ensure(int n) {
        if (buf.remaining() < n) {
            int cap = Math.max(buf.capacity() * 2, buf.position() + n);
            ByteBuffer bigger = ByteBuffer.allocate(cap).order(ByteOrder.LITTLE_ENDIAN);
            buf.flip();
            bigger.put(buf);
            buf = bigger;
        }
    }

    public ByteSink u8(int v) {
        ensure(1);
        buf.put((byte) v);
        return this;
    }

    public ByteSink u16(int v) {
        ensure(2);
        buf.putShort((short) v);
        return this;
    }

    public ByteSink i32(int v) {
        ensure(4);
        buf.putInt(v);
        return this;
    }

    public ByteSink i64(long v) {
        ensure(8);
        buf.putLong(v);
        return this;
    }

    public ByteSink bytes(byte[] b) {
        ensure(b.length);
        buf.put(b);
        return this;
    }

    public ByteSink bytes(byte[] b, int off, int len) {
        ensure(len);
        buf.put(b, off, len);
        return this;
    }

    /** A string as u16 length + UTF-8 bytes. */
    public ByteSink string(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        if (b.length > 0xffff) {
            throw new IllegalArgumentException("string longer than 65535 UTF-8 bytes");
        }
        u16(b.length);
        return bytes(b);
    }

    public int size() {
        return buf.position();
    }

    /** Appends the CRC-32C of everything so far and the end magic: the footer of schema and metadata files. */
    public ByteSink footer() {
        int crc = Crc32c.of(buf.array(), 0, buf.position());
        i32(crc);
        return bytes(ByteSource.END_MAGIC);
    }

    public byte[] toByteArray() {
        byte[] out = new byte[buf.position()];
        System.arraycopy(buf.array(), 0, out, 0, out.length);
        return out;
    }
}
