package io.albis.layout;

import io.albis.error.AlbisFormatException;
import io.albis.error.CorruptFileException;
import io.albis.error.NotAnAlbisTableException;
import io.albis.error.UnsupportedFormatVersionException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The 8 bytes every Albis file starts with: magic "ALBI", a kind byte, the major and minor format
 * version, and a reserved zero byte. See docs/FORMAT.md, "File header".
 *
 * <p>Reading a header takes two steps, because schema and metadata files check their footer in
 * between: {@link #identify} (magic and major version, which say what grammar the rest of the
 * file, footer included, follows) and {@link #checkKindAndReserved}. Data files have no footer and
 * take both at once ({@link #checkDataFile}).
 */
public final class FileHeader {
    public static final int LENGTH = 8;
    public static final byte[] MAGIC = {'A', 'L', 'B', 'I'};
    private static final int KIND_AT = 4;
    private static final int MAJOR_AT = 5;
    private static final int MINOR_AT = 6;
    private static final int RESERVED_AT = 7;

    public static final byte KIND_SCHEMA = 'S';
    public static final byte KIND_DATA = 'D';
    public static final byte KIND_METADATA = 'M';
    public static final byte KIND_STATE = 'T';
    public static final byte KIND_TASK = 'C';

    private FileHeader() {}

    /** Writes a header of {@link FormatVersion#CURRENT}, the only version writers write. */
    public static void write(ByteBuffer out, byte kind) {
        FormatVersion v = FormatVersion.CURRENT;
        out.put(MAGIC).put(kind).put((byte) v.major()).put((byte) v.minor()).put((byte) 0);
    }

    public static byte[] bytes(byte kind) {
        ByteBuffer b = ByteBuffer.allocate(LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        write(b, kind);
        return b.array();
    }

    /** The first bytes of a data file up to its first segment: the header, then zeros to the data start. */
    public static byte[] dataFileStart() {
        byte[] start = new byte[(int) FormatVersion.CURRENT.dataStart()];
        System.arraycopy(bytes(KIND_DATA), 0, start, 0, LENGTH);
        return start;
    }

    /**
     * Checks the magic and that this reader reads the major version, at the buffer's absolute
     * offset 0, and returns the file's version. Nothing else of the header is interpreted.
     */
    public static FormatVersion identify(ByteBuffer in, String file) throws AlbisFormatException {
        if (in.limit() < LENGTH) {
            throw new NotAnAlbisTableException(file, 0, "file is " + in.limit() + " bytes, too short for an Albis header");
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (in.get(i) != MAGIC[i]) {
                throw new NotAnAlbisTableException(file, i, "not an Albis file (magic bytes differ)");
            }
        }
        int major = in.get(MAJOR_AT) & 0xff;
        int minor = in.get(MINOR_AT) & 0xff;
        if (!FormatVersion.isReadable(major)) {
            throw new UnsupportedFormatVersionException(file, MAJOR_AT, "format version " + major + "." + minor
                    + (major > FormatVersion.newestMajor() ? " is newer than this reader's newest, "
                            + FormatVersion.newestMajor() + ".x" : " is not a version this reader reads"));
        }
        return new FormatVersion(major, minor);
    }

    /** Checks the kind byte and that the reserved byte is 0. */
    public static void checkKindAndReserved(ByteBuffer in, byte kind, String file) throws CorruptFileException {
        if (in.get(KIND_AT) != kind) {
            throw new CorruptFileException(file, KIND_AT, "expected a file of kind '" + (char) kind
                    + "' but found kind byte " + (in.get(KIND_AT) & 0xff));
        }
        if (in.get(RESERVED_AT) != 0) {
            throw new CorruptFileException(file, RESERVED_AT, "reserved header byte is " + (in.get(RESERVED_AT) & 0xff)
                    + ", must be 0");
        }
    }

    /**
     * Checks a data file's header (its first {@link #LENGTH} bytes): magic, kind, reserved byte,
     * and the same version, major and minor, as its metadata file, whose version placed the
     * segments and which is always written with it. No checksum covers the header, so every one
     * of its bytes is checked against a known value. Inside a table, a data file that does not
     * start with the magic is damage, not a foreign file.
     */
    public static void checkDataFile(ByteBuffer in, FormatVersion metadataVersion, String file)
            throws AlbisFormatException {
        FormatVersion v;
        try {
            v = identify(in, file);
        } catch (NotAnAlbisTableException e) {
            throw new CorruptFileException(file, e.offset(), "damaged data file header: " + e.reason());
        }
        checkKindAndReserved(in, KIND_DATA, file);
        if (v.major() != metadataVersion.major()) {
            throw new CorruptFileException(file, MAJOR_AT, "data file is format " + v + " but its metadata file is "
                    + metadataVersion);
        }
        if (v.minor() != metadataVersion.minor()) {
            throw new CorruptFileException(file, MINOR_AT, "data file is format " + v + " but its metadata file, written"
                    + " with it, is " + metadataVersion);
        }
    }
}
