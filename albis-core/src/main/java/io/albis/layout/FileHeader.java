package io.albis.layout;

import io.albis.error.CorruptFileException;
import io.albis.error.NotAnAlbisTableException;
import io.albis.error.UnsupportedFormatVersionException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The 8 bytes every Albis file starts with: magic "ALBI", a kind byte, the major and minor format
 * version, and a zero byte. See docs/FORMAT.md, "File header".
 */
public final class FileHeader {
    public static final int LENGTH = 8;
    public static final byte[] MAGIC = {'A', 'L', 'B', 'I'};
    /** Readers refuse a different major version; minor versions add only what older readers may ignore. */
    public static final int MAJOR_VERSION = 1;
    public static final int MINOR_VERSION = 0;

    public static final byte KIND_SCHEMA = 'S';
    public static final byte KIND_DATA = 'D';
    public static final byte KIND_METADATA = 'M';
    public static final byte KIND_STATE = 'T';
    public static final byte KIND_TASK = 'C';

    private FileHeader() {}

    public static void write(ByteBuffer out, byte kind) {
        out.put(MAGIC).put(kind).put((byte) MAJOR_VERSION).put((byte) MINOR_VERSION).put((byte) 0);
    }

    public static byte[] bytes(byte kind) {
        ByteBuffer b = ByteBuffer.allocate(LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        write(b, kind);
        return b.array();
    }

    /**
     * True when the file's minor version is newer than this reader's: it may carry fields this
     * reader does not know, appended after the ones it knows, which the reader then skips.
     */
    public static boolean hasNewerMinor(ByteBuffer in) {
        return (in.get(6) & 0xff) > MINOR_VERSION;
    }

    /** Checks the header at the buffer's absolute offset 0. */
    public static void check(ByteBuffer in, byte kind, String file) throws io.albis.error.AlbisFormatException {
        if (in.limit() < LENGTH) {
            throw new NotAnAlbisTableException(file, 0, "file is " + in.limit() + " bytes, too short for an Albis header");
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (in.get(i) != MAGIC[i]) {
                throw new NotAnAlbisTableException(file, i, "not an Albis file (magic bytes differ)");
            }
        }
        if (in.get(4) != kind) {
            throw new CorruptFileException(file, 4, "expected a file of kind '" + (char) kind + "' but found kind byte "
                    + (in.get(4) & 0xff));
        }
        int major = in.get(5) & 0xff;
        if (major != MAJOR_VERSION) {
            throw new UnsupportedFormatVersionException(file, 5, "format version " + major + "." + (in.get(6) & 0xff)
                    + " is " + (major > MAJOR_VERSION ? "newer" : "older") + " than this reader's " + MAJOR_VERSION + "."
                    + MINOR_VERSION);
        }
    }
}
