package io.albis.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aayushatharva.brotli4j.Brotli4jLoader;
import com.aayushatharva.brotli4j.encoder.Encoder;
import io.airlift.compress.lz4.Lz4Compressor;
import io.albis.convert.ConvertInputException;
import io.albis.convert.ConvertOptions;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every codec parquet-java names converts, each file compared value by value with what
 * parquet-java's own reader reads from an uncompressed copy of the same rows. The writer is
 * parquet-java's, with its own compressors where it has them and, for the three whose Hadoop codec
 * classes are not on the class path, aircompressor's Hadoop codecs (Hadoop's block framing, as
 * parquet-mr writes LZ4 and LZO) and brotli4j's encoder.
 */
class ParquetCodecsTest {
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
            message m {
              required int32 id;
              optional int64 l;
              optional double d;
              optional binary s (STRING);
              optional binary raw;
              optional group g { optional int32 x; required boolean b; }
            }
            """);
    /** The codecs parquet-java 1.16 decompresses with the classes on the class path. */
    private static final Set<CompressionCodecName> PARQUET_JAVA_READS = EnumSet.of(CompressionCodecName.UNCOMPRESSED,
            CompressionCodecName.SNAPPY, CompressionCodecName.GZIP, CompressionCodecName.ZSTD, CompressionCodecName.LZ4_RAW);

    @TempDir
    Path dir;

    /** parquet-java's compressors, with aircompressor's Hadoop codecs for LZ4 and LZO and brotli4j for BROTLI. */
    private static final class TestCompressors extends CodecFactory {
        private final boolean bareLz4;

        /** @param bareLz4 write LZ4 pages as one bare LZ4 block, as parquet-cpp before Arrow 1.0 did */
        TestCompressors(boolean bareLz4) {
            super(new Configuration(), 4096);
            this.bareLz4 = bareLz4;
        }

        @Override
        protected CompressionCodec getCodec(CompressionCodecName codec) {
            return switch (codec) {
                case LZ4 -> new io.airlift.compress.lz4.Lz4Codec();
                case LZO -> new io.airlift.compress.lzo.LzoCodec();
                default -> super.getCodec(codec);
            };
        }

        @Override
        protected BytesCompressor createCompressor(CompressionCodecName codec) {
            if (codec == CompressionCodecName.BROTLI) {
                Brotli4jLoader.ensureAvailability();
                return new WholePage(codec, Encoder::compress);
            }
            if (codec == CompressionCodecName.LZ4 && bareLz4) {
                return new WholePage(codec, page -> {
                    Lz4Compressor lz4 = new Lz4Compressor();
                    byte[] out = new byte[lz4.maxCompressedLength(page.length)];
                    return Arrays.copyOf(out, lz4.compress(page, 0, page.length, out, 0, out.length));
                });
            }
            return super.createCompressor(codec);
        }
    }

    private interface PageCompression {
        byte[] compress(byte[] page) throws IOException;
    }

    private static final class WholePage extends CodecFactory.BytesCompressor {
        private final CompressionCodecName codec;
        private final PageCompression compression;

        WholePage(CompressionCodecName codec, PageCompression compression) {
            this.codec = codec;
            this.compression = compression;
        }

        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
            return BytesInput.from(compression.compress(bytes.toByteArray()));
        }

        @Override
        public CompressionCodecName getCodecName() {
            return codec;
        }

        @Override
        public void release() {
        }
    }

    private Path write(String name, CompressionCodecName codec, boolean bareLz4, boolean checksums, List<Group> rows)
            throws IOException {
        Path file = dir.resolve(name);
        ParquetFixtures.write(ParquetFixtures.writer(file, SCHEMA).withCompressionCodec(codec)
                .withCodecFactory(new TestCompressors(bareLz4)).withPageWriteChecksumEnabled(checksums), rows);
        try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
            for (ColumnChunkMetaData c : r.getRowGroups().get(0).getColumns()) {
                assertEquals(codec, c.getCodec(), "the footer names the codec the file was written with");
            }
        }
        return file;
    }

    private void assertConvertsAs(Path file, Path reference) throws Exception {
        String out = Files.createTempDirectory(dir, "t").resolve("t").toString();
        ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, ConvertOptions.defaults());
        ParquetFixtures.assertRowsMatch(ParquetFixtures.read(reference), SCHEMA, AlbisTable.open(out));
    }

    @ParameterizedTest
    @EnumSource(CompressionCodecName.class)
    void everyCodecConvertsTheValuesParquetJavaReads(CompressionCodecName codec) throws Exception {
        List<Group> rows = ParquetFixtures.randomRows(SCHEMA, 3000, codec.ordinal());
        Path reference = write("reference.parquet", CompressionCodecName.UNCOMPRESSED, false, true, rows);
        Path file = write(codec + ".parquet", codec, false, true, rows);
        assertNull(ParquetCodecs.whyUnreadable(codec), codec + " is readable here");
        assertConvertsAs(file, reference);
        if (PARQUET_JAVA_READS.contains(codec)) {
            assertConvertsAs(file, file); // and parquet-java reads the compressed file itself the same way
        }
    }

    @Test
    void lz4PagesWrittenAsBareBlocksConvert() throws Exception {
        List<Group> rows = ParquetFixtures.randomRows(SCHEMA, 3000, 77);
        Path reference = write("reference.parquet", CompressionCodecName.UNCOMPRESSED, false, true, rows);
        assertConvertsAs(write("bare-lz4.parquet", CompressionCodecName.LZ4, true, true, rows), reference);
    }

    @Test
    void aDamagedLzoPageIsRefusedAsCorruptNamingTheCodec() throws Exception {
        // Without page checksums, so the damage reaches the decompressor.
        Path file = write("lzo.parquet", CompressionCodecName.LZO, false, false, ParquetFixtures.randomRows(SCHEMA, 3000, 5));
        byte[] bytes = Files.readAllBytes(file);
        // The first chunk length of the third data page of column d: past the page's block length.
        long chunkLength = ParquetPageLocator.dataPage(file, 0, "d", 2).start() + 4;
        bytes[(int) chunkLength] = 0x7f;
        Path bad = dir.resolve("bad-lzo.parquet");
        Files.write(bad, bytes);
        Path out = dir.resolve("out");
        ConvertInputException e = assertThrows(ConvertInputException.class, () -> ParquetToAlbis.convert(bad.toString(),
                LocalStorage.INSTANCE, out.toString(), ConvertOptions.defaults()));
        String m = e.getMessage();
        for (String part : List.of(bad.toString(), "corrupt", "row group 0", "column 'd'", "LZO page")) {
            assertTrue(m.contains(part), "'" + part + "' missing from: " + m);
        }
        assertFalse(m.contains("\n") || m.contains("Exception"), m);
        assertFalse(Files.exists(out));
    }
}
