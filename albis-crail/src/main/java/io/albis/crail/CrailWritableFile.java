package io.albis.crail;

import io.albis.storage.WritableFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.concurrent.Future;
import org.apache.crail.CrailOutputStream;
import org.apache.crail.CrailResult;
import org.apache.crail.memory.OffHeapBuffer;

/**
 * A new Crail file written through a Crail direct output stream. Small writes are gathered in a
 * direct staging buffer; a direct source of at least that size is written from where it is.
 *
 * <p>Crail's TCP client copies a write's bytes into its message when the write is issued, so a
 * buffer can be refilled as soon as the write call returns; the writes' completions are collected
 * later, a few in flight at a time. (Crail's own buffered output stream is not used: after its
 * purge(), which sync needs, the next write fails inside it.)
 *
 * <p>The file's length becomes visible to readers with {@link #sync} or {@link #close}, when the
 * client reports it to the namenode.
 */
final class CrailWritableFile implements WritableFile {
    /** Writes issued but not yet confirmed before the next one waits for the oldest. */
    private static final int MAX_IN_FLIGHT = 8;

    private final CrailSession session;
    private final String path;
    private final CrailOutputStream out;
    private final ByteBuffer staging;
    private final ArrayDeque<Future<CrailResult>> inFlight = new ArrayDeque<>();
    private final StreamState state = new StreamState();
    private long position;

    CrailWritableFile(CrailSession session, String path, CrailOutputStream out, int stagingBytes) {
        this.session = session;
        this.path = path;
        this.out = out;
        this.staging = ByteBuffer.allocateDirect(stagingBytes);
    }

    @Override
    public void write(ByteBuffer src) throws IOException {
        state.checkUsable(path, "write");
        try {
            while (src.hasRemaining()) {
                if (src.isDirect() && staging.position() == 0 && src.remaining() >= staging.capacity()) {
                    int n = src.remaining();
                    issue(src.slice());
                    src.position(src.position() + n);
                    position += n;
                    continue;
                }
                int n = Math.min(src.remaining(), staging.remaining());
                staging.put(staging.position(), src, src.position(), n);
                staging.position(staging.position() + n);
                src.position(src.position() + n);
                position += n;
                if (!staging.hasRemaining()) {
                    flushStaging();
                }
            }
        } catch (IOException e) {
            throw state.fail(e);
        }
    }

    @Override
    public long position() {
        return position;
    }

    /** Sends every byte to the datanode, waits until it has them, and reports the length to the namenode. */
    @Override
    public void sync() throws IOException {
        state.checkUsable(path, "write");
        try {
            drain();
            session.nameNode("sync " + path, () -> out.sync().get());
        } catch (IOException e) {
            throw state.fail(e);
        }
    }

    @Override
    public void close() throws IOException {
        if (!state.close()) {
            return; // closed already, or a write failed: the file stays incomplete
        }
        drain();
        // Closing reports the final length to the namenode.
        session.nameNode("close " + path, () -> {
            out.close();
            return null;
        });
    }

    private void flushStaging() throws IOException {
        if (staging.position() > 0) {
            staging.flip();
            issue(staging);
            staging.clear();
        }
    }

    /** Issues a write of {@code data}'s remaining bytes; the bytes are copied out before this returns. */
    private void issue(ByteBuffer data) throws IOException {
        // Issuing may ask the namenode for the next block and wait for its answer.
        Future<CrailResult> written = session.nameNode("write " + path, () -> out.write(OffHeapBuffer.wrap(data)));
        inFlight.addLast(written);
        while (inFlight.size() > MAX_IN_FLIGHT) {
            Future<CrailResult> oldest = inFlight.pollFirst();
            session.data("write " + path, oldest::get);
        }
    }

    private void drain() throws IOException {
        flushStaging();
        while (!inFlight.isEmpty()) {
            Future<CrailResult> oldest = inFlight.pollFirst();
            session.data("write " + path, oldest::get);
        }
    }
}
