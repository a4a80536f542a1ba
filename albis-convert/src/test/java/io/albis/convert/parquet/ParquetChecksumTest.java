package io.albis.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.ConvertInputException;
import io.albis.convert.ConvertOptions;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Page checksums: a file written with page CRCs converts as parquet-java reads it; with one bit
 * flipped in a data page or a dictionary page it is refused as corrupt, in one line naming the
 * file, row group, column and page, where a reader that does not verify would take the flipped
 * value. Both data page versions.
 */
class ParquetChecksumTest {
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
            "message m { required double x; optional binary s (STRING); }");

    @TempDir
    Path dir;

    private Path writeWithChecksums(WriterVersion version) throws Exception {
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        List<Group> rows = new ArrayList<>();
        for (int i = 0; i < 20000; i++) {
            // Distinct values: after the first page the dictionary gives way to PLAIN pages, in
            // either writer version, so a flipped bit there changes a value and nothing else.
            Group g = groups.newGroup().append("x", i * 1.0001 + Math.sqrt(i));
            if (i % 11 != 0) {
                g.append("s", "v" + i % 13);
            }
            rows.add(g);
        }
        Path file = dir.resolve("crc-" + version + ".parquet");
        ParquetFixtures.write(ParquetFixtures.writer(file, SCHEMA).withWriterVersion(version).withPageSize(1024)
                .withRowGroupSize(8 * 1024L).withPageWriteChecksumEnabled(true), rows);
        return file;
    }

    /** A copy of {@code file} with one bit flipped at {@code offset}. */
    private Path flipped(Path file, long offset, String name) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        bytes[(int) offset] ^= 0x10;
        Path out = dir.resolve(name);
        Files.write(out, bytes);
        return out;
    }

    private ConvertInputException refused(Path file) {
        Path out = dir.resolve("out-" + file.getFileName());
        ConvertInputException e = assertThrows(ConvertInputException.class, () -> ParquetToAlbis.convert(file.toString(),
                LocalStorage.INSTANCE, out.toString(), ConvertOptions.defaults()));
        assertFalse(Files.exists(out), "no table is left behind");
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e;
    }

    private static void assertMentions(String message, String... parts) {
        for (String p : parts) {
            assertTrue(message.contains(p), "'" + p + "' missing from: " + message);
        }
    }

    @ParameterizedTest
    @EnumSource(WriterVersion.class)
    void anIntactFileWithChecksumsConverts(WriterVersion version) throws Exception {
        Path file = writeWithChecksums(version);
        String out = dir.resolve("t").toString();
        ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, ConvertOptions.defaults());
        ParquetFixtures.assertRowsMatch(ParquetFixtures.read(file), SCHEMA, AlbisTable.open(out));
    }

    @ParameterizedTest
    @EnumSource(WriterVersion.class)
    void aFlippedBitInADataPageIsRefusedNamingItsPage(WriterVersion version) throws Exception {
        Path file = writeWithChecksums(version);
        assertTrue(ParquetFixtures.readFooterRowGroups(file) >= 2, "the file has several row groups");
        assertTrue(ParquetPageLocator.dataPages(file, 1, "x") >= 3, "column x has several pages");
        // In the middle of the third data page of 'x' in the second row group, among its values.
        Path bad = flipped(file, ParquetPageLocator.dataPage(file, 1, "x", 2).middle(), "bad-data.parquet");
        assertTrue(!xs(file).equals(xs(bad)), "without checksums the flip would change a value silently");

        String m = refused(bad).getMessage();
        assertMentions(m, bad.toString(), "corrupt", "row group 1", "column 'x'", "data page 2", "CRC checksum");
    }

    @ParameterizedTest
    @EnumSource(WriterVersion.class)
    void aFlippedBitInADictionaryPageIsRefusedNamingIt(WriterVersion version) throws Exception {
        Path file = writeWithChecksums(version);
        // Inside the first dictionary entry (PLAIN: a 4-byte length, then "v0").
        Path bad = flipped(file, ParquetPageLocator.dictionaryPage(file, 0, "s").start() + 5, "bad-dict.parquet");
        String m = refused(bad).getMessage();
        assertMentions(m, bad.toString(), "corrupt", "row group 0", "column 's'", "dictionary page", "CRC checksum");
    }

    /** Column x as parquet-java reads it without verifying checksums. */
    private static List<Double> xs(Path file) throws Exception {
        List<Double> xs = new ArrayList<>();
        for (Group g : ParquetFixtures.read(file)) {
            xs.add(g.getDouble("x", 0));
        }
        return xs;
    }
}
