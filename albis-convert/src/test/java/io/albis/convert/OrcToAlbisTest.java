package io.albis.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.SchemaMismatchException;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.WriterOptions;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Differential: rows written with orc-core's writer must come out of the Albis table unchanged. */
class OrcToAlbisTest {
    @TempDir
    Path dir;

    static final TypeDescription EVERY_TYPE = TypeDescription.fromString("struct<b:boolean,y:tinyint,sh:smallint,"
            + "i:int,l:bigint,f:float,d:double,s:string,vc:varchar(10),ch:char(3),bin:binary,d9:decimal(9,2),"
            + "d18:decimal(18,0),d30:decimal(30,5),dt:date,ts:timestamp,tsi:timestamp with local time zone,"
            + "st:struct<a:int,inner:struct<x:string,z:double>>>");

    private static ConvertOptions smallTables() {
        return ConvertOptions.defaults().withWriter(WriterOptions.defaults().withSegmentSize(4096).withRowGroupRows(700));
    }

    /** Random rows of {@link #EVERY_TYPE}, null one time in five, structs included. */
    static List<Map<String, Object>> randomRows(int n, long seed) {
        Random rnd = new Random(seed);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("b", maybe(rnd, rnd.nextBoolean()));
            m.put("y", maybe(rnd, (byte) ParquetFixtures.extremeInt(rnd)));
            m.put("sh", maybe(rnd, (short) ParquetFixtures.extremeInt(rnd)));
            m.put("i", maybe(rnd, ParquetFixtures.extremeInt(rnd)));
            m.put("l", maybe(rnd, ParquetFixtures.extremeLong(rnd)));
            m.put("f", maybe(rnd, ParquetFixtures.randomFloat(rnd)));
            m.put("d", maybe(rnd, ParquetFixtures.randomDouble(rnd)));
            m.put("s", maybe(rnd, ParquetFixtures.randomString(rnd)));
            m.put("vc", maybe(rnd, "v" + rnd.nextInt(1000)));
            m.put("ch", maybe(rnd, "c" + (10 + rnd.nextInt(90))));
            byte[] bin = new byte[rnd.nextInt(40)];
            rnd.nextBytes(bin);
            m.put("bin", maybe(rnd, HexFormat.of().formatHex(bin)));
            m.put("d9", maybe(rnd, new BigDecimal(ParquetFixtures.randomUnscaled(9, rnd), 2)));
            m.put("d18", maybe(rnd, new BigDecimal(ParquetFixtures.randomUnscaled(18, rnd), 0)));
            m.put("d30", maybe(rnd, new BigDecimal(ParquetFixtures.randomUnscaled(30, rnd), 5)));
            m.put("dt", maybe(rnd, LocalDate.ofEpochDay(rnd.nextInt(2_000_000) - 1_000_000)));
            m.put("ts", maybe(rnd, randomInstant(rnd)));
            m.put("tsi", maybe(rnd, randomInstant(rnd)));
            Map<String, Object> inner = new LinkedHashMap<>();
            inner.put("x", maybe(rnd, ParquetFixtures.randomString(rnd)));
            inner.put("z", maybe(rnd, rnd.nextGaussian()));
            Map<String, Object> st = new LinkedHashMap<>();
            st.put("a", maybe(rnd, rnd.nextInt()));
            st.put("inner", maybe(rnd, inner));
            m.put("st", maybe(rnd, st));
            rows.add(m);
        }
        return rows;
    }

    /** Microsecond instants on both sides of the epoch, fractions of a second included. */
    private static Instant randomInstant(Random rnd) {
        long micros = switch (rnd.nextInt(4)) {
            case 0 -> -1_000_001;
            case 1 -> rnd.nextLong() % 4_000_000_000_000_000L;
            default -> rnd.nextLong() % 100_000_000_000_000L;
        };
        return Instant.EPOCH.plusNanos(Math.multiplyExact(micros, 1000L));
    }

    private static <T> T maybe(Random rnd, T v) {
        return rnd.nextInt(5) == 0 ? null : v;
    }

    private static void assertTableHolds(String table, List<Map<String, Object>> expected) throws Exception {
        List<Map<String, Object>> actual = ParquetFixtures.rows(AlbisTable.open(table));
        assertEquals(expected.size(), actual.size(), "rows");
        for (int i = 0; i < expected.size(); i++) {
            ParquetFixtures.assertSameRow(expected.get(i), actual.get(i), "row " + i);
        }
    }

    @Test
    void everyTypeMatchesWhatOrcCoreWrote() throws Exception {
        List<Map<String, Object>> rows = randomRows(3000, 21);
        Path file = dir.resolve("every.orc");
        OrcFixtures.write(file, EVERY_TYPE, rows, 1024, true);
        assertEquals(rows.size(), OrcFixtures.read(file).size());

        String out = dir.resolve("t").toString();
        ConvertResult r = OrcToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, smallTables());
        assertEquals(3000, r.rows());
        assertTrue(AlbisTable.open(out).rowGroups().size() >= 4);
        assertTableHolds(out, rows);
        // The converter reads decimals of up to 18 digits through Decimal64 vectors; orc-core's reader
        // in the fixture uses HiveDecimal ones, so both paths agree with what was written.
        List<Map<String, Object>> orc = OrcFixtures.read(file);
        for (int i = 0; i < rows.size(); i++) {
            ParquetFixtures.assertSameRow(rows.get(i), orc.get(i), "orc row " + i);
        }
    }

    /** Every codec orc-core writes converts (Brotli through brotli4j, which the converters bring). */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(org.apache.orc.CompressionKind.class)
    void everyCodecConverts(org.apache.orc.CompressionKind codec) throws Exception {
        List<Map<String, Object>> rows = randomRows(1500, codec.ordinal());
        Path file = dir.resolve(codec + ".orc");
        OrcFixtures.write(file, EVERY_TYPE, rows, 512, true, codec, 0);
        String out = dir.resolve("t").toString();
        OrcToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, ConvertOptions.defaults());
        assertTableHolds(out, OrcFixtures.read(file));
    }

    @Test
    void typeMappingIsAsDocumented() throws Exception {
        Path file = dir.resolve("every.orc");
        OrcFixtures.write(file, EVERY_TYPE, randomRows(3, 1), 1024, true);
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
        assertEquals(expected, OrcSchemas.toAlbis(EVERY_TYPE), "the public mapping is the converter's");
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
        String out = dir.resolve("t").toString();
        OrcToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, ConvertOptions.defaults());
        assertTableHolds(out, rows);
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
        String out = dir.resolve("t").toString();
        OrcToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, ConvertOptions.defaults());
        assertTableHolds(out, rows);
    }

    @Test
    void aDirectoryOfFilesIsReadInNameOrder() throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        List<Map<String, Object>> first = randomRows(100, 2);
        List<Map<String, Object>> second = randomRows(150, 3);
        OrcFixtures.write(in.resolve("part-1"), EVERY_TYPE, second, 64, true);
        OrcFixtures.write(in.resolve("part-0.orc"), EVERY_TYPE, first, 64, true);
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
        Throwable e = assertThrows(type, () -> OrcToAlbis.convert(in.toString(), LocalStorage.INSTANCE, out.toString(),
                ConvertOptions.defaults()));
        for (String s : mustMention) {
            assertTrue(e.getMessage().contains(s), "message should mention '" + s + "': " + e.getMessage());
        }
        assertFalse(Files.exists(out), "nothing may be left at the target");
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
        Path text = dir.resolve("text.orc");
        Files.writeString(text, "this is not ORC at all, just some text");
        convertFails(text, ConvertInputException.class, text.toString(), "not a readable ORC file");

        Path empty = dir.resolve("empty.orc");
        Files.write(empty, new byte[0]);
        convertFails(empty, SchemaMismatchException.class, empty.toString(), "no columns");

        Path good = dir.resolve("good.orc");
        OrcFixtures.write(good, EVERY_TYPE, randomRows(500, 4), 128, true);
        byte[] bytes = Files.readAllBytes(good);
        Path truncated = dir.resolve("truncated.orc");
        Files.write(truncated, Arrays.copyOf(bytes, bytes.length / 2));
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
                LocalStorage.INSTANCE, out.toString(), smallTables()));
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("row 2501")
                && e.getMessage().contains("'ts'"), e.getMessage());
        assertFalse(Files.exists(out), "row groups published before the failure are removed with the table");
    }

    @Test
    void directoryWithTwoSchemasNamesTheOddFile() throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        OrcFixtures.write(in.resolve("a.orc"), EVERY_TYPE, randomRows(5, 5), 16, true);
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
