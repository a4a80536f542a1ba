package io.albis.crail.hadoop;

import io.albis.storage.WritableFile;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import org.apache.hadoop.fs.Syncable;

/**
 * A Hadoop output stream over a new Crail file. The file buffers itself; hflush and hsync both
 * send everything to the datanode and the length to the namenode (Crail keeps data in memory, so
 * there is no stronger durability to ask for).
 */
final class CrailHadoopOutputStream extends OutputStream implements Syncable {
    private final WritableFile file;
    private final byte[] one = new byte[1];

    CrailHadoopOutputStream(WritableFile file) {
        this.file = file;
    }

    @Override
    public void write(int b) throws IOException {
        one[0] = (byte) b;
        file.write(ByteBuffer.wrap(one));
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        file.write(ByteBuffer.wrap(b, off, len));
    }

    @Override
    public void hflush() throws IOException {
        file.sync();
    }

    @Override
    public void hsync() throws IOException {
        file.sync();
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
