package io.albis.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.ConvertInputException;
import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.DamagedFiles;
import io.albis.convert.Refusals;
import io.albis.convert.source.SourceFormat;
import io.albis.error.SchemaMismatchException;
import io.albis.storage.LocalStorage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.NanoTime;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Inputs the converter must refuse with a clear message, leaving no table behind. */
class ParquetInputErrorsTest {
    @TempDir
    Path dir;

    private Path out() {
        return dir.resolve("out");
    }

    private void convertFails(Path in, Class<? extends Throwable> type, String... mustMention) {
        Refusals.assertRefused(type, out(), () -> ParquetToAlbis.convert(in.toString(), LocalStorage.INSTANCE,
                out().toString(), ConvertOptions.defaults()), mustMention);
    }

    private Path writeOneRowFile(String schemaText, String name) throws IOException {
        MessageType schema = MessageTypeParser.parseMessageType(schemaText);
        Path file = dir.resolve(name);
        ParquetFixtures.write(file, schema, List.of(new SimpleGroupFactory(schema).newGroup().append("id", 1)));
        return file;
    }

    /** A one-row file of schema {@code schemaText} is refused before a row is read, naming the file and each of {@code mustMention}. */
    private void schemaRefused(String schemaText, String name, String... mustMention) throws IOException {
        Path file = writeOneRowFile(schemaText, name);
        List<String> mentions = new ArrayList<>(List.of(mustMention));
        mentions.add(file.toString());
        convertFails(file, SchemaMismatchException.class, mentions.toArray(new String[0]));
    }

    @Test
    void listGroupsOfAnotherShapeAreRefusedNamingTheColumn() throws Exception {
        schemaRefused("message m { required int32 id; optional group tags (LIST) {"
                + " repeated group list { optional binary element (STRING); } optional int32 extra; } }", "list2.parquet",
                "'tags'", "LIST");
        schemaRefused("message m { required int32 id; optional group tags (LIST) {"
                + " optional group list { optional binary element (STRING); } } }", "list1.parquet", "'tags'", "repeated");
    }

    @Test
    void mapsWithoutValuesOrWithMapKeysAreRefusedNamingTheColumn() throws Exception {
        schemaRefused("message m { required int32 id; optional group g { optional group props (MAP) {"
                + " repeated group key_value { required binary key (STRING); } } } }", "set.parquet", "'g.props'",
                "MAP without values");
        schemaRefused("message m { required int32 id; optional group props (MAP) {"
                + " repeated group key_value { required group key (MAP) { repeated group key_value {"
                + " required int32 key; required int32 value; } } optional int32 value; } } }", "mapkey.parquet",
                "'props'", "map key may not be a map");
    }

    @Test
    void refusalKeepsAnExistingEmptyTargetDirectoryAsItWas() throws Exception {
        Path f = writeOneRowFile("message m { required int32 id; optional group props (MAP) {"
                + " repeated group key_value { required binary key (STRING); } } }", "set.parquet");
        Files.createDirectories(out());
        Files.writeString(out().resolve("README"), "mine");
        assertThrows(SchemaMismatchException.class, () -> ParquetToAlbis.convert(f.toString(), LocalStorage.INSTANCE,
                out().toString(), ConvertOptions.defaults()));
        assertEquals(List.of("README"), LocalStorage.INSTANCE.list(out().toString()));
    }

