package io.albis.convert.orc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.convert.AlbisRows;
import io.albis.convert.ConvertInputException;
import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.RandomValues;
import io.albis.convert.Refusals;
import io.albis.convert.RejectedValueException;
import io.albis.convert.SmallTables;
import io.albis.read.AlbisReader;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.testing.OrderedMaps;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.UnionColumnVector;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Differential, for ORC arrays and maps (random nestings with structs and unions, every leaf type,
 * nulls at every level): rows written with orc-core's writer must come out of the Albis table as orc-core's
 * reader shows them ({@link OrcFixtures}); timestamps without time zone follow Spark's marking.
 */
class OrcNestedTest {
    @TempDir
    Path dir;

    @Test
    void randomNestingsMatchOrcCore() throws Exception {
        for (long seed = 1; seed <= 16; seed++) {
            Random rnd = new Random(seed);
            TypeDescription schema = TypeDescription.createStruct().addField("id", TypeDescription.createInt());
            for (int c = 1 + rnd.nextInt(4); c > 0; c--) {
                schema.addField("c" + c, randomType(rnd, 0));
            }
            List<Map<String, Object>> rows = new ArrayList<>();
            for (int r = 0; r < 400; r++) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("id", r);
                for (int c = 1; c < schema.getChildren().size(); c++) {
                    row.put(schema.getFieldNames().get(c), randomValue(rnd, schema.getChildren().get(c)));
                }
                rows.add(row);
            }
            Path file = dir.resolve("random" + seed + ".orc");
            OrcFixtures.write(file, schema, rows, 64, true);
            String out = dir.resolve("t" + seed).toString();
            ConvertResult r = OrcToAlbis.convert(file.toString(), LocalStorage.INSTANCE, out, SmallTables.options()
                    .withColumnPerGroup(seed % 2 == 0));
            assertEquals(OrcSchemas.toAlbis(schema), r.schema().fields());
            assertRowsMatch(OrcFixtures.read(file), out, "seed " + seed + ": " + schema);
        }
    }

    /**
     * A union inside a list, a map (as key or value) or a struct held in one reads as the struct a
     * top-level union converts to ({@code tag}, {@code field0}, ..), with nulls at every level (a null list, map or
     * struct, a null union, a null value of the chosen alternative), over many batches; written
     * back to ORC it is that struct.
     */
    @Test
    void unionsInListsMapsAndStructsMatchOrcCore() throws Exception {
        TypeDescription schema = TypeDescription.fromString("struct<id:int,a:array<uniontype<int,string>>,"
                + "m:map<string,uniontype<bigint,double>>,s:array<struct<u:uniontype<int,string>>>,"
                + "deep:map<string,struct<u:uniontype<date,array<string>,decimal(30,5)>>>,"
                + "keys:map<uniontype<int,string>,int>>");
        List<Map<String, Object>> rows = new ArrayList<>();
        // Every kind of null, in the first batch whatever the random rows hold.
        rows.add(unionRow(0, null, null, null));
        rows.add(unionRow(1, Arrays.asList(null, union(0, null), union(1, "x"), union(0, -7)),
                OrderedMaps.of("k", null, "n", union(1, null), "p", union(0, Long.MIN_VALUE), "q", union(1, -0.5)),
                Arrays.asList(null, struct("u", null), struct("u", union(1, null)), struct("u", union(0, 3)))));
        Random rnd = new Random(9);
        for (int r = rows.size(); r < 3000; r++) {
            Map<String, Object> row = new LinkedHashMap<>();
            for (int c = 0; c < schema.getChildren().size(); c++) {
                row.put(schema.getFieldNames().get(c), c == 0 ? r : randomValue(rnd, schema.getChildren().get(c)));
            }
            rows.add(row);
        }
        Path file = dir.resolve("unions.orc");
        OrcFixtures.write(file, schema, rows, 100, true);
        List<Map<String, Object>> orc = OrcFixtures.read(file);
        assertEquals(rows, orc, "the fixture must read back what it wrote");

        DataType intOrString = DataType.struct(Field.of("tag", DataType.BYTE), Field.of("field0", DataType.INT),
                Field.of("field1", DataType.STRING));
        for (boolean columnPerGroup : new boolean[] {false, true}) {
            String table = dir.resolve("t" + columnPerGroup).toString();
            ConvertResult r = OrcToAlbis.convert(file.toString(), LocalStorage.INSTANCE, table,
                    SmallTables.options().withColumnPerGroup(columnPerGroup));
            assertEquals(Field.of("a", DataType.list(intOrString, true)), r.schema().fields().get(1));
            assertEquals(Field.of("s", DataType.list(DataType.struct(Field.of("u", intOrString)), true)),
                    r.schema().fields().get(3));
            assertRowsMatch(orc, table, "column per group " + columnPerGroup);
        }

        Path back = dir.resolve("back.orc");
        AlbisToOrc.convert(AlbisTable.open(dir.resolve("tfalse").toString()), back.toString(), ConvertOptions.defaults());
        try (Reader written = OrcFile.createReader(new org.apache.hadoop.fs.Path(back.toUri()),
                OrcFile.readerOptions(new Configuration()))) {
            assertEquals(TypeDescription.fromString("struct<id:int,a:array<struct<tag:tinyint,field0:int,field1:string>>,"
                    + "m:map<string,struct<tag:tinyint,field0:bigint,field1:double>>,"
                    + "s:array<struct<u:struct<tag:tinyint,field0:int,field1:string>>>,"
                    + "deep:map<string,struct<u:struct<tag:tinyint,field0:date,field1:array<string>,"
                    + "field2:decimal(30,5)>>>,keys:map<struct<tag:tinyint,field0:int,field1:string>,int>>"),
                    written.getSchema());
        }
        assertRowsMatch(OrcFixtures.read(back), dir.resolve("tfalse").toString(), "written back to ORC");
    }

    private static Map<String, Object> unionRow(int id, List<Object> a, Map<Object, Object> m, List<Object> s) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", id);
        row.put("a", a);
        row.put("m", m);
        row.put("s", s);
        row.put("deep", OrderedMaps.of("d", struct("u", union(1, Arrays.asList("e", null), 3)), "n", null,
                "z", struct("u", null), "w", struct("u", union(2, null, 3))));
        row.put("keys", OrderedMaps.of(union(0, 1), 10, union(1, "1"), null, union(0, null), 30, union(1, null), 40));
        return row;
    }

    /** A value of a union of two alternatives as {@link OrcFixtures} shows it. */
    private static Map<String, Object> union(int tag, Object value) {
        return union(tag, value, 2);
    }

    /** A value of a union of {@code alternatives} alternatives: its tag, its value under its field, null under the others. */
    private static Map<String, Object> union(int tag, Object value, int alternatives) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tag", (byte) tag);
        for (int a = 0; a < alternatives; a++) {
            m.put("field" + a, a == tag ? value : null);
        }
        return m;
    }

    private static Map<String, Object> struct(String field, Object value) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(field, value);
        return m;
    }

    @Test
    void typesMapAsDocumented() {
        TypeDescription ntz = TypeDescription.createLong()
                .setAttribute(OrcSchemas.CATALYST_TYPE_ATTRIBUTE, OrcSchemas.TIMESTAMP_NTZ);
        TypeDescription schema = TypeDescription.fromString("struct<a:array<int>,m:map<string,array<struct<x:double>>>,"
                + "s:struct<l:array<map<int,string>>>,plain:bigint>").addField("ntz", ntz)
                .addField("ntzs", TypeDescription.createList(ntz.clone()));
        DataType x = DataType.struct(Field.of("x", DataType.DOUBLE));
        assertEquals(List.of(Field.of("a", DataType.list(DataType.INT, true)),
                Field.of("m", DataType.map(DataType.STRING, DataType.list(x, true), true)),
                Field.of("s", DataType.struct(Field.of("l", DataType.list(DataType.map(DataType.INT, DataType.STRING, true),
                        true)))),
                Field.of("plain", DataType.LONG),
                Field.of("ntz", DataType.TIMESTAMP_NTZ),
                Field.of("ntzs", DataType.list(DataType.TIMESTAMP_NTZ, true))), OrcSchemas.toAlbis(schema));
        TypeDescription back = OrcSchemas.toOrc(OrcSchemas.toAlbis(schema));
        assertEquals(schema.toString(), back.toString());
        assertEquals(OrcSchemas.TIMESTAMP_NTZ, back.findSubtype("ntz").getAttributeValue(OrcSchemas.CATALYST_TYPE_ATTRIBUTE));
        assertEquals(null, back.findSubtype("plain").getAttributeValue(OrcSchemas.CATALYST_TYPE_ATTRIBUTE));
    }

    /** Spark 4.1 writes TIMESTAMP_NTZ to ORC as a bigint of microseconds marked spark.sql.catalyst.type=timestamp_ntz. */
    @Test
    void timestampsWithoutTimeZoneFollowSparksMarkingBothWays() throws Exception {
        TypeDescription ntz = TypeDescription.createLong()
                .setAttribute(OrcSchemas.CATALYST_TYPE_ATTRIBUTE, OrcSchemas.TIMESTAMP_NTZ);
        TypeDescription schema = TypeDescription.createStruct().addField("id", TypeDescription.createInt())
                .addField("seen", ntz).addField("plain", TypeDescription.createLong())
                .addField("history", TypeDescription.createList(ntz.clone()));
        LocalDateTime wall = LocalDateTime.of(2024, 2, 29, 23, 59, 58, 123_456_000);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", 1);
        row.put("seen", wall);
        row.put("plain", 42L);
        row.put("history", List.of(wall, LocalDateTime.of(1, 1, 1, 0, 0)));
        Path in = dir.resolve("spark.orc");
        OrcFixtures.write(in, schema, List.of(row), 16, false);
        String table = dir.resolve("t").toString();
        ConvertResult r = OrcToAlbis.convert(in.toString(), LocalStorage.INSTANCE, table, ConvertOptions.defaults());
        assertEquals(DataType.TIMESTAMP_NTZ, r.schema().fields().get(1).type());
        assertEquals(DataType.LONG, r.schema().fields().get(2).type());
        try (AlbisReader a = AlbisTable.open(table).newReader()) {
            assertTrue(a.advance());
            assertEquals(wall, a.getValue(1));
            assertEquals(ChronoUnit.MICROS.between(LocalDateTime.of(1970, 1, 1, 0, 0), wall), a.getTimestampMicros(1));
            assertEquals(row.get("history"), a.getValue(3));
        }

        Path out = dir.resolve("back.orc");
        AlbisToOrc.convert(AlbisTable.open(table), out.toString(), ConvertOptions.defaults());
        Configuration conf = new Configuration();
        try (Reader orc = OrcFile.createReader(new org.apache.hadoop.fs.Path(out.toUri()), OrcFile.readerOptions(conf))) {
            TypeDescription seen = orc.getSchema().findSubtype("seen");
            assertEquals(TypeDescription.Category.LONG, seen.getCategory());
            assertEquals(OrcSchemas.TIMESTAMP_NTZ, seen.getAttributeValue(OrcSchemas.CATALYST_TYPE_ATTRIBUTE));
            assertEquals(OrcSchemas.TIMESTAMP_NTZ,
                    orc.getSchema().findSubtype("history").getChildren().get(0).getAttributeValue(OrcSchemas.CATALYST_TYPE_ATTRIBUTE));
        }
        assertEquals(List.of(row), OrcFixtures.read(out));
    }

    @Test
    void earliestAndLatestTimestampsConvert() throws Exception {
        TypeDescription schema = TypeDescription.fromString("struct<ts:timestamp,l:array<timestamp>>");
        Instant first = Instant.EPOCH.plus(Long.MIN_VALUE, ChronoUnit.MICROS);
        Instant last = Instant.EPOCH.plus(Long.MAX_VALUE, ChronoUnit.MICROS);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("ts", first);
        row.put("l", List.of(first, last));
        Path in = dir.resolve("extremes.orc");
        OrcFixtures.write(in, schema, List.of(row), 16, true);
        String table = dir.resolve("t").toString();
        OrcToAlbis.convert(in.toString(), LocalStorage.INSTANCE, table, ConvertOptions.defaults());
        assertRowsMatch(List.of(row), table, "extremes");
    }

    @Test
    void aNullMapKeyIsRefusedNamingRowAndPath() throws Exception {
        TypeDescription schema = TypeDescription.fromString("struct<id:int,m:map<string,int>>");
        Map<Object, Object> bad = new LinkedHashMap<>();
        bad.put("k", 1);
        bad.put(null, 2);
        List<Map<String, Object>> rows = List.of(Map.of("id", 1, "m", Map.of("a", 1)), Map.of("id", 2, "m", bad));
        Path in = dir.resolve("nullkey.orc");
        OrcFixtures.write(in, schema, rows, 16, true);
        Path out = dir.resolve("t");
        Refusals.assertRefused(ConvertInputException.class, out, () -> OrcToAlbis.convert(in.toString(),
                LocalStorage.INSTANCE, out.toString(), ConvertOptions.defaults()), in.toString(), "row 2", "'m.key'",
                "map key is null");
    }

    /** orc-core hands out repeating vectors (one value for the whole batch) at any level; each is read as such. */
    @Test
    void repeatingListsMapsAndElementsAreRead() throws Exception {
        TypeDescription t = TypeDescription.fromString("array<map<string,bigint>>");
        ListColumnVector list = (ListColumnVector) t.createRowBatch(8).cols[0]; // a root of another type: one column
        MapColumnVector map = (MapColumnVector) list.child;
        list.isRepeating = true;
        list.offsets[0] = 0;
        list.lengths[0] = 2;
        list.childCount = 2;
        map.offsets[0] = 0;
        map.lengths[0] = 1;
        map.offsets[1] = 1;
        map.lengths[1] = 2;
        map.childCount = 3;
        BytesColumnVector keys = (BytesColumnVector) map.keys;
        keys.initBuffer();
        List<String> names = List.of("a", "b", "c");
        for (int k = 0; k < names.size(); k++) {
            keys.setVal(k, names.get(k).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        LongColumnVector values = (LongColumnVector) map.values;
        values.isRepeating = true;
        values.vector[0] = 7;
        OrcNestedReader reader = new OrcNestedReader("c", t, list);
        List<Object> expected = List.of(Map.of("a", 7L), Map.of("b", 7L, "c", 7L));
        for (int row = 0; row < 8; row++) {
            assertEquals(expected, reader.read(row), "row " + row);
        }
    }

    /** A tag that names no alternative (only a damaged file or another writer's bug has one) is refused naming the union. */
    @Test
    void aUnionTagOutsideTheAlternativesIsRefusedNamingThePath() throws Exception {
        TypeDescription t = TypeDescription.fromString("array<uniontype<int,string>>");
        ListColumnVector list = (ListColumnVector) t.createRowBatch(4).cols[0];
        UnionColumnVector union = (UnionColumnVector) list.child;
        list.offsets[0] = 0;
        list.lengths[0] = 2;
        list.childCount = 2;
        union.tags[0] = 0;
        ((LongColumnVector) union.fields[0]).vector[0] = 5;
        union.tags[1] = 2;
        RejectedValueException e = assertThrows(RejectedValueException.class,
                () -> new OrcNestedReader("c", t, list).read(0));
        assertEquals("c.element", e.column());
        assertTrue(e.getMessage().contains("union tag 2") && e.getMessage().contains("2 alternatives"), e.getMessage());
    }

    private static void assertRowsMatch(List<Map<String, Object>> expected, String table, String what) throws Exception {
        List<Map<String, Object>> actual = AlbisRows.rows(AlbisTable.open(table));
        assertEquals(expected.size(), actual.size(), what);
        for (int i = 0; i < expected.size(); i++) {
            AlbisRows.assertSameRow(expected.get(i), actual.get(i), what + ", row " + i);
        }
    }

    // ------------------------------------------------------------------ random types and values

    private static final String[] LEAVES = {"boolean", "tinyint", "smallint", "int", "bigint", "float", "double", "string",
        "varchar(8)", "binary", "decimal(9,2)", "decimal(30,5)", "date", "timestamp", "timestamp_ntz"};

    private static TypeDescription randomType(Random rnd, int depth) {
        int pick = depth >= 3 ? 0 : rnd.nextInt(7);
        return switch (pick) {
            case 1, 2 -> TypeDescription.createList(randomType(rnd, depth + 1));
            case 3, 4 -> TypeDescription.createMap(leaf(rnd), randomType(rnd, depth + 1));
            case 5 -> {
                TypeDescription s = TypeDescription.createStruct();
                for (int f = 1 + rnd.nextInt(3); f > 0; f--) {
                    s.addField("f" + f, randomType(rnd, depth + 1));
                }
                yield s;
            }
            case 6 -> {
                TypeDescription u = TypeDescription.createUnion();
                for (int a = 1 + rnd.nextInt(3); a > 0; a--) {
                    u.addUnionChild(randomType(rnd, depth + 1));
                }
                yield u;
            }
            default -> leaf(rnd);
        };
    }

    private static TypeDescription leaf(Random rnd) {
        String name = LEAVES[rnd.nextInt(LEAVES.length)];
        return name.equals("timestamp_ntz")
                ? TypeDescription.createLong().setAttribute(OrcSchemas.CATALYST_TYPE_ATTRIBUTE, OrcSchemas.TIMESTAMP_NTZ)
                : TypeDescription.fromString(name);
    }

    /** A random value as {@link OrcFixtures} represents it, null one time in six at every level. */
    private static Object randomValue(Random rnd, TypeDescription t) {
        if (rnd.nextInt(6) == 0) {
            return null;
        }
        return switch (t.getCategory()) {
            case BOOLEAN -> rnd.nextBoolean();
            case BYTE -> (byte) RandomValues.extremeInt(rnd);
            case SHORT -> (short) RandomValues.extremeInt(rnd);
            case INT -> RandomValues.extremeInt(rnd);
            case LONG -> OrcSchemas.isTimestampNtz(t)
                    ? LocalDateTime.of(1970, 1, 1, 0, 0).plus(RandomValues.extremeLong(rnd), ChronoUnit.MICROS)
                    : (Object) RandomValues.extremeLong(rnd);
            case FLOAT -> RandomValues.randomFloat(rnd);
            case DOUBLE -> RandomValues.randomDouble(rnd);
            case STRING -> RandomValues.randomString(rnd);
            case VARCHAR -> "v" + rnd.nextInt(1000);
            case BINARY -> {
                byte[] b = new byte[rnd.nextInt(12)];
                rnd.nextBytes(b);
                yield HexFormat.of().formatHex(b);
            }
            case DECIMAL -> new BigDecimal(RandomValues.randomUnscaled(t.getPrecision(), rnd), t.getScale());
            case DATE -> LocalDate.ofEpochDay(rnd.nextInt(200_000) - 100_000);
            case TIMESTAMP -> Instant.EPOCH.plus(rnd.nextLong() % 4_000_000_000_000_000L, ChronoUnit.MICROS);
            case LIST -> {
                List<Object> l = new ArrayList<>();
                for (int n = length(rnd); n > 0; n--) {
                    l.add(randomValue(rnd, t.getChildren().get(0)));
                }
                yield l;
            }
            case MAP -> {
                Map<Object, Object> m = new LinkedHashMap<>();
                for (int n = length(rnd); n > 0; n--) {
                    Object key = randomValue(rnd, t.getChildren().get(0));
                    if (key != null) {
                        m.put(key, randomValue(rnd, t.getChildren().get(1)));
                    }
                }
                yield m;
            }
            case STRUCT -> {
                Map<String, Object> s = new LinkedHashMap<>();
                for (int f = 0; f < t.getChildren().size(); f++) {
                    s.put(t.getFieldNames().get(f), randomValue(rnd, t.getChildren().get(f)));
                }
                yield s;
            }
            case UNION -> {
                int tag = rnd.nextInt(t.getChildren().size());
                yield union(tag, randomValue(rnd, t.getChildren().get(tag)), t.getChildren().size());
            }
            default -> throw new IllegalArgumentException("no random value for " + t);
        };
    }

    private static int length(Random rnd) {
        return switch (rnd.nextInt(20)) {
            case 0, 1, 2 -> 0;
            case 3 -> 65 + rnd.nextInt(3);
            default -> 1 + rnd.nextInt(3);
        };
    }
}
