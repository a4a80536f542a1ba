package io.albis.util;

import io.albis.error.CorruptFileException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads the small schema and metadata files. Every read checks the remaining length first, so a
 * truncated or lying file yields a {@link CorruptFileException} naming the file and offset.
 */
public final class ByteSource {
    public static final byte[] END_MAGIC = {'A', 'L', 'B', 'E'};
    public static final int FOOTER_LENGTH = 8;

    private final ByteBuffer buf;
    private final String file;

    public ByteSource(byte[] bytes, String file) {
        this(ByteBuffer.wrap(bytes), file);
    }

    /** Reads {@code bytes} from absolute offset 0 to its limit (a heap or a direct buffer). */
    public ByteSource(ByteBuffer bytes, String file) {
        this.buf = bytes.duplicate().position(0).order(ByteOrder.LITTLE_ENDIAN);
        this.file = file;
    }

    /**
     * Checks the footer (CRC-32C of all bytes before it, then "ALBE") and limits reading to the
     * body, which starts at {@code bodyStart} (after the header), so nothing is parsed from a file
     * whose checksum fails.
     */
    public static ByteSource withCheckedFooter(byte[] bytes, int bodyStart, String file) throws CorruptFileException {
        return withCheckedFooter(ByteBuffer.wrap(bytes), bodyStart, file);
    }

    /** As {@link #withCheckedFooter(byte[], int, String)}, for the bytes from 0 to the buffer's limit. */
    public static ByteSource withCheckedFooter(ByteBuffer bytes, int bodyStart, String file)
            throws CorruptFileException {
        int n = bytes.limit();
        if (n < bodyStart + FOOTER_LENGTH) {
            throw new CorruptFileException(file, n, "file is truncated: " + n
                    + " bytes, too short for its header and footer");
        }
        for (int i = 0; i < 4; i++) {
            if (bytes.get(n - 4 + i) != END_MAGIC[i]) {
                throw new CorruptFileException(file, n - 4, "end magic missing: the file is truncated or damaged");
            }
        }
        int stored = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN).getInt(n - 8);
        int actual = Crc32c.of(bytes, 0, n - 8);
        if (stored != actual) {
            throw new CorruptFileException(file, n - 8, String.format(
                    "checksum mismatch: footer says %08x, bytes give %08x", stored, actual));
        }
        ByteSource s = new ByteSource(bytes, file);
        s.buf.limit(n - 8).position(bodyStart);
        return s;
    }

    public ByteBuffer buffer() {
        return buf;
    }

    public int position() {
        return buf.position();
    }

    public void position(int p) {
        buf.position(p);
    }

    public int remaining() {
        return buf.remaining();
    }

    public String file() {
        return file;
    }

    private void need(int n, String what) throws CorruptFileException {
        if (buf.remaining() < n) {
            throw new CorruptFileException(file, buf.position(), "truncated: need " + n + " bytes for " + what
                    + " but " + buf.remaining() + " remain");
        }
    }

    public int u8(String what) throws CorruptFileException {
        need(1, what);
        return buf.get() & 0xff;
    }

    public int u16(String what) throws CorruptFileException {
        need(2, what);
        return buf.getShort() & 0xffff;
    }

    public int i32(String what) throws CorruptFileException {
        need(4, what);
        return buf.getInt();
    }

    /** A non-negative int no larger than {@code max}. */
    public int count(String what, int max) throws CorruptFileException {
        int pos = buf.position();
        int v = i32(what);
        if (v < 0 || v > max) {
            throw new CorruptFileException(file, pos, what + " is " + v + ", outside 0.." + max);
        }
        return v;
    }

    public long i64(String what) throws CorruptFileException {
        need(8, what);
        return buf.getLong();
    }

    public byte[] bytes(int n, String what) throws CorruptFileException {
        if (n < 0) {
            throw new CorruptFileException(file, buf.position(), "negative length " + n + " for " + what);
        }
        need(n, what);
        byte[] b = new byte[n];
        buf.get(b);
        return b;
    }

    /** {@code n} little-endian {@code i32}s, checked against the bytes left before any is read. */
    public int[] i32s(int n, String what) throws CorruptFileException {
        if (n < 0) {
            throw new CorruptFileException(file, buf.position(), "negative count " + n + " for " + what);
        }
        need(4 * n, what);
        int[] out = new int[n];
        buf.asIntBuffer().get(out);
        buf.position(buf.position() + 4 * n);
        return out;
    }

    public String string(String what) throws CorruptFileException {
        int pos = buf.position();
        int n = u16(what + " length");
        byte[] b = bytes(n, what);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b)).toString();
        } catch (CharacterCodingException e) {
            throw new CorruptFileException(file, pos, what + " is not valid UTF-8");
        }
    }

    public CorruptFileException corrupt(String message) {
        return new CorruptFileException(file, buf.position(), message);
    }

    public CorruptFileException corruptAt(int offset, String message) {
        return new CorruptFileException(file, offset, message);
    }
}