    @Test
    void encryptedFilesAreNamedAsEncrypted() throws Exception {
        MessageType schema = MessageTypeParser.parseMessageType(
                "message m { required int32 id; optional binary name (UTF8); }");
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        byte[] footerKey = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII); // AES-128, for every column too
        for (boolean plaintextFooter : new boolean[] {false, true}) {
            Path f = dir.resolve(plaintextFooter ? "plaintext-footer.parquet" : "encrypted-footer.parquet");
            org.apache.parquet.crypto.FileEncryptionProperties.Builder encryption =
                    org.apache.parquet.crypto.FileEncryptionProperties.builder(footerKey);
            if (plaintextFooter) {
                encryption.withPlaintextFooter();
            }
            try (org.apache.parquet.hadoop.ParquetWriter<Group> w = org.apache.parquet.hadoop.example.ExampleParquetWriter
                    .builder(new org.apache.parquet.io.LocalOutputFile(f)).withType(schema)
                    .withEncryption(encryption.build()).build()) {
                for (int i = 0; i < 20; i++) {
                    w.write(groups.newGroup().append("id", i).append("name", "n" + i));
                }
            }
            assertEquals(SourceFormat.PARQUET, SourceFormat.detect(f.toString(), new org.apache.hadoop.conf.Configuration()),
                    "an encrypted file is recognised as Parquet, so that it is refused as encrypted");
            convertFails(f, ConvertInputException.class, f.toString(), "is an encrypted Parquet file",
                    plaintextFooter ? "its columns are encrypted" : "its footer is encrypted (PARE magic)");
        }
    }

    @Test
    void notParquetEmptyAndTruncatedFilesAreNamed() throws Exception {
        Path text = DamagedFiles.textFile(dir, "text.parquet", "id,name\n1,a\n");
        convertFails(text, ConvertInputException.class, text.toString(), "not a readable Parquet file");

        Path empty = DamagedFiles.emptyFile(dir, "empty.parquet");
        convertFails(empty, ConvertInputException.class, empty.toString());

        MessageType schema = ParquetFixtures.fullSchema();
        Path good = dir.resolve("good.parquet");
        ParquetFixtures.write(good, schema, ParquetFixtures.randomRows(schema, 300, 3));
        Path truncated = DamagedFiles.halfOf(good, "truncated.parquet");
        convertFails(truncated, ConvertInputException.class, truncated.toString());

        convertFails(dir.resolve("missing.parquet"), java.nio.file.NoSuchFileException.class, "missing.parquet");
    }

    @Test
    void corruptPagesAreNamed() throws Exception {
        MessageType schema = ParquetFixtures.fullSchema();
        Path good = dir.resolve("good.parquet");
        ParquetFixtures.write(good, schema, ParquetFixtures.randomRows(schema, 300, 4), CompressionCodecName.SNAPPY);
        byte[] bytes = Files.readAllBytes(good);
        // Overwrite the first page header, just after the leading magic; the footer stays intact.
        for (int i = 4; i < 40; i++) {
            bytes[i] = (byte) 0xA5;
        }
        Path corrupt = dir.resolve("corrupt.parquet");
        Files.write(corrupt, bytes);
        convertFails(corrupt, ConvertInputException.class, corrupt.toString());
    }

    @Test
    void nanosecondsThatAreNotWholeMicrosecondsAreRefused() throws Exception {
        MessageType schema = MessageTypeParser.parseMessageType(
                "message m { required int64 t (TIMESTAMP(NANOS,true)); }");
        SimpleGroupFactory f = new SimpleGroupFactory(schema);
        Path file = dir.resolve("ns.parquet");
        ParquetFixtures.write(file, schema, List.of(f.newGroup().append("t", 1000L), f.newGroup().append("t", -2000L),
                f.newGroup().append("t", 1_500L)));
        convertFails(file, ConvertInputException.class, file.toString(), "row 3", "column 't'", "1500",
                "microseconds");
    }

    @Test
    void aFailureAfterSixRowGroupsPublishesNothing() throws Exception {
        MessageType schema = MessageTypeParser.parseMessageType(
                "message m { required int32 id; optional int64 t (TIMESTAMP(NANOS,true)); }");
        List<Group> rows = ParquetFixtures.rows(schema, 3000, (g, i) -> g.append("id", i).append("t", i * 1000L));
        rows.add(new SimpleGroupFactory(schema).newGroup().append("id", 3000).append("t", 3_000_001L));
        Path file = dir.resolve("late.parquet");
        ParquetFixtures.write(file, schema, rows);
        ConvertOptions small = ConvertOptions.defaults().withWriter(io.albis.write.WriterOptions.defaults()
                .withRowGroupRows(500));
        List<String> published = new ArrayList<>();
        io.albis.storage.Storage recording = new RenameRecordingStorage(published);
        ConvertInputException e = assertThrows(ConvertInputException.class, () -> ParquetToAlbis.convert(file.toString(),
                recording, out().toString(), small));
        assertTrue(e.getMessage().contains("row 3001"), e.getMessage());
        assertEquals(List.of(), published, "nothing is renamed into place before the job commits");
        assertFalse(Files.exists(out()), "the aborted job leaves nothing, not even the directory it made");

        // A directory that existed before keeps only what it held.
        Files.createDirectories(out());
        assertThrows(ConvertInputException.class, () -> ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE,
                out().toString(), small));
        assertEquals(List.of(), LocalStorage.INSTANCE.list(out().toString()));
    }

    @Test
    void anExistingTableIsNeitherOverwrittenNorRemoved() throws Exception {
        Path f = writeOneRowFile("message m { required int32 id; }", "one.parquet");
        ParquetToAlbis.convert(f.toString(), LocalStorage.INSTANCE, out().toString(), ConvertOptions.defaults());
        List<String> before = LocalStorage.INSTANCE.list(out().toString());
        assertThrows(io.albis.error.InvalidOptionException.class, () -> ParquetToAlbis.convert(f.toString(), LocalStorage.INSTANCE,
                out().toString(), ConvertOptions.defaults()));
        assertEquals(before, LocalStorage.INSTANCE.list(out().toString()));
        assertEquals(1, io.albis.table.AlbisTable.open(out().toString()).rowCount());
    }

    @Test
    void int96WithSubMicrosecondNanosIsRefused() throws Exception {
        MessageType schema = MessageTypeParser.parseMessageType("message m { optional int96 t; }");
        SimpleGroupFactory f = new SimpleGroupFactory(schema);
        Path file = dir.resolve("int96.parquet");
        ParquetFixtures.write(file, schema, List.of(f.newGroup().append("t", new NanoTime(2_440_588, 7_000L)),
                f.newGroup().append("t", new NanoTime(2_440_588, 7_001L))));
        convertFails(file, ConvertInputException.class, "row 2", "column 't'", "INT96");
    }

    @Test
    void integersOutsideTheirAnnotatedWidthAreRefused() throws Exception {
        MessageType schema = MessageTypeParser.parseMessageType("message m { optional int32 b (INTEGER(8,true)); }");
        Path file = dir.resolve("int8.parquet");
        ParquetFixtures.write(file, schema, List.of(new SimpleGroupFactory(schema).newGroup().append("b", 300)));
        convertFails(file, ConvertInputException.class, "column 'b'", "300", "INT(8, signed)");
    }

    @Test
    void directoryWithTwoSchemasNamesTheOddFile() throws Exception {
        Path in = dir.resolve("in");
        Files.createDirectories(in);
        MessageType a = MessageTypeParser.parseMessageType(
                "message m { required int32 id; optional group g { optional binary n (UTF8); } optional int32 gone; }");
        MessageType b = MessageTypeParser.parseMessageType(
                "message m { required int64 id; optional group g { optional binary n (UTF8); } optional double added; }");
        ParquetFixtures.write(in.resolve("part-0.parquet"), a, List.of(new SimpleGroupFactory(a).newGroup().append("id", 1)));
        ParquetFixtures.write(in.resolve("part-1.parquet"), b, List.of(new SimpleGroupFactory(b).newGroup().append("id", 1L)));
        // One line naming what differs, not two whole schemas.
        convertFails(in, SchemaMismatchException.class, "part-1.parquet", "another schema",
                "of another type: id (required int32 in part-0.parquet, required int64 in part-1.parquet)",
                "only in part-0.parquet: gone (optional int32)", "only in part-1.parquet: added (optional double)");
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> ParquetToAlbis.convert(in.toString(),
                LocalStorage.INSTANCE, out().toString(), ConvertOptions.defaults()));
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    @Test
    void directoryWithoutParquetFilesIsRefused() throws Exception {
        Path in = dir.resolve("in");
        Files.createDirectories(in);
        Files.writeString(in.resolve("notes.txt"), "nothing here");
        convertFails(in, ConvertInputException.class, in.toString(), "no Parquet files");
    }

    @Test
    void emptySchemaAndZeroRowsAreHandled() throws Exception {
        MessageType schema = MessageTypeParser.parseMessageType("message m { optional binary s (STRING); }");
        Path file = dir.resolve("zero.parquet");
        ParquetFixtures.write(file, schema, new ArrayList<Group>());
        ConvertResult r = ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out().toString(), ConvertOptions.defaults());
        assertEquals(0, r.rows());
        assertEquals(0, io.albis.table.AlbisTable.open(out().toString()).rowCount());
    }

    /** Local storage that notes every rename, i.e. every row group the writer publishes. */
    private static final class RenameRecordingStorage extends io.albis.testing.ForwardingStorage {
        private final List<String> renamedTo;

        RenameRecordingStorage(List<String> renamedTo) {
            super(LocalStorage.INSTANCE);
            this.renamedTo = renamedTo;
        }






        @Override
        public void rename(String from, String to) throws IOException {
            delegate.rename(from, to);
            String name = to.substring(to.lastIndexOf('/') + 1);
            if (io.albis.layout.TableLayout.rowGroupIndex(name) >= 0 || io.albis.layout.TableLayout.stateVersion(name) > 0) {
                renamedTo.add(to);
            }
        }
    }
}
