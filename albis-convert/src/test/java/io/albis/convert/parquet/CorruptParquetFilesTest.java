package io.albis.convert.parquet;

import static io.albis.convert.DamagedFiles.overwritten;
import static io.albis.convert.DamagedFiles.truncations;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.ConvertOptions;
import io.albis.convert.DamagedFiles;
import io.albis.convert.DamagedFiles.Damage;
import io.albis.storage.LocalStorage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged Parquet files (truncated at several offsets, bytes overwritten in pages, page headers and
 * the footer) are refused as corrupt, naming the row group and column where the damage is in one
 * ({@link DamagedFiles#assertRefusedAsCorrupt}).
 */
class CorruptParquetFilesTest {
    @TempDir
    Path dir;

    private static final MessageType PARQUET = MessageTypeParser.parseMessageType("""
            message m {
              required int32 id;
              optional int64 l;
              optional double d;
              optional binary s (STRING);
              optional group g { optional int32 x; }
            }
            """);

    private Path parquet(String name, CompressionCodecName codec, boolean checksums) throws Exception {
        Path file = dir.resolve(name);
        ParquetFixtures.write(ParquetFixtures.writer(file, PARQUET).withCompressionCodec(codec)
                .withPageWriteChecksumEnabled(checksums).withRowGroupSize(32 * 1024L).withPageSize(1024),
                ParquetFixtures.randomRows(PARQUET, 4000, 12));
        assertTrue(ParquetFixtures.readFooterRowGroups(file) >= 2, "several row groups");
        return file;
    }

    @Test
    void damagedParquetFilesAreRefusedAsCorrupt() throws Exception {
        Path plain = parquet("plain.parquet", CompressionCodecName.UNCOMPRESSED, true);
        byte[] p = Files.readAllBytes(plain);
        List<Damage> damages = new ArrayList<>(truncations(p, 1, 5, 9));
        int footerLength = (p[p.length - 8] & 0xff) | (p[p.length - 7] & 0xff) << 8 | (p[p.length - 6] & 0xff) << 16
                | (p[p.length - 5] & 0xff) << 24;
        damages.add(new Damage("footer-bytes", overwritten(p, p.length - 8 - footerLength / 2, 8), List.of("footer")));
        damages.add(new Damage("footer-length", overwritten(p, p.length - 8, 3), List.of("footer")));
        damages.add(new Damage("page-header", overwritten(p, ParquetPageLocator.dataPage(plain, 1, "l", 1).header(), 4),
                List.of("row group 1", "column 'l'")));
        damages.add(new Damage("page-values", overwritten(p, ParquetPageLocator.dataPage(plain, 0, "d", 2).middle(), 1),
                List.of("row group 0", "column 'd'", "data page 2")));

        // Compressed and without checksums, so the damage reaches the decompressor: the leading
        // length of a Snappy page, of a data page and of a dictionary page.
        Path snappy = parquet("snappy.parquet", CompressionCodecName.SNAPPY, false);
        byte[] s = Files.readAllBytes(snappy);
        damages.add(new Damage("snappy-data-page", overwritten(s, ParquetPageLocator.dataPage(snappy, 1, "s", 0).start(), 3),
                List.of("row group 1", "column 's'")));
        damages.add(new Damage("snappy-dictionary", overwritten(s, ParquetPageLocator.dictionaryPage(snappy, 0, "s").start(), 3),
                List.of("row group 0", "column 's'")));

        DamagedFiles.assertRefusedAsCorrupt(dir, ".parquet", damages, (in, out) -> ParquetToAlbis.convert(in, LocalStorage.INSTANCE, out,
                ConvertOptions.defaults()));
    }
}
