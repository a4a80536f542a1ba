package io.albis.crail.hadoop;

import io.albis.storage.ReadableFile;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.fs.FSExceptionMessages;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileSystem;

/**
 * A seekable Hadoop input stream over a Crail file. Sequential reads are served from a read-ahead
 * buffer (each fill is one positional read); positional reads ({@code read(position, ...)},
 * {@code readFully(position, ...)}) go straight to the file and leave the stream's position alone.
 */
final class CrailHadoopInputStream extends FSInputStream {
    private static final int MIN_BUFFER = 64 * 1024;
    private static final int MAX_BUFFER = 4 << 20;

    private final ReadableFile file;
    private final long length;
    private final FileSystem.Statistics statistics;
    private final byte[] buffer;
    private long bufferStart;
    private int bufferLength;
    private long position;
    private boolean closed;

    CrailHadoopInputStream(ReadableFile file, int bufferSize, FileSystem.Statistics statistics) throws IOException {
        this.file = file;
        this.length = file.length();
        this.statistics = statistics;
        this.buffer = new byte[(int) Math.min(Math.max(bufferSize, MIN_BUFFER), Math.max(MIN_BUFFER, Math.min(length, MAX_BUFFER)))];
    }

    @Override
    public synchronized void seek(long pos) throws IOException {
        checkOpen();
        if (pos < 0) {
            throw new EOFException(FSExceptionMessages.NEGATIVE_SEEK + ": " + pos);
        }
        if (pos > length) {
            throw new EOFException(FSExceptionMessages.CANNOT_SEEK_PAST_EOF + ": " + pos + " > " + length);
        }
        position = pos;
    }

    @Override
    public synchronized long getPos() {
        return position;
    }

    @Override
    public boolean seekToNewSource(long targetPos) {
        return false;
    }

    @Override
    public synchronized int available() throws IOException {
        checkOpen();
        return (int) Math.min(Integer.MAX_VALUE, length - position);
    }

    @Override
    public synchronized int read() throws IOException {
        checkOpen();
        if (position >= length) {
            return -1;
        }
        fillAt(position);
        int b = buffer[(int) (position - bufferStart)] & 0xff;
        position++;
        return b;
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) throws IOException {
        checkOpen();
        validatePositionedReadArgs(position, b, off, len);
        if (len == 0) {
            return 0;
        }
        if (position >= length) {
            return -1;
        }
        int n = (int) Math.min(len, length - position);
        if (n >= buffer.length) {
            readAt(position, b, off, n); // large reads skip the buffer
        } else {
            fillAt(position);
            n = Math.min(n, bufferLength - (int) (position - bufferStart));
            System.arraycopy(buffer, (int) (position - bufferStart), b, off, n);
        }
        position += n;
        return n;
    }

    @Override
    public int read(long pos, byte[] b, int off, int len) throws IOException {
        checkOpen();
        validatePositionedReadArgs(pos, b, off, len);
        if (len == 0) {
            return 0;
        }
        if (pos >= length) {
            return -1;
        }
        int n = (int) Math.min(len, length - pos);
        readAt(pos, b, off, n);
        return n;
    }

    @Override
    public void readFully(long pos, byte[] b, int off, int len) throws IOException {
        checkOpen();
        validatePositionedReadArgs(pos, b, off, len);
        if (pos > length - len) {
            throw new EOFException(FSExceptionMessages.EOF_IN_READ_FULLY + ": " + len + " bytes at " + pos + " of "
                    + length);
        }
        readAt(pos, b, off, len);
    }

    @Override
    public synchronized void close() throws IOException {
        if (!closed) {
            closed = true;
            file.close();
        }
    }

    /** Makes the buffer hold {@code pos}. */
    private void fillAt(long pos) throws IOException {
        if (pos >= bufferStart && pos < bufferStart + bufferLength) {
            return;
        }
        int n = (int) Math.min(buffer.length, length - pos);
        readAt(pos, buffer, 0, n);
        bufferStart = pos;
        bufferLength = n;
    }

    /** One positional read; the file object allows one reader at a time. */
    private void readAt(long pos, byte[] b, int off, int n) throws IOException {
        synchronized (file) {
            file.readFully(pos, ByteBuffer.wrap(b, off, n));
        }
        if (statistics != null) {
            statistics.incrementBytesRead(n);
        }
    }

    private void checkOpen() throws IOException {
        if (closed) {
            throw new IOException(FSExceptionMessages.STREAM_IS_CLOSED + ": " + file.path());
        }
    }
}
