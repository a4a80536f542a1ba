package io.albis.hdfs;

import io.albis.storage.FixedLengthFile;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.StreamCapabilities;

/**
 * Positional reads from a Hadoop stream. Streams that can read into a ByteBuffer at a position
 * (HDFS can) fill the caller's buffer directly, so a direct segment buffer is filled without a
 * copy through the heap; other streams read into a heap array that is then copied.
 */
final class HadoopReadableFile extends FixedLengthFile {
    /** Bytes per positional read through the heap fallback. */
    private static final int CHUNK = 1 << 20;

    private final FSDataInputStream in;
    private final boolean byteBufferReads;
    private byte[] chunk;

    HadoopReadableFile(String path, FSDataInputStream in, long length) {
        super(path, length);
        this.in = in;
        this.byteBufferReads = in.hasCapability(StreamCapabilities.PREADBYTEBUFFER);
    }

    @Override
    protected void readInRange(long position, ByteBuffer dst) throws IOException {
        int want = dst.remaining();
        try {
            if (byteBufferReads) {
                in.readFully(position, dst);
            } else if (dst.hasArray()) {
                in.readFully(position, dst.array(), dst.arrayOffset() + dst.position(), want);
                dst.position(dst.position() + want);
            } else {
                readThroughHeap(position, dst);
            }
        } catch (EOFException e) {
            // The file shrank or vanished under the reader.
            EOFException named = new EOFException(path() + ": end of file while reading " + want + " bytes at offset "
                    + position + " (" + e.getMessage() + ")");
            named.initCause(e);
            throw named;
        }
    }

    private void readThroughHeap(long position, ByteBuffer dst) throws IOException {
        if (chunk == null) {
            chunk = new byte[CHUNK];
        }
        long pos = position;
        while (dst.hasRemaining()) {
            int n = Math.min(chunk.length, dst.remaining());
            in.readFully(pos, chunk, 0, n);
            dst.put(chunk, 0, n);
            pos += n;
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
