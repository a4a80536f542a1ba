package io.albis.crail;

import io.albis.storage.FixedLengthFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import org.apache.crail.CrailFile;
import org.apache.crail.CrailInputStream;
import org.apache.crail.CrailNode;
import org.apache.crail.CrailResult;
import org.apache.crail.conf.CrailConstants;
import org.apache.crail.memory.OffHeapBuffer;

/**
 * Positional reads through a Crail direct input stream: seek, then one read per block-sized piece.
 *
 * <p>Each piece is read into its own buffer that starts exactly where the piece goes: Crail's TCP
 * storage client puts the data of a read at the start of the buffer's memory, whatever the
 * buffer's position (and a read crossing a block boundary would put both blocks' data there). A
 * direct destination is read into in place, its pieces all in flight at once; a heap destination
 * goes through one direct block-sized buffer, piece by piece.
 */
final class CrailReadableFile extends FixedLengthFile {
    private final CrailSession session;
    private final String crailPath;
    private final long fd;
    private final long blockSize;
    private final CrailInputStream in;
    private final StreamState state = new StreamState();
    private ByteBuffer bounce;

    CrailReadableFile(CrailSession session, String path, String crailPath, long fd, long length, CrailInputStream in) {
        super(path, length);
        this.session = session;
        this.crailPath = crailPath;
        this.fd = fd;
        this.blockSize = CrailConstants.BLOCK_SIZE;
        this.in = in;
    }

    @Override
    protected void readInRange(long position, ByteBuffer dst) throws IOException {
        state.checkUsable(path(), "read");
        if (dst.isReadOnly()) {
            throw new ReadOnlyBufferException();
        }
        int want = dst.remaining();
        try {
            if (dst.isDirect()) {
                readInPlace(position, dst);
            } else {
                readThroughBounce(position, dst);
            }
        } catch (CrailRefusedException e) {
            // The namenode refused a block of this file: most likely it was deleted meanwhile.
            state.fail(e);
            checkStillThere(position, want);
            throw e;
        } catch (IOException e) {
            throw state.fail(e);
        }
        checkStillThere(position, want);
        dst.position(dst.position() + want);
    }

    private void readInPlace(long position, ByteBuffer dst) throws IOException {
        List<Future<CrailResult>> pieces = new ArrayList<>();
        IOException refused = null;
        try {
            session.nameNode("read " + crailPath, () -> {
                long pos = position;
                int done = 0;
                while (done < dst.remaining()) {
                    int n = pieceLength(pos, dst.remaining() - done);
                    in.seek(pos);
                    pieces.add(in.read(OffHeapBuffer.wrap(dst.slice(dst.position() + done, n))));
                    pos += n;
                    done += n;
                }
                return null;
            });
        } catch (CrailRefusedException e) {
            refused = e; // wait for the pieces already on their way, so none lands in dst after we return
        }
        session.data("read " + crailPath, () -> {
            for (Future<CrailResult> piece : pieces) {
                piece.get();
            }
            return null;
        });
        if (refused != null) {
            throw refused;
        }
    }

    private void readThroughBounce(long position, ByteBuffer dst) throws IOException {
        if (bounce == null) {
            bounce = ByteBuffer.allocateDirect(Math.toIntExact(blockSize));
        }
        long pos = position;
        int done = 0;
        while (done < dst.remaining()) {
            int n = pieceLength(pos, dst.remaining() - done);
            long at = pos;
            Future<CrailResult> piece = session.nameNode("read " + crailPath, () -> {
                in.seek(at);
                return in.read(OffHeapBuffer.wrap(bounce.slice(0, n)));
            });
            session.data("read " + crailPath, piece::get);
            dst.put(dst.position() + done, bounce, 0, n);
            pos += n;
            done += n;
        }
    }

    /** Bytes of a piece starting at {@code pos}: up to the end of its block. */
    private int pieceLength(long pos, int remaining) {
        return (int) Math.min(remaining, blockSize - pos % blockSize);
    }

    /**
     * Fails if the file was deleted (or renamed) while it was read: its blocks may then have been
     * given to another file before the read, and the bytes just read would be someone else's.
     */
    private void checkStillThere(long position, int bytes) throws IOException {
        CrailNode now = session.nameNode("check " + crailPath, () -> session.store().lookup(crailPath).get());
        if (!(now instanceof CrailFile f) || f.getFd() != fd) {
            throw new NoSuchFileException(path(), null, "deleted or renamed while " + bytes + " bytes at offset " + position
                    + " were read");
        }
    }

    @Override
    public void close() throws IOException {
        if (!state.close()) {
            return;
        }
        try {
            in.close();
        } catch (Exception e) {
            throw new IOException(path() + ": closing the Crail stream failed: " + e.getMessage(), e);
        }
    }
}
