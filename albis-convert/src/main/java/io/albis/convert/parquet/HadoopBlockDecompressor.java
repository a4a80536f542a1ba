package io.albis.convert.parquet;

import io.airlift.compress.Decompressor;
import io.airlift.compress.MalformedInputException;
import io.albis.convert.ConvertInputException;
import java.io.IOException;

/**
 * Pages in Hadoop's block framing, which parquet-mr writes for its LZ4 and LZO codecs (Hadoop's
 * {@code BlockCompressorStream}): a sequence of blocks, each a 4-byte big-endian uncompressed
 * length followed by chunks of a 4-byte big-endian compressed length and that many bytes of the
 * codec's raw format, until the block's bytes are out. aircompressor decodes the chunks.
 *
 * <p>For LZ4, a page that is not so framed is read as one bare LZ4 block, as parquet-cpp (Arrow
 * C++ before 1.0) and fastparquet write LZ4 pages; Arrow C++ has read both the same way since 2.0.
 */
final class HadoopBlockDecompressor extends WholePageDecompressor {
    private final String codec;
    private final Decompressor chunks;
    private final boolean bareBlockFallback;

    /**
     * @param codec             the codec's name, for messages
     * @param chunks            the decoder of one chunk of the codec's raw format
     * @param bareBlockFallback whether a page that is not framed is one bare block of the raw format
     */
    HadoopBlockDecompressor(String codec, Decompressor chunks, boolean bareBlockFallback) {
        this.codec = codec;
        this.chunks = chunks;
        this.bareBlockFallback = bareBlockFallback;
    }

    @Override
    void decompress(byte[] in, int offset, int length, byte[] out) throws IOException {
        String framed = unframe(in, offset, length, out);
        if (framed == null) {
            return;
        }
        if (bareBlockFallback) {
            try {
                if (chunks.decompress(in, offset, length, out, 0, out.length) == out.length) {
                    return;
                }
            } catch (MalformedInputException e) {
                // Neither framed nor a bare block: report the framing problem below.
            }
        }
        throw new IOException(codec + " page of " + length + " bytes does not decompress to its " + out.length
                + " bytes: " + framed);
    }

    /** Decodes framed blocks into all of {@code out}; null when that worked, else what did not fit. */
    private String unframe(byte[] in, int offset, int length, byte[] out) {
        int p = offset;
        int end = offset + length;
        int o = 0;
        try {
            while (p < end) {
                if (end - p < 4) {
                    return "a block length is cut off at byte " + (p - offset);
                }
                int blockBytes = bigEndianInt(in, p);
                p += 4;
                if (blockBytes < 0 || blockBytes > out.length - o) {
                    return "a block of " + blockBytes + " bytes at byte " + (p - 4 - offset) + " overflows the page";
                }
                int blockEnd = o + blockBytes;
                while (o < blockEnd) {
                    if (end - p < 4) {
                        return "a chunk length is cut off at byte " + (p - offset);
                    }
                    int chunkBytes = bigEndianInt(in, p);
                    p += 4;
                    if (chunkBytes < 0 || chunkBytes > end - p) {
                        return "a chunk of " + chunkBytes + " bytes at byte " + (p - 4 - offset) + " runs past the page";
                    }
                    int n = chunks.decompress(in, p, chunkBytes, out, o, blockEnd - o);
                    if (n == 0 && chunkBytes > 0 && o < blockEnd) {
                        return "a chunk at byte " + (p - 4 - offset) + " yields nothing";
                    }
                    o += n;
                    p += chunkBytes;
                }
            }
        } catch (MalformedInputException e) {
            return "a chunk is not valid " + codec + " data (" + ConvertInputException.describe(e) + ")";
        }
        return o == out.length ? null : "the blocks hold " + o + " bytes";
    }

    private static int bigEndianInt(byte[] b, int p) {
        return (b[p] & 0xff) << 24 | (b[p + 1] & 0xff) << 16 | (b[p + 2] & 0xff) << 8 | (b[p + 3] & 0xff);
    }
}
