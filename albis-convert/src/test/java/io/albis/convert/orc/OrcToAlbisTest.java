package io.albis.convert.orc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.AlbisRows;
import io.albis.convert.ConvertInputException;
import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.DamagedFiles;
import io.albis.convert.Refusals;
import io.albis.convert.SmallTables;
import io.albis.error.SchemaMismatchException;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Differential: rows written with orc-core's writer must come out of the Albis table unchanged. */
class OrcToAlbisTest {
    @TempDir
    Path dir;

    private static void assertTableHolds(String table, List<Map<String, Object>> expected) throws Exception {
        AlbisRows.assertSameRows(expected, AlbisRows.rows(AlbisTable.open(table)));
    }

    /** {@code in} converts with the default options into a table that holds {@code expected}. */
    private void assertConvertsTo(Path in, List<Map<String, Object>> expected) throws Exception {
        String out = dir.resolve("t").toString();
        OrcToAlbis.convert(in.toString(), LocalStorage.INSTANCE, out, ConvertOptions.defaults());
        assertTableHolds(out, expected);
    }

    @Test
    void everyTypeMatchesWhatOrcCoreWrote() throws Exception {
        List<Map<String, Object>> rows = OrcFixtures.randomRows(3000, 21);
        Path file = dir.resolve("every.orc");
        OrcFixtures.write(file, OrcFixtures.EVERY_TYPE, rows, 1024, true);
        assertEquals(rows.size(), OrcFixtures.read(file).size());

        String out = dir.resolve("t").toString();
        ConvertResult r = OrcToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, SmallTables.options());
        assertEquals(3000, r.rows());
        assertTrue(AlbisTable.open(out).rowGroups().size() >= 4);
        assertTableHolds(out, rows);
        // The converter reads decimals of up to 18 digits through Decimal64 vectors; orc-core's reader
        // in the fixture uses HiveDecimal ones, so both paths agree with what was written.
        List<Map<String, Object>> orc = OrcFixtures.read(file);
        for (int i = 0; i < rows.size(); i++) {
            AlbisRows.assertSameRow(rows.get(i), orc.get(i), "orc row " + i);
        }
    }

    /** Every codec orc-core writes converts (Brotli through brotli4j, which the converters bring). */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(org.apache.orc.CompressionKind.class)
    void everyCodecConverts(org.apache.orc.CompressionKind codec) throws Exception {
        List<Map<String, Object>> rows = OrcFixtures.randomRows(1500, codec.ordinal());
        Path file = dir.resolve(codec + ".orc");
        OrcFixtures.write(file, OrcFixtures.EVERY_TYPE, rows, 512, true, codec, 0);
        assertConvertsTo(file, OrcFixtures.read(file));
    }

    @Test
    void typeMappingIsAsDocumented() throws Exception {
        Path file = dir.resolve("every.orc");
        OrcFixtures.write(file, OrcFixtures.EVERY_TYPE, OrcFixtures.randomRows(3, 1), 1024, true);
        ConvertResult r = OrcToAlbis.convert(file.toString(), LocalStorage.INSTANCE, dir.resolve("t").toString(),
                ConvertOptions.defaults());
        List<Field> expected = List.of(Field.of("b", DataType.BOOLEAN), Field.of("y", DataType.BYTE),
                Field.of("sh", DataType.SHORT), Field.of("i", DataType.INT), Field.of("l", DataType.LONG),
                Field.of("f", DataType.FLOAT), Field.of("d", DataType.DOUBLE), Field.of("s", DataType.STRING),
                Field.of("vc", DataType.STRING), Field.of("ch", DataType.STRING), Field.of("bin", DataType.BINARY),
                Field.of("d9", DataType.decimal(9, 2)), Field.of("d18", DataType.decimal(18, 0)),
                Field.of("d30", DataType.decimal(30, 5)), Field.of("dt", DataType.DATE),
                Field.of("ts", DataType.TIMESTAMP), Field.of("tsi", DataType.TIMESTAMP),
                Field.of("st", DataType.struct(Field.of("a", DataType.INT),
                        Field.of("inner", DataType.struct(Field.of("x", DataType.STRING), Field.of("z", DataType.DOUBLE))))));
        assertEquals(expected, r.schema().fields());
        assertEquals(expected, OrcSchemas.toAlbis(OrcFixtures.EVERY_TYPE), "the public mapping is the converter's");
    }

    @Test
    void aFileWithTwoColumnsNamedAlikeIsRefusedNamingIt() throws Exception {
        // orc-core writes such a schema; an Albis table cannot hold it (found by fuzzing).
        TypeDescription schema = TypeDescription.createStruct().addField("b", TypeDescription.createInt())
                .addField("b", TypeDescription.createString());
        Path file = dir.resolve("twice.orc");
        OrcFixtures.write(file, schema, List.of(), 1024, false);
        ConvertInputException e = assertThrows(ConvertInputException.class, () -> OrcToAlbis.convert(file.toString(),
                LocalStorage.INSTANCE, dir.resolve("t").toString(), ConvertOptions.defaults()));
        assertEquals(file + ": its columns cannot make an Albis table: two columns are named b", e.getMessage());
        assertFalse(java.nio.file.Files.exists(dir.resolve("t")));
    }

    @Test
    void repeatingVectorsAreExpanded() throws Exception {
        // A batch where every row is the same value (or null) is what ORC marks as repeating.
        TypeDescription schema = TypeDescription.fromString("struct<i:int,s:string,st:struct<a:int>>");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int r = 0; r < 2000; r++) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("i", r < 1024 ? 7 : null);
            m.put("s", "same");
            m.put("st", r < 1024 ? null : new LinkedHashMap<>(Map.of("a", 3)));
            rows.add(m);
        }
        Path file = dir.resolve("rep.orc");
        OrcFixtures.write(file, schema, rows, 1024, true);
        assertConvertsTo(file, rows);
    }

    @Test
    void filesWrittenWithOrcDefaultsConvert() throws Exception {
        // Other tools write dates in the hybrid calendar; modern dates are the same days either way.
        TypeDescription schema = TypeDescription.fromString("struct<id:bigint,day:date>");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int r = 0; r < 50; r++) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", (long) r);
            m.put("day", LocalDate.of(2020, 2, 29).plusDays(r * 37L));
            rows.add(m);
        }
        Path file = dir.resolve("plain.orc");
        OrcFixtures.write(file, schema, rows, 16, false);
        assertConvertsTo(file, rows);
    }

    @Test
    void aDirectoryOfFilesIsReadInNameOrder() throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        List<Map<String, Object>> first = OrcFixtures.randomRows(100, 2);
        List<Map<String, Object>> second = OrcFixtures.randomRows(150, 3);
        OrcFixtures.write(in.resolve("part-1"), OrcFixtures.EVERY_TYPE, second, 64, true);
        OrcFixtures.write(in.resolve("part-0.orc"), OrcFixtures.EVERY_TYPE, first, 64, true);
        Files.writeString(in.resolve("_SUCCESS"), "");
        Files.writeString(in.resolve(".hidden.orc"), "not looked at");
        String out = dir.resolve("t").toString();
        assertEquals(250, OrcToAlbis.convert(in.toString(), LocalStorage.INSTANCE, out, ConvertOptions.defaults()).rows());
        List<Map<String, Object>> all = new ArrayList<>(first);
        all.addAll(second);
        assertTableHolds(out, all);
    }

    private void convertFails(Path in, Class<? extends Throwable> type, String... mustMention) {
        Path out = dir.resolve("out");
        Refusals.assertRefused(type, out, () -> OrcToAlbis.convert(in.toString(), LocalStorage.INSTANCE, out.toString(),
                ConvertOptions.defaults()), mustMention);
    }

    @Test
    void mapKeysOfMapsAreRefusedNamingTheColumn() throws Exception {
        String[] types = {"struct<id:int,st:struct<m:map<map<string,int>,int>>>"};
        String[] columns = {"'st.m'"};
        String[] kinds = {"map key may not be a map"};
        for (int k = 0; k < types.length; k++) {
            Path file = dir.resolve("refused" + k + ".orc");
            // No rows: the refusal comes from the schema, before any row is read.
            OrcFixtures.write(file, TypeDescription.fromString(types[k]), List.of(), 16, true);
            convertFails(file, SchemaMismatchException.class, file.toString(), columns[k], kinds[k]);
        }
    }

    @Test
    void notOrcEmptyAndTruncatedFilesAreNamed() throws Exception {
        Path text = DamagedFiles.textFile(dir, "text.orc", "this is not ORC at all, just some text");
        convertFails(text, ConvertInputException.class, text.toString(), "not a readable ORC file");

        Path empty = DamagedFiles.emptyFile(dir, "empty.orc");
        convertFails(empty, SchemaMismatchException.class, empty.toString(), "no columns");

        Path good = dir.resolve("good.orc");
        OrcFixtures.write(good, OrcFixtures.EVERY_TYPE, OrcFixtures.randomRows(500, 4), 128, true);
        Path truncated = DamagedFiles.halfOf(good, "truncated.orc");
        convertFails(truncated, ConvertInputException.class, truncated.toString());

        convertFails(dir.resolve("missing.orc"), java.nio.file.NoSuchFileException.class, "missing.orc");
        Path noOrc = Files.createDirectories(dir.resolve("no-orc"));
        Files.writeString(noOrc.resolve("a.txt"), "x");
        convertFails(noOrc, ConvertInputException.class, "no ORC files");
    }

    @Test
    void subMicrosecondTimestampsAreRefusedNamingRowAndColumn() throws Exception {
        TypeDescription schema = TypeDescription.fromString("struct<id:int,ts:timestamp>");
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int r = 0; r < 3000; r++) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", r);
            m.put("ts", Instant.ofEpochSecond(1_600_000_000L + r, r == 2500 ? 123_456_789 : 123_456_000));
            rows.add(m);
        }
        Path file = dir.resolve("nanos.orc");
        OrcFixtures.write(file, schema, rows, 1024, true);
        Path out = dir.resolve("out");
        ConvertInputException e = assertThrows(ConvertInputException.class, () -> OrcToAlbis.convert(file.toString(),
                LocalStorage.INSTANCE, out.toString(), SmallTables.options()));
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("row 2501")
                && e.getMessage().contains("'ts'"), e.getMessage());
        assertFalse(Files.exists(out), "row groups published before the failure are removed with the table");
    }

    @Test
    void directoryWithTwoSchemasNamesTheOddFile() throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        OrcFixtures.write(in.resolve("a.orc"), OrcFixtures.EVERY_TYPE, OrcFixtures.randomRows(5, 5), 16, true);
        Path odd = in.resolve("b.orc");
        OrcFixtures.write(odd, TypeDescription.fromString("struct<x:int>"), List.of(), 16, true);
        convertFails(in, SchemaMismatchException.class, odd.toString());

        // One line naming what differs, not two whole schemas.
        Path in2 = Files.createDirectories(dir.resolve("in2"));
        OrcFixtures.write(in2.resolve("a.orc"), TypeDescription.fromString("struct<id:int,s:struct<n:string>>"), List.of(),
                16, true);
        OrcFixtures.write(in2.resolve("b.orc"), TypeDescription.fromString("struct<id:bigint,s:struct<n:string>,extra:int>"),
                List.of(), 16, true);
        convertFails(in2, SchemaMismatchException.class, "of another type: id (int in a.orc, bigint in b.orc)",
                "only in b.orc: extra (int)");
    }
}
