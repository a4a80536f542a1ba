package io.albis.convert.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.AlbisRows;
import io.albis.convert.ConvertInputException;
import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.Refusals;
import io.albis.convert.SmallTables;
import io.albis.read.AlbisReader;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Differential, for lists and maps: files written with parquet-java's example writer in every
 * shape LogicalTypes.md describes (standard, legacy two-level, unannotated repeated fields, MAP
 * and MAP_KEY_VALUE, misnamed levels) and in random nestings; parquet-java's Group reader and the
 * Albis reader must see the same values ({@link ParquetFixtures#expected} interprets the groups).
 */
class ParquetNestedTest {
    @TempDir
    Path dir;

    /** One column of every list and map shape of LogicalTypes.md, the legacy ones included. */
    static final String LEGACY_SHAPES = """
            message legacy {
              required int32 id;
              optional group std (LIST) { repeated group list { optional binary element (STRING); } }
              required group std_req (LIST) { repeated group list { required int32 element; } }
              optional group two_prim (LIST) { repeated int32 element; }
              optional group two_multi (LIST) { repeated group element { required binary str (STRING); required int32 num; } }
              optional group nested2 (LIST) { repeated group array (LIST) { repeated int32 array; } }
              optional group arr (LIST) { repeated group array { required binary str (STRING); } }
              optional group tup (LIST) { repeated group tup_tuple { required binary str (STRING); } }
              optional group misnamed (LIST) { repeated group element { optional binary str (STRING); } }
              repeated int32 num;
              repeated group my_list { required int32 num; optional binary str (STRING); }
              optional group g { optional int32 a; repeated int64 xs; }
              optional group m (MAP) { repeated group key_value { required binary key (STRING); optional int32 value; } }
              optional group mkv (MAP_KEY_VALUE) { repeated group map { required binary key (STRING); optional int32 value; } }
              optional group mnames (MAP) { repeated group map { required binary str (STRING); required int32 num; } }
              optional group mmid (MAP) { repeated group map (MAP_KEY_VALUE) { required int32 key; optional double value; } }
              optional group m_of_lists (MAP) { repeated group key_value { required binary key (STRING);
                optional group value (LIST) { repeated group list { optional int64 element; } } } }
              optional group structs (LIST) { repeated group list { optional group element { optional int32 a;
                repeated binary tags (STRING);
                optional group inner (MAP) { repeated group key_value { required int32 key; required boolean value; } } } } }
              optional group struct_key (MAP) { repeated group key_value { required group key { required int32 x;
                optional binary y (STRING); } optional binary value; } }
            }
            """;

    @Test
    void everyShapeOfLogicalTypesMdHasItsType() throws Exception {
        MessageType schema = MessageTypeParser.parseMessageType(LEGACY_SHAPES);
        Map<String, Field> f = new LinkedHashMap<>();
        for (Field x : ParquetSchemas.toAlbis(schema)) {
            f.put(x.name(), x);
        }
        DataType strNum = DataType.struct(Field.required("str", DataType.STRING), Field.required("num", DataType.INT));
        assertEquals(Field.of("std", DataType.list(DataType.STRING, true)), f.get("std"));
        assertEquals(Field.required("std_req", DataType.list(DataType.INT, false)), f.get("std_req"));
        assertEquals(Field.of("two_prim", DataType.list(DataType.INT, false)), f.get("two_prim"), "rule 1");
        assertEquals(Field.of("two_multi", DataType.list(strNum, false)), f.get("two_multi"), "rule 2");
        assertEquals(Field.of("nested2", DataType.list(DataType.list(DataType.INT, false), false)), f.get("nested2"),
                "rule 3");
        DataType oneTuple = DataType.struct(Field.required("str", DataType.STRING));
        assertEquals(Field.of("arr", DataType.list(oneTuple, false)), f.get("arr"), "rule 4, array");
        assertEquals(Field.of("tup", DataType.list(oneTuple, false)), f.get("tup"), "rule 4, _tuple");
        assertEquals(Field.of("misnamed", DataType.list(DataType.STRING, true)), f.get("misnamed"), "rule 5");
        assertEquals(Field.required("num", DataType.list(DataType.INT, false)), f.get("num"), "a repeated primitive");
        assertEquals(Field.required("my_list", DataType.list(DataType.struct(Field.required("num", DataType.INT),
                Field.of("str", DataType.STRING)), false)), f.get("my_list"), "a repeated group");
        assertEquals(Field.of("g", DataType.struct(Field.of("a", DataType.INT),
                Field.required("xs", DataType.list(DataType.LONG, false)))), f.get("g"));
        DataType stringToInt = DataType.map(DataType.STRING, DataType.INT, true);
        assertEquals(Field.of("m", stringToInt), f.get("m"));
        assertEquals(Field.of("mkv", stringToInt), f.get("mkv"), "MAP_KEY_VALUE in place of MAP");
        assertEquals(Field.of("mnames", DataType.map(DataType.STRING, DataType.INT, false)), f.get("mnames"),
                "key and value by position");
        assertEquals(Field.of("mmid", DataType.map(DataType.INT, DataType.DOUBLE, true)), f.get("mmid"));
        assertEquals(Field.of("m_of_lists", DataType.map(DataType.STRING, DataType.list(DataType.LONG, true), true)),
                f.get("m_of_lists"));
        assertEquals(Field.of("structs", DataType.list(DataType.struct(Field.of("a", DataType.INT),
                Field.required("tags", DataType.list(DataType.STRING, false)),
                Field.of("inner", DataType.map(DataType.INT, DataType.BOOLEAN, false))), true)), f.get("structs"));
        assertEquals(Field.of("struct_key", DataType.map(DataType.struct(Field.required("x", DataType.INT),
                Field.of("y", DataType.STRING)), DataType.BINARY, true)), f.get("struct_key"));
    }

    @Test
    void everyShapeOfLogicalTypesMdMatchesParquetJava() throws Exception {
        MessageType schema = MessageTypeParser.parseMessageType(LEGACY_SHAPES);
        Path file = dir.resolve("legacy.parquet");
        ParquetFixtures.write(file, schema, ParquetFixtures.randomRows(schema, 1500, 3));
        List<Group> expected = ParquetFixtures.read(file);
        for (ConvertOptions options : List.of(SmallTables.options(), SmallTables.options()
                .withColumnPerGroup(true))) {
            String out = dir.resolve("t" + options.hashCode()).toString();
            ConvertResult r = ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, options);
            ParquetFixtures.assertRowsMatch(expected, schema, AlbisTable.open(out));

            // Written back in the standard layouts (a struct as a map key included) and read again: the same table.
            Path back = dir.resolve("back" + options.hashCode() + ".parquet");
            AlbisToParquet.convert(AlbisTable.open(out), back.toString(), ConvertOptions.defaults());
            String again = dir.resolve("again" + options.hashCode()).toString();
            assertEquals(r.schema().fields(), ParquetToAlbis.convert(back.toString(), LocalStorage.INSTANCE, again,
                    ConvertOptions.defaults()).schema().fields());
            assertEquals(AlbisRows.rows(AlbisTable.open(out)), AlbisRows.rows(AlbisTable.open(again)));
        }
    }

    @Test
    void randomNestingsMatchParquetJavaAndRoundTrip() throws Exception {
        for (long seed = 1; seed <= 24; seed++) {
            MessageType schema = ParquetFixtures.randomSchema(new Random(seed));
            String what = "seed " + seed + ": " + schema;
            Path file = dir.resolve("random" + seed + ".parquet");
            ParquetFixtures.write(file, schema, ParquetFixtures.randomRows(schema, 300, seed));
            List<Group> expected = ParquetFixtures.read(file);
            String a1 = dir.resolve("a" + seed).toString();
            ConvertResult first = ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, a1,
                    seed % 2 == 0 ? SmallTables.options() : SmallTables.options().withColumnPerGroup(true));
            AlbisTable table = AlbisTable.open(a1);
            ParquetFixtures.assertRowsMatch(expected, schema, table);

            // Back to Parquet (standard layouts), read by parquet-java, and into Albis again: nothing changes.
            Path back = dir.resolve("back" + seed + ".parquet");
            AlbisToParquet.convert(table, back.toString(), ConvertOptions.defaults());
            List<Map<String, Object>> albis = AlbisRows.rows(table);
            MessageType written = ParquetFixtures.footerSchema(back);
            List<Group> reread = ParquetFixtures.read(back);
            assertEquals(albis.size(), reread.size(), what);
            for (int i = 0; i < albis.size(); i++) {
                AlbisRows.assertSameRow(albis.get(i), ParquetFixtures.expected(reread.get(i), written), what + ", row " + i);
            }
            String a2 = dir.resolve("b" + seed).toString();
            ConvertResult second = ParquetToAlbis.convert(back.toString(), LocalStorage.INSTANCE, a2, ConvertOptions.defaults());
            assertEquals(first.schema().fields(), second.schema().fields(), what);
            assertEquals(albis, AlbisRows.rows(AlbisTable.open(a2)), what);
        }
    }

    @Test
    void everyLeafTypeInsideListsAndMapsMatchesParquetJava() throws Exception {
        List<Type> columns = new ArrayList<>();
        columns.add(Types.required(PrimitiveTypeName.INT32).named("id"));
        for (Type t : ParquetFixtures.fullSchema().getFields()) {
            if (!t.isPrimitive() || t.getName().equals("id")) {
                continue;
            }
            PrimitiveType p = t.asPrimitiveType();
            columns.add(Types.optionalGroup().as(LogicalTypeAnnotation.listType())
                    .addField(Types.repeatedGroup().addField(element(p, Repetition.OPTIONAL, "element")).named("list"))
                    .named("l_" + t.getName()));
            columns.add(Types.optionalGroup().as(LogicalTypeAnnotation.mapType())
                    .addField(Types.repeatedGroup().addField(element(p, Repetition.REQUIRED, "key"))
                            .addField(element(p, Repetition.OPTIONAL, "value")).named("key_value"))
                    .named("m_" + t.getName()));
        }
        MessageType schema = new MessageType("leaves", columns);
        Path file = dir.resolve("leaves.parquet");
        ParquetFixtures.write(file, schema, ParquetFixtures.randomRows(schema, 600, 8));
        String out = dir.resolve("t").toString();
        ConvertResult r = ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, SmallTables.options());
        ParquetFixtures.assertRowsMatch(ParquetFixtures.read(file), schema, AlbisTable.open(out));
        // Each element and key has the type of the flat column it was copied from.
        Map<String, Field> flat = new LinkedHashMap<>();
        for (Field f : ParquetSchemas.toAlbis(ParquetFixtures.fullSchema())) {
            flat.put(f.name(), f);
        }
        for (Field f : r.schema().fields()) {
            if (f.name().startsWith("l_")) {
                assertEquals(flat.get(f.name().substring(2)).type(), f.type().elementField().type(), f.name());
            } else if (f.name().startsWith("m_")) {
                assertEquals(flat.get(f.name().substring(2)).type(), f.type().keyField().type(), f.name());
            }
        }
    }

    private static PrimitiveType element(PrimitiveType p, Repetition rep, String name) {
        Types.PrimitiveBuilder<PrimitiveType> b = Types.primitive(p.getPrimitiveTypeName(), rep);
        if (p.getPrimitiveTypeName() == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
            b.length(p.getTypeLength());
        }
        return b.as(p.getLogicalTypeAnnotation()).named(name);
    }

    @Test
    void aKeyThatComesAgainKeepsItsFirstPlaceAndItsLastValue() throws Exception {
        MessageType schema = MessageTypeParser.parseMessageType("message m { required int32 id; optional group m (MAP) {"
                + " repeated group key_value { required binary key (STRING); optional int32 value; } } }");
        Group g = new SimpleGroupFactory(schema).newGroup().append("id", 1);
        Group m = g.addGroup("m");
        m.addGroup("key_value").append("key", "a").append("value", 1);
        m.addGroup("key_value").append("key", "b").append("value", 2);
        m.addGroup("key_value").append("key", "a").append("value", 3);
        Path file = dir.resolve("dup.parquet");
        ParquetFixtures.write(file, schema, List.of(g));
        String out = dir.resolve("t").toString();
        ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, ConvertOptions.defaults());
        try (AlbisReader r = AlbisTable.open(out).newReader()) {
            assertTrue(r.advance());
            assertEquals(List.of("a", "b"), new ArrayList<>(r.getMap(1).toJava().keySet()));
            assertEquals(Map.of("a", 3, "b", 2), r.getMap(1).toJava());
        }
    }

    @Test
    void timestampsWithoutTimeZoneKeepTheirWallClock() throws Exception {
        MessageType schema = MessageTypeParser.parseMessageType("""
                message m {
                  required int32 id;
                  optional int64 ms (TIMESTAMP(MILLIS,false));
                  optional int64 us (TIMESTAMP(MICROS,false));
                  optional int64 ns (TIMESTAMP(NANOS,false));
                  optional int64 utc (TIMESTAMP(MICROS,true));
                  optional group l (LIST) { repeated group list { optional int64 element (TIMESTAMP(MILLIS,false)); } }
                }
                """);
        long millis = 1_700_000_000_123L; // 2023-11-14T22:13:20.123
        Group g = new SimpleGroupFactory(schema).newGroup().append("id", 1).append("ms", millis)
                .append("us", millis * 1000 + 4).append("ns", (millis * 1000 + 4) * 1000).append("utc", millis * 1000);
        g.addGroup("l").addGroup("list").append("element", millis);
        Path file = dir.resolve("ntz.parquet");
        ParquetFixtures.write(file, schema, List.of(g));
        String out = dir.resolve("t").toString();
        ConvertResult r = ParquetToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, ConvertOptions.defaults());
        assertEquals(List.of(DataType.TIMESTAMP_NTZ, DataType.TIMESTAMP_NTZ, DataType.TIMESTAMP_NTZ, DataType.TIMESTAMP,
                DataType.list(DataType.TIMESTAMP_NTZ, true)), r.schema().fields().subList(1, 6).stream().map(Field::type).toList());
        LocalDateTime wall = LocalDateTime.of(2023, 11, 14, 22, 13, 20, 123_000_000);
        try (AlbisReader a = AlbisTable.open(out).newReader()) {
            assertTrue(a.advance());
            assertEquals(wall, a.getValue(1));
            assertEquals(wall.plusNanos(4000), a.getValue(2));
            assertEquals(wall.plusNanos(4000), a.getValue(3));
            assertEquals(List.of(wall), a.getValue(5));
        }
        // Written back as TIMESTAMP(MICROS, isAdjustedToUTC=false), the same numbers.
        Path back = dir.resolve("back.parquet");
        AlbisToParquet.convert(AlbisTable.open(out), back.toString(), ConvertOptions.defaults());
        MessageType written = ParquetFixtures.footerSchema(back);
        assertEquals(LogicalTypeAnnotation.timestampType(false, LogicalTypeAnnotation.TimeUnit.MICROS),
                written.getType("ms").getLogicalTypeAnnotation());
        assertEquals((millis * 1000 + 4), ParquetFixtures.read(back).get(0).getLong("ns", 0));
    }

    @Test
    void valuesAlbisCannotHoldAreRefusedNamingRowAndPath() throws Exception {
        MessageType schema = MessageTypeParser.parseMessageType("""
                message m {
                  required int32 id;
                  optional group m (MAP) { repeated group key_value { optional binary key (STRING); optional int32 value; } }
                  optional group s (LIST) { repeated group list { optional binary element (STRING); } }
                  optional group ts (LIST) { repeated group list { optional int64 element (TIMESTAMP(NANOS,true)); } }
                }
                """);
        SimpleGroupFactory f = new SimpleGroupFactory(schema);
        Group ok = f.newGroup().append("id", 1);
        ok.addGroup("m").addGroup("key_value").append("key", "k").append("value", 1);

        Group nullKey = f.newGroup().append("id", 2);
        nullKey.addGroup("m").addGroup("key_value").append("value", 1);
        refuse(schema, List.of(ok, nullKey), "nullkey", "row 2", "'m.key'", "map key is null");

        Group badUtf8 = f.newGroup().append("id", 2);
        badUtf8.addGroup("s").addGroup("list").append("element", Binary.fromConstantByteArray(new byte[] {'a', (byte) 0xC3}));
        refuse(schema, List.of(ok, badUtf8), "utf8", "row 2", "'s.element'", "not valid UTF-8");

        Group nanos = f.newGroup().append("id", 2);
        nanos.addGroup("ts").addGroup("list").append("element", 1_001L);
        refuse(schema, List.of(ok, nanos), "nanos", "row 2", "'ts.element'", "not a whole number of microseconds");
    }

    private void refuse(MessageType schema, List<Group> rows, String name, String... mustMention) throws Exception {
        Path file = dir.resolve(name + ".parquet");
        ParquetFixtures.write(file, schema, rows);
        Path out = dir.resolve(name);
        ConvertInputException e = Refusals.assertRefused(ConvertInputException.class, out, () -> ParquetToAlbis.convert(
                file.toString(), LocalStorage.INSTANCE, out.toString(), ConvertOptions.defaults()), mustMention);
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    }
}
