package io.albis.convert.parquet;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputDecompressor;

/**
 * A Parquet page decompressor that works on a whole page in byte arrays, for the codecs whose
 * decoders take arrays (parquet-java hands a page over as {@link BytesInput} or as buffers).
 */
abstract class WholePageDecompressor implements BytesInputDecompressor {

    /**
     * Decompresses {@code length} bytes of {@code in} from {@code offset} into all of {@code out}.
     *
     * @throws IOException when the bytes are not a valid stream of the codec or do not decompress
     *                     to exactly {@code out.length} bytes
     */
    abstract void decompress(byte[] in, int offset, int length, byte[] out) throws IOException;

    @Override
    public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
        byte[] in = bytes.toByteArray();
        byte[] out = output(uncompressedSize);
        decompress(in, 0, in.length, out);
        return BytesInput.from(out);
    }

    /** Reads {@code compressedSize} bytes at the input's position and writes the page at the output's, advancing both. */
    @Override
    public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int decompressedSize)
            throws IOException {
        if (compressedSize < 0 || compressedSize > input.remaining()) {
            throw new IOException("a page of " + compressedSize + " compressed bytes with " + input.remaining() + " left");
        }
        byte[] in = new byte[compressedSize];
        input.get(in);
        byte[] out = output(decompressedSize);
        decompress(in, 0, in.length, out);
        output.put(out);
    }

    @Override
    public void release() {
    }

    private static byte[] output(int uncompressedSize) throws IOException {
        if (uncompressedSize < 0) {
            throw new IOException("a page header gives a negative uncompressed size (" + uncompressedSize + ")");
        }
        return new byte[uncompressedSize];
    }
}
