package io.albis.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.AlbisRows;
import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.SmallTables;
import io.albis.read.AlbisReader;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Differential: parquet-java's Group reader and the Albis reader must see the same values. */
class ParquetToAlbisTest {
    @TempDir
    Path dir;

    /** Small segments and row groups so the table has many of both. */
    @Test
    void everyTypeMatchesParquetJava() throws Exception {
        MessageType schema = ParquetFixtures.fullSchema();
        Path file = dir.resolve("full.parquet");
        ParquetFixtures.write(file, schema, ParquetFixtures.randomRows(schema, 2500, 42));

        String out = dir.resolve("t").toString();
        ConvertResult result = ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, SmallTables.options());

        List<Group> expected = ParquetFixtures.read(file);
        assertEquals(2500, expected.size());
        assertEquals(2500, result.rows());
        AlbisTable table = AlbisTable.open(out);
        assertEquals(result.schema(), table.schema());
        assertTrue(table.rowGroups().size() >= 4, "row groups: " + table.rowGroups().size());
        ParquetFixtures.assertRowsMatch(expected, schema, table);
    }

    @Test
    void typeMappingIsAsDocumented() throws Exception {
        MessageType schema = ParquetFixtures.fullSchema();
        Path file = dir.resolve("full.parquet");
        ParquetFixtures.write(file, schema, ParquetFixtures.randomRows(schema, 3, 1));
        ConvertResult r = ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, dir.resolve("t").toString(),
                ConvertOptions.defaults());
        assertEquals(r.schema().fields(), ParquetSchemas.toAlbis(schema), "the public mapping is the converter's");
        Map<String, Field> top = new java.util.HashMap<>();
        for (Field f : r.schema().fields()) {
            top.put(f.name(), f);
        }
        assertEquals(Field.required("id", DataType.INT), top.get("id"));
        assertEquals(Field.of("flag", DataType.BOOLEAN), top.get("flag"));
        assertEquals(DataType.BYTE, top.get("i8").type());
        assertEquals(DataType.SHORT, top.get("i16").type());
        assertEquals(DataType.INT, top.get("i32s").type());
        assertEquals(DataType.SHORT, top.get("u8").type());
        assertEquals(DataType.INT, top.get("u16").type());
        assertEquals(DataType.LONG, top.get("u32").type());
        assertEquals(DataType.decimal(20, 0), top.get("u64").type());
        assertEquals(DataType.LONG, top.get("s64").type());
        assertEquals(DataType.DATE, top.get("day").type());
        assertEquals(DataType.LONG, top.get("tod_ms").type());
        assertEquals(DataType.LONG, top.get("tod_us").type());
        for (String ts : List.of("ts_ms", "ts_us", "ts96")) {
            assertEquals(DataType.TIMESTAMP, top.get(ts).type(), ts);
        }
        for (String ts : List.of("ts_ns", "ts_local_us")) { // isAdjustedToUTC=false: a wall clock
            assertEquals(DataType.TIMESTAMP_NTZ, top.get(ts).type(), ts);
        }
        assertEquals(DataType.FLOAT, top.get("f").type());
        assertEquals(Field.required("f_req", DataType.FLOAT), top.get("f_req"));
        for (String s : List.of("s", "e", "j")) {
            assertEquals(DataType.STRING, top.get(s).type(), s);
        }
        assertEquals(Field.required("s_req", DataType.STRING), top.get("s_req"));
        for (String b : List.of("raw", "fixed5", "id16")) {
            assertEquals(DataType.BINARY, top.get(b).type(), b);
        }
        assertEquals(DataType.decimal(9, 2), top.get("dec_i32").type());
        assertEquals(DataType.decimal(30, 5), top.get("dec_bin").type());
        assertEquals(DataType.decimal(10, 3), top.get("dec_flba_loose").type());
        for (int p = 1; p <= 38; p++) {
            assertEquals(DataType.decimal(p, p / 3), top.get("dec_p" + p).type());
        }
        Field g = top.get("g");
        assertTrue(g.nullable() && g.type().isStruct());
        Field inner = g.type().fields().get(2);
        assertEquals("inner", inner.name());
        assertTrue(inner.nullable());
        assertEquals(Field.required("w", DataType.LONG), inner.type().fields().get(1));
        Field reqInner = g.type().fields().get(3);
        assertTrue(!reqInner.nullable() && reqInner.type().isStruct());
        assertTrue(!top.get("r").nullable());
        // A nullable struct has a marker column; a required one does not.
        assertTrue(r.schema().hasColumn("g") && r.schema().column(r.schema().columnIndex("g")).isStructMarker());
        assertTrue(!r.schema().hasColumn("r"));
        assertTrue(r.schema().hasColumn("r.deep.fx"));
    }

    @Test
    void directoryFilesAreReadInNameOrder() throws Exception {
        MessageType schema = ParquetFixtures.fullSchema();
        Path in = dir.resolve("in");
        java.nio.file.Files.createDirectories(in);
        List<Group> all = ParquetFixtures.randomRows(schema, 900, 7);
        // Written out of order; "c" has no .parquet suffix but the PAR1 magic.
        ParquetFixtures.write(in.resolve("c"), schema, all.subList(600, 900),
                org.apache.parquet.hadoop.metadata.CompressionCodecName.SNAPPY);
        ParquetFixtures.write(in.resolve("a.parquet"), schema, all.subList(0, 300));
        ParquetFixtures.write(in.resolve("b.parquet"), schema, all.subList(300, 600),
                org.apache.parquet.hadoop.metadata.CompressionCodecName.GZIP);
        java.nio.file.Files.write(in.resolve("_SUCCESS"), new byte[0]);
        java.nio.file.Files.writeString(in.resolve(".a.parquet.crc"), "crc");
        java.nio.file.Files.writeString(in.resolve("notes.txt"), "not parquet");

        List<Long> reports = new ArrayList<>();
        ConvertResult r = ParquetToAlbis.convert(in.toString(), LocalStorage.INSTANCE, dir.resolve("t").toString(),
                SmallTables.options().withProgress((done, total) -> {
                    assertEquals(900, total);
                    reports.add(done);
                }));
        assertEquals(900, r.rows());
        assertEquals(List.of(900L), reports);
        List<Group> expected = new ArrayList<>();
        for (String f : List.of("a.parquet", "b.parquet", "c")) {
            expected.addAll(ParquetFixtures.read(in.resolve(f)));
        }
        ParquetFixtures.assertRowsMatch(expected, schema, AlbisTable.open(dir.resolve("t").toString()));
    }

    @Test
    void columnGroupLayoutsHoldIdenticalValues() throws Exception {
        MessageType schema = ParquetFixtures.fullSchema();
        Path file = dir.resolve("full.parquet");
        ParquetFixtures.write(file, schema, ParquetFixtures.randomRows(schema, 800, 11));
        List<Group> expected = ParquetFixtures.read(file);

        ConvertResult one = ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, dir.resolve("one").toString(), SmallTables.options());
        ConvertResult perColumn = ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, dir.resolve("cols").toString(),
                SmallTables.options().withColumnPerGroup(true));
        Map<String, List<String>> spec = new java.util.LinkedHashMap<>();
        spec.put("hot", List.of("s", "g", "i32"));
        spec.put("wide", List.of("dec_p38", "dec_p1", "r.deep"));
        ConvertResult custom = ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, dir.resolve("custom").toString(),
                SmallTables.options().withColumnGroups(spec));

        assertEquals(1, one.schema().groups().size());
        assertEquals(perColumn.schema().columnCount(), perColumn.schema().groups().size());
        assertEquals(List.of("hot", "wide", "rest"), custom.schema().groups().stream().map(g -> g.name()).toList());
        assertEquals(one.schema().fields(), perColumn.schema().fields());
        assertEquals(one.schema().fields(), custom.schema().fields());

        List<Map<String, Object>> a = AlbisRows.rows(AlbisTable.open(dir.resolve("one").toString()));
        assertEquals(a, AlbisRows.rows(AlbisTable.open(dir.resolve("cols").toString())));
        assertEquals(a, AlbisRows.rows(AlbisTable.open(dir.resolve("custom").toString())));
        ParquetFixtures.assertRowsMatch(expected, schema, AlbisTable.open(dir.resolve("custom").toString()));
    }

    @Test
    void progressIsReportedEvery64kRows() throws Exception {
        MessageType schema = org.apache.parquet.schema.MessageTypeParser.parseMessageType("message m { required int32 v; }");
        List<Group> rows = ParquetFixtures.rows(schema, 140_000, (g, i) -> g.append("v", i));
        Path file = dir.resolve("long.parquet");
        ParquetFixtures.write(file, schema, rows);
        List<long[]> reports = new ArrayList<>();
        ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, dir.resolve("t").toString(),
                ConvertOptions.defaults().withProgress((done, total) -> reports.add(new long[] {done, total})));
        assertEquals(List.of("65536/140000", "131072/140000", "140000/140000"),
                reports.stream().map(x -> x[0] + "/" + x[1]).toList());
        try (AlbisReader r = AlbisTable.open(dir.resolve("t").toString()).newReader()) {
            for (int i = 0; i < 140_000; i++) {
                assertTrue(r.advance());
                assertEquals(i, r.getInt(0));
            }
            assertTrue(!r.advance());
        }
    }

    @Test
    void parquetAlbisParquetAlbisIsLossless() throws Exception {
        MessageType schema = ParquetFixtures.fullSchema();
        Path file = dir.resolve("full.parquet");
        ParquetFixtures.write(file, schema, ParquetFixtures.randomRows(schema, 1000, 99));
        ConvertResult first = ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, dir.resolve("a1").toString(), SmallTables.options());
        Path back = dir.resolve("back.parquet");
        ConvertResult out = AlbisToParquet.convert(AlbisTable.open(dir.resolve("a1").toString()), back.toString(),
                ConvertOptions.defaults());
        assertEquals(1000, out.rows());
        ConvertResult second = ParquetToAlbis.convert(back.toString(), LocalStorage.INSTANCE, dir.resolve("a2").toString(),
                ConvertOptions.defaults().withColumnPerGroup(true));
        assertEquals(first.schema().fields(), second.schema().fields());
        List<Map<String, Object>> a1 = AlbisRows.rows(AlbisTable.open(dir.resolve("a1").toString()));
        List<Map<String, Object>> a2 = AlbisRows.rows(AlbisTable.open(dir.resolve("a2").toString()));
        assertEquals(a1.size(), a2.size());
        for (int i = 0; i < a1.size(); i++) {
            AlbisRows.assertSameRow(a1.get(i), a2.get(i), "row " + i);
        }
    }
}
