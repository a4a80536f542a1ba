package io.albis.convert.parquet;

import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.lzo.LzoDecompressor;
import java.util.EnumMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The decompressors the converter reads Parquet pages with, one for every codec parquet-java
 * names. parquet-java's own serve UNCOMPRESSED, SNAPPY, GZIP, ZSTD and LZ4_RAW. For the other
 * three it would load a Hadoop codec class that is not on the class path (hadoop-lzo's, jbrotli's,
 * and Hadoop's LZ4 codec, which needs lz4-java) and fail with a class-loading error, so they are
 * decoded here: LZ4 and LZO in Hadoop's block framing with aircompressor (which parquet-java and
 * orc-core already use), BROTLI with brotli4j.
 */
final class ParquetCodecs implements CompressionCodecFactory {
    private final CodecFactory parquetJava;
    private final Map<CompressionCodecName, BytesInputDecompressor> own = new EnumMap<>(CompressionCodecName.class);

    ParquetCodecs(Configuration conf) {
        this.parquetJava = new CodecFactory(conf, 0);
    }

    /** Why pages compressed with {@code codec} cannot be read in this JVM, or null when they can. */
    static String whyUnreadable(CompressionCodecName codec) {
        return codec == CompressionCodecName.BROTLI ? BrotliPageDecompressor.whyUnavailable() : null;
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        return switch (codec) {
            case LZ4 -> own.computeIfAbsent(codec, c -> new HadoopBlockDecompressor("LZ4", new Lz4Decompressor(), true));
            case LZO -> own.computeIfAbsent(codec, c -> new HadoopBlockDecompressor("LZO", new LzoDecompressor(), false));
            case BROTLI -> own.computeIfAbsent(codec, c -> new BrotliPageDecompressor());
            default -> parquetJava.getDecompressor(codec);
        };
    }

    /** parquet-java's compressors; the converter reads with this factory and never compresses. */
    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        return parquetJava.getCompressor(codec);
    }

    @Override
    public void release() {
        parquetJava.release();
    }
}
