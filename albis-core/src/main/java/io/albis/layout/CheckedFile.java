package io.albis.layout;

import io.albis.error.AlbisFormatException;
import io.albis.error.CorruptFileException;
import io.albis.util.ByteSource;
import java.nio.ByteBuffer;

/**
 * A schema or metadata file opened in the order docs/FORMAT.md §3 gives: magic and major version
 * first (they say which grammar, footer included, the file follows), then the footer's length,
 * end magic and CRC-32C, and only then the kind byte, the reserved byte and the body.
 *
 * @param version the file's format version
 * @param body    the bytes between header and footer, positioned at the first field
 */
public record CheckedFile(FormatVersion version, ByteSource body) {

    public static CheckedFile open(byte[] bytes, byte kind, String file) throws AlbisFormatException {
        return open(ByteBuffer.wrap(bytes), kind, file);
    }

    /** As {@link #open(byte[], byte, String)}, for the bytes from 0 to the buffer's limit. */
    public static CheckedFile open(ByteBuffer bytes, byte kind, String file) throws AlbisFormatException {
        ByteBuffer whole = bytes.duplicate().position(0);
        FormatVersion version = FileHeader.identify(whole, file);
        ByteSource body = ByteSource.withCheckedFooter(bytes, FileHeader.LENGTH, file);
        FileHeader.checkKindAndReserved(whole, kind, file);
        return new CheckedFile(version, body);
    }

    /**
     * Called when every known field is read: bytes left before the footer are fields of a newer
     * minor version, skipped, or damage in a file of this reader's own (or an older) minor version.
     */
    public void finish(String lastPart) throws CorruptFileException {
        if (body.remaining() != 0 && !version.hasNewerMinor()) {
            throw body.corrupt(body.remaining() + " unexpected bytes after the " + lastPart + " (format " + version
                    + " has no more fields)");
        }
    }
}
