package io.albis.convert.parquet;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.decoder.Decoder;
import io.albis.convert.ConvertInputException;
import java.io.IOException;

/**
 * Parquet BROTLI pages: each page one Brotli stream, decoded by brotli4j (native code that
 * brotli4j ships per platform; the same library orc-core reads Brotli-compressed ORC with).
 */
final class BrotliPageDecompressor extends WholePageDecompressor {

    /** Why Brotli cannot be decoded in this JVM, or null when it can. */
    static String whyUnavailable() {
        try {
            if (Brotli4jLoader.isAvailable()) {
                return null;
            }
            return "brotli4j has no native library for this platform (" + ConvertInputException.describe(
                    Brotli4jLoader.getUnavailabilityCause()) + ")";
        } catch (LinkageError e) {
            return "brotli4j is not on the class path";
        }
    }

    /** Loads brotli4j's native library, which {@link #whyUnavailable} has found. */
    BrotliPageDecompressor() {
        Brotli4jLoader.ensureAvailability();
    }

    @Override
    void decompress(byte[] in, int offset, int length, byte[] out) throws IOException {
        byte[] page = Decoder.decompress(in, offset, length);
        if (page == null || page.length != out.length) {
            throw new IOException("BROTLI page of " + length + " bytes decompresses to "
                    + (page == null ? "nothing" : page.length + " bytes") + ", not its " + out.length);
        }
        System.arraycopy(page, 0, out, 0, page.length);
    }
}
