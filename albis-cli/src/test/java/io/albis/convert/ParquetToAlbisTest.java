package io.albis.convert;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.read.AlbisReader;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.WriterOptions;
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
    static ConvertOptions smallTables() {
        return ConvertOptions.defaults().withWriter(WriterOptions.defaults().withSegmentSize(4096).withRowGroupRows(700));
    }

    @Test
    void everyTypeMatchesParquetJava() throws Exception {
        MessageType schema = ParquetFixtures.fullSchema();
        Path file = dir.resolve("full.parquet");
        ParquetFixtures.write(file, schema, ParquetFixtures.randomRows(schema, 2500, 42));

        String out = dir.resolve("t").toString();
        ConvertResult result = ParquetToAlbis.convert(file, LocalStorage.INSTANCE, out, smallTables());

        List<Group> expected = ParquetFixtures.read(file);
        assertEquals(2500, expected.size());
        assertEquals(2500, result.rows());
        AlbisTable table = AlbisTable.open(out);
        assertEquals(result.schema(), table.schema());
        assertTrue(table.rowGroups().size() >= 4, "row groups: " + table.rowGroups().size());
        assertRowsMatch(expected, schema, table);
    }

    @Test
    void typeMappingIsAsDocumented() throws Exception {
        MessageType schema = ParquetFixtures.fullSchema();
        Path file = dir.resolve("full.parquet");
        ParquetFixtures.write(file, schema, ParquetFixtures.randomRows(schema, 3, 1));
        ConvertResult r = ParquetToAlbis.convert(file, LocalStorage.INSTANCE, dir.resolve("t").toString(),
                ConvertOptions.defaults());
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
        assertEquals(DataType.INT, top.get("tod_ms").type());
        assertEquals(DataType.LONG, top.get("tod_us").type());
        for (String ts : List.of("ts_ms", "ts_us", "ts_ns", "ts_local_us", "ts96")) {
            assertEquals(DataType.TIMESTAMP, top.get(ts).type(), ts);
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

    static void assertRowsMatch(List<Group> expected, MessageType schema, AlbisTable table) throws Exception {
        List<Map<String, Object>> actual = new ArrayList<>();
        try (AlbisReader r = table.newReader()) {
            while (r.advance()) {
                actual.add(ParquetFixtures.actual(r));
            }
        }
        assertEquals(expected.size(), actual.size(), "row count");
        for (int i = 0; i < expected.size(); i++) {
            ParquetFixtures.assertSameRow(ParquetFixtures.expected(expected.get(i), schema), actual.get(i), "row " + i);
        }
    }
}
