package io.albis.hdfs;

import io.albis.storage.WritableFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.fs.FSDataOutputStream;

/** A new file written through a Hadoop output stream; {@link #sync} is hsync (durable on the datanodes). */
final class HadoopWritableFile implements WritableFile {
    private static final int CHUNK = 1 << 16;

    private final FSDataOutputStream out;
    private byte[] chunk;

    HadoopWritableFile(FSDataOutputStream out) {
        this.out = out;
    }

    @Override
    public void write(ByteBuffer src) throws IOException {
        if (src.hasArray()) {
            int n = src.remaining();
            out.write(src.array(), src.arrayOffset() + src.position(), n);
            src.position(src.position() + n);
            return;
        }
        // Hadoop streams take arrays only: direct buffers go through a reused chunk.
        if (chunk == null) {
            chunk = new byte[CHUNK];
        }
        while (src.hasRemaining()) {
            int n = Math.min(chunk.length, src.remaining());
            src.get(chunk, 0, n);
            out.write(chunk, 0, n);
        }
    }

    @Override
    public long position() {
        return out.getPos();
    }

    @Override
    public void sync() throws IOException {
        out.hsync();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
