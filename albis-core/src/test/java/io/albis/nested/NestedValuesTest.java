package io.albis.nested;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.CorruptFileException;
import io.albis.error.SchemaMismatchException;
import io.albis.filter.Predicates;
import io.albis.read.AlbisReader;
import io.albis.read.RunReader;
import io.albis.read.ColumnBatch;
import io.albis.read.ReadOptions;
import io.albis.row.NestedValueEncoder;
import io.albis.scan.ChecksumScan;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.schema.SchemaCodec;
import io.albis.table.AlbisTable;
import io.albis.testing.OrderedMaps;
import io.albis.testing.RowAssertions;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lists and maps (docs/FORMAT.md §6, "Nested values"): their bytes, the views, the writer and reader, the checks. */
class NestedValuesTest {
    private static final DataType INT_LIST = DataType.list(DataType.INT, true);
    private static final DataType STRING_LONG_MAP = DataType.map(DataType.STRING, DataType.LONG, true);
    private static final DataType ITEM = DataType.struct(Field.required("k", DataType.INT), Field.of("v", DataType.STRING),
            Field.of("amount", DataType.decimal(30, 2)));
    private static final DataType DEEP = DataType.map(DataType.STRING, DataType.list(ITEM, true), true);

    @TempDir
    Path dir;

    private static byte[] encode(DataType t, Object v) {
        NestedValueEncoder e = new NestedValueEncoder();
        e.encode(t, v, "value");
        return Arrays.copyOf(e.bytes(), e.length());
    }

    /** The examples of docs/FORMAT.md §6, byte for byte. */
    @Test
    void theSpecExamplesByteForByte() {
        assertEquals("08" + "02" + "07000000" + "00000000", hex(encode(INT_LIST, Arrays.asList(7, null))));
        assertEquals("10" + "01" + "61" + "00" + "0100000000000000", hex(encode(STRING_LONG_MAP, OrderedMaps.of("a", 1L))));
        // {"ab": 5, "cde": null}: header 2·16, key ends 2 and 5, "abcde", value null bits 0b10, 5 and a zero.
        assertEquals("20" + "0205" + "6162636465" + "02" + "0500000000000000" + "0000000000000000",
                hex(encode(STRING_LONG_MAP, OrderedMaps.of("ab", 5L, "cde", null))));
        // A list of 300 one-letter strings: a two-byte header (300·4 + 1, ends of 2 bytes) and ends past 255.
        byte[] many = encode(DataType.list(DataType.STRING, false), java.util.Collections.nCopies(300, "x"));
        assertEquals("b109", hex(Arrays.copyOf(many, 2)));
        assertEquals(2 + 600 + 300, many.length);
        // A struct (k int not null, v string, amount decimal(30, 2)) {1, "x", 1.00}: null bits, k, v's end, amount, "x".
        // The list's header and the struct's end (26), then the struct: null bits, k, v's end, amount, "x".
        assertEquals("04" + "1a" + "00" + "01000000" + "01000000" + "64000000000000000000000000000000" + "78",
                hex(encode(DataType.list(ITEM, false), List.of(OrderedMaps.of("k", 1, "v", "x", "amount",
                        BigDecimal.ONE.setScale(2))))));
    }

    /**
     * Values of 3.0 to 5.x (Spark's layout, §6's examples of it) pass the old check and are
     * copied into 6.0's layout entry for entry, a key twice included.
     */
    @Test
    void olderValuesAreCheckedAndCopiedEntryForEntry() {
        byte[] list = HexFormat.of().parseHex("0200000000000000" + "0200000000000000" + "0700000000000000");
        assertNull(LegacyNested.problem(list, io.albis.internal.DirectMemory.BYTE_ARRAY_OFFSET, list.length,
                NestedShape.of(INT_LIST)));
        assertEquals("08" + "02" + "07000000" + "00000000", hex(NestedValueEncoder.fromLegacy(list,
                io.albis.internal.DirectMemory.BYTE_ARRAY_OFFSET, list.length, INT_LIST)));
        ByteBuffer map = ByteBuffer.allocate(88).order(ByteOrder.LITTLE_ENDIAN);
        map.putLong(48).putLong(2).putLong(0).putLong(32L << 32 | 1).putLong(40L << 32 | 1).putLong('a').putLong('a');
        map.putLong(2).putLong(0).putLong(1).putLong(2);
        byte[] twice = map.array();
        assertNull(LegacyNested.problem(twice, io.albis.internal.DirectMemory.BYTE_ARRAY_OFFSET, twice.length,
                NestedShape.of(STRING_LONG_MAP)));
        byte[] copied = NestedValueEncoder.fromLegacy(twice, io.albis.internal.DirectMemory.BYTE_ARRAY_OFFSET, twice.length,
                STRING_LONG_MAP);
        assertEquals("20" + "0102" + "6161" + "00" + "0100000000000000" + "0200000000000000", hex(copied));
        assertEquals(2, MapValue.of(copied, 0, copied.length, STRING_LONG_MAP).count());
        assertProblemOfOlder(withLong(twice, 0, 4), "claims keys of 4 bytes");
        assertProblemOfOlder(withLong(twice, 24, 500L << 32 | 1), "lies outside");
    }

    private static void assertProblemOfOlder(byte[] b, String expected) {
        String p = LegacyNested.problem(b, io.albis.internal.DirectMemory.BYTE_ARRAY_OFFSET, b.length,
                NestedShape.of(STRING_LONG_MAP));
        assertNotNull(p, expected);
        assertTrue(p.contains(expected), p);
    }

    private static byte[] withLong(byte[] b, int at, long v) {
        byte[] c = b.clone();
        ByteBuffer.wrap(c).order(ByteOrder.LITTLE_ENDIAN).putLong(at, v);
        return c;
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    @Test
    void viewsReadWhatWasEncoded() {
        List<Object> items = Arrays.asList(OrderedMaps.of("k", 1, "v", "x", "amount", new BigDecimal("-123456789012345678901234567.89")),
                null, OrderedMaps.of("k", 2, "v", null, "amount", new BigDecimal("0.01")));
        Map<Object, Object> deep = OrderedMaps.of("first", items, "none", null, "empty", List.of());
        byte[] bytes = encode(DEEP, deep);
        MapValue m = MapValue.of(bytes, 0, bytes.length, DEEP);
        assertEquals(3, m.count());
        assertEquals("first", m.keys().getString(0));
        ArrayValue first = m.values().getList(0);
        assertEquals(3, first.count());
        assertTrue(first.isNull(1));
        StructValue s = first.getStruct(0);
        assertEquals(1, s.getInt(0));
        assertEquals("x", s.getString(1));
        assertEquals(new BigDecimal("-123456789012345678901234567.89"), s.getDecimal(2));
        assertTrue(first.getStruct(2).isNull(1));
        assertNull(m.values().getList(1));
        assertEquals(0, m.values().getList(2).count());
        RowAssertions.assertSameValue(deep, m.toJava(), "toJava");
        assertThrows(IllegalArgumentException.class, () -> first.getInt(0), "a struct element read as an int");
        assertThrows(IndexOutOfBoundsException.class, () -> first.isNull(3));
        assertThrows(IllegalArgumentException.class, () -> m.values().getMap(0), "a list read as a map");
        assertThrows(IllegalArgumentException.class, () -> m.keys().getList(0), "a string read as a list");
        assertNull(first.getStruct(2).getBytes(1), "a null string's pointer is never followed");
        assertArrayEquals(bytes, m.toByteArray());
    }

    @Test
    void encoderRefusesValuesTheTypeDoesNotAllow() {
        DataType notNullInts = DataType.list(DataType.INT, false);
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class,
                () -> encode(notNullInts, Arrays.asList(1, null)));
        assertTrue(e.getMessage().contains("an element of value is null"), e.getMessage());
        e = assertThrows(SchemaMismatchException.class, () -> encode(INT_LIST, List.of("one")));
        assertTrue(e.getMessage().contains("an element of value is int and cannot take String"), e.getMessage());
        e = assertThrows(SchemaMismatchException.class, () -> encode(STRING_LONG_MAP, OrderedMaps.of(null, 1L)));
        assertTrue(e.getMessage().contains("a key of value is null"), e.getMessage());
        e = assertThrows(SchemaMismatchException.class, () -> encode(DataType.list(ITEM, true), List.of(OrderedMaps.of("k", 1,
                "nope", 2))));
        assertTrue(e.getMessage().contains("has no field 'nope'"), e.getMessage());
        e = assertThrows(SchemaMismatchException.class, () -> encode(DataType.list(ITEM, true), List.of(OrderedMaps.of("v", "x"))));
        assertTrue(e.getMessage().contains("field 'k' of an element of value is null but not nullable"), e.getMessage());
        assertThrows(SchemaMismatchException.class, () -> encode(DataType.list(DataType.decimal(4, 2), true),
                List.of(new BigDecimal("123.45"))));
    }

    @Test
    void checkFindsEveryKindOfDamage() {
        DataType strings = DataType.list(DataType.STRING, false);
        byte[] list = encode(strings, List.of("ab", "cde")); // 08, ends 02 05, "abcde"
        assertEquals("0802056162636465", hex(list));
        assertNull(NestedCheck.problem(list, io.albis.internal.DirectMemory.BYTE_ARRAY_OFFSET, list.length, strings));
        assertProblem(withByte(list, 0, 0x7C), strings, "claims 31 elements in 7 bytes");
        assertProblem(withByte(list, 0, 0x0B), strings, "unknown width code 3");
        assertProblem(HexFormat.of().parseHex("880002056162636465"), strings, "no readable header");
        assertProblem(HexFormat.of().parseHex("88"), strings, "no readable header");
        assertProblem(withByte(list, 2, 9), strings, "element 1 ends at 9, outside 2..5");
        assertProblem(withByte(list, 1, 6), strings, "element 0 ends at 6, outside 0..5");
        assertProblem(Arrays.copyOf(list, 4), strings, "element 0 ends at 2, outside 0..1");
        assertProblem(Arrays.copyOf(list, 10), strings, "list of 10 bytes ends after 8 of them");
        byte[] ints = encode(INT_LIST, Arrays.asList(7, null));
        assertProblem(withByte(ints, 1, 6), INT_LIST, "has a null bit set past its last value");
        assertProblem(withByte(ints, 0, 9), INT_LIST, "of fixed width have an end width code of 1");
        DataType nullableStrings = DataType.list(DataType.STRING, true);
        assertProblem(HexFormat.of().parseHex("0802" + "0102" + "6162"), nullableStrings, "element 1 is null but has 1 bytes");
        byte[] map = encode(STRING_LONG_MAP, OrderedMaps.of("a", 1L, "b", 2L));
        assertProblem(withByte(map, 0, 0x21), STRING_LONG_MAP, "map keys element 0 ends at 513");
        assertProblem(withByte(map, 0, 0x30), STRING_LONG_MAP, "map keys element 2 ends at 97");
        DataType items = DataType.list(ITEM, true);
        byte[] item = encode(items, List.of(OrderedMaps.of("k", 1, "v", "x", "amount", BigDecimal.ONE.setScale(2))));
        assertProblem(withByte(item, 3, 1), items, "list element 0 holds a struct field 'k' is null but may not be");
        DataType lists = DataType.list(DataType.list(DataType.INT, false), false);
        byte[] nested = encode(lists, List.of(List.of(1, 2))); // 04, end 09, then the inner list 08 01000000 02000000
        assertProblem(withByte(nested, 2, 0x0C), lists, "list element 0 holds a list: 3 elements of 4 bytes do not fit in 8");
    }

    private static byte[] withByte(byte[] b, int at, int v) {
        byte[] c = b.clone();
        c[at] = (byte) v;
        return c;
    }

    /** Random damage to random valid values: the check either passes or names a problem; it never throws. */
    @Test
    void checkSurvivesRandomDamage() {
        Random random = new Random(42);
        io.albis.testing.RandomTables tables = new io.albis.testing.RandomTables(7);
        for (int round = 0; round < 300; round++) {
            DataType t = tables.randomNestedType(0);
            byte[] good = encode(t, tables.randomValue(t, io.albis.testing.RandomTables.DataProfile.typical()));
            for (int flip = 0; flip < 20; flip++) {
                byte[] bad = good.clone();
                bad[random.nextInt(bad.length)] ^= (byte) (1 << random.nextInt(8));
                String p = NestedCheck.problem(bad, io.albis.internal.DirectMemory.BYTE_ARRAY_OFFSET, bad.length, t);
                if (p == null) {
                    // Passed: every read lies inside the value, so reading it whole works.
                    MapOrList.read(bad, t);
                }
            }
        }
    }

    private static final class MapOrList {
        static Object read(byte[] b, DataType t) {
            return t.id() == io.albis.schema.TypeId.LIST ? ArrayValue.of(b, 0, b.length, t).toJava()
                    : MapValue.of(b, 0, b.length, t).toJava();
        }
    }

    private static void assertProblem(byte[] b, DataType t, String expected) {
        String p = NestedCheck.problem(b, io.albis.internal.DirectMemory.BYTE_ARRAY_OFFSET, b.length, t);
        assertNotNull(p, "a problem containing '" + expected + "'");
        assertTrue(p.contains(expected), p);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MapOrList.read(b, t));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void schemaCodecKeepsEveryNestedType() throws IOException {
        Schema schema = Schema.builder().column("id", DataType.INT, false).column("deep", DEEP)
                .column("lists", DataType.list(DataType.list(DataType.map(DataType.DATE, DataType.BINARY, false), false), true))
                .column("ntz", DataType.TIMESTAMP_NTZ).build();
        Schema back = SchemaCodec.decode(SchemaCodec.encode(schema), "s");
        assertEquals(schema.columns(), back.columns());
        byte[] bytes = SchemaCodec.encode(schema);
        // A nullable map key (flags byte of the key's nested type set to 1) is damage.
        int at = indexOfMapKey(bytes);
        bytes[at + 1] = 1;
        CorruptFileException e = assertThrows(CorruptFileException.class,
                () -> SchemaCodec.decode(io.albis.testing.TableFiles.reseal(bytes), "s"));
        assertTrue(e.getMessage().contains("map whose keys may be null"), e.getMessage());
    }

    /** A type deeper than a reader accepts is refused when the schema is built, not when the table is opened. */
    @Test
    void typesNestedDeeperThanReadersAcceptAreRefusedUpFront() throws IOException {
        DataType t = DataType.INT;
        for (int level = 1; level < io.albis.schema.NestedTypeCodec.MAX_NESTING; level++) {
            t = DataType.list(t, true);
        }
        Schema deepest = Schema.builder().column("ok", t).build();
        assertEquals(deepest.columns(), SchemaCodec.decode(SchemaCodec.encode(deepest), "s").columns());
        DataType tooDeep = DataType.list(t, true);
        io.albis.error.InvalidOptionException e = assertThrows(io.albis.error.InvalidOptionException.class,
                () -> Schema.builder().column("deep", tooDeep).build());
        assertTrue(e.getMessage().contains("column deep nests 65 levels deep"), e.getMessage());
    }

    /** The offset of the key type of column "deep": right after its path. */
    private static int indexOfMapKey(byte[] schema) {
        byte[] name = "deep".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (int i = 0; i < schema.length - name.length; i++) {
            if (Arrays.equals(schema, i, i + name.length, name, 0, name.length)) {
                return i + name.length;
            }
        }
        throw new AssertionError("no column 'deep'");
    }

    private Path writeTable(int rows) throws IOException {
        Path table = dir.resolve("t");
        Schema schema = Schema.builder().column("id", DataType.INT, false).column("tags", INT_LIST)
                .column("attrs", STRING_LONG_MAP).column("deep", DEEP).column("ntz", DataType.TIMESTAMP_NTZ)
                .groups(Map.of("lists", List.of("tags"))).build();
        try (AlbisWriter w = AlbisWriter.create(io.albis.storage.LocalStorage.INSTANCE, table.toString(), schema,
                WriterOptions.defaults().withSegmentSize(4096).withRowGroupRows(500))) {
            for (int r = 0; r < rows; r++) {
                w.setInt(0, r);
                if (r % 3 != 0) {
                    w.setList(1, r % 7 == 0 ? List.of() : Arrays.asList(r, null, -r));
                }
                w.setMap(2, OrderedMaps.of("r", (long) r));
                if (r % 2 == 0) {
                    w.setValue(3, OrderedMaps.of("k", List.of(OrderedMaps.of("k", r, "v", "v" + r, "amount", BigDecimal.valueOf(r, 2)))));
                }
                w.setValue(4, LocalDateTime.of(2024, 1, 1, 0, 0).plusSeconds(r));
                w.nextRow();
            }
        }
        return table;
    }

    @Test
    void writerReaderBatchesAndFilters() throws IOException {
        int rows = 2000;
        Path table = writeTable(rows);
        AlbisTable t = AlbisTable.open(table.toString());
        try (AlbisReader r = t.newReader()) {
            int row = 0;
            while (r.advance()) {
                assertEquals(row, r.getInt(0));
                if (row % 3 == 0) {
                    assertTrue(r.isNull(1));
                    assertNull(r.getList(1));
                } else if (row % 7 == 0) {
                    assertEquals(0, r.getList(1).count());
                } else {
                    ArrayValue tags = r.getList(1);
                    assertEquals(3, tags.count());
                    assertEquals(row, tags.getInt(0));
                    assertTrue(tags.isNull(1));
                    assertEquals(-row, tags.getInt(2));
                }
                assertEquals((long) row, r.getMap(2).values().getLong(0));
                assertEquals(LocalDateTime.of(2024, 1, 1, 0, 0).plusSeconds(row), r.getValue(4));
                if (row % 2 == 0) {
                    assertEquals("v" + row, r.getMap(3).values().getList(0).getStruct(0).getString(1));
                }
                row++;
            }
            assertEquals(rows, row);
        }
        // Projection of a list column reads its group only; the batch API hands out views of its copy.
        try (RunReader r = t.newRunReader(ReadOptions.all().withColumns("tags"))) {
            assertEquals(1, r.readGroups().length);
            ColumnBatch batch = ColumnBatch.forReader(r, 256);
            int seen = 0;
            while (r.nextBatch(batch) > 0) {
                for (int i = 0; i < batch.size(); i++, seen++) {
                    if (seen % 3 != 0 && seen % 7 != 0) {
                        assertEquals(seen, batch.column(0).getList(i).getInt(0));
                    } else if (seen % 3 == 0) {
                        assertNull(batch.column(0).getList(i));
                    }
                }
            }
            assertEquals(rows, seen);
        }
        // IS NULL / IS NOT NULL on a list or map; comparisons are refused by name.
        try (AlbisReader r = t.newReader(ReadOptions.all().withFilter(Predicates.isNull("tags")))) {
            long n = 0;
            while (r.advance()) {
                n++;
            }
            assertEquals(Stream.iterate(0, i -> i + 1).limit(rows).filter(i -> i % 3 == 0).count(), n);
        }
        try (AlbisReader r = t.newReader(ReadOptions.all().withFilter(Predicates.isNotNull("deep")))) {
            long n = 0;
            while (r.advance()) {
                n++;
            }
            assertEquals(rows / 2, n);
        }
        SchemaMismatchException e = assertThrows(SchemaMismatchException.class,
                () -> t.newReader(ReadOptions.all().withFilter(Predicates.eq("tags", 1))));
        assertTrue(e.getMessage().contains("only IS NULL and IS NOT NULL apply"), e.getMessage());
        assertEquals(List.of(), io.albis.table.TableVerifier.verify(t));
    }

    /** A run reader that left flat lists and maps to its caller hands out no batches, which would read them unchecked. */
    @Test
    void batchesAreRefusedAfterTheChecksWereDeferred() throws IOException {
        AlbisTable t = AlbisTable.open(writeTable(10).toString());
        try (RunReader r = t.newRunReader(ReadOptions.all())) {
            r.deferFlatNestedChecks();
            ColumnBatch batch = ColumnBatch.forReader(r, 16);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> r.nextBatch(batch));
            assertTrue(e.getMessage().contains("deferFlatNestedChecks"), e.getMessage());
        }
    }

    /** A damaged count inside a stored list (checksums off, so the row codec meets it) names the file and column. */
    @Test
    void damagedListInADataFileIsCorruptNamingTheColumn() throws IOException {
        Path table = writeTable(10);
        AlbisTable t = AlbisTable.open(table.toString());
        Path data = Path.of(t.dataPath(t.rowGroups().get(0), t.schema().groups().get(0)));
        byte[] b = Files.readAllBytes(data);
        // Row 1 of group "lists" (id is elsewhere): size 4, bitmap 1, slot 8, then the list's header.
        int row0 = 4096;
        int row1 = row0 + ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt(row0);
        int header = row1 + 4 + 1 + 8;
        b[header] = 0x7C; // 31 elements in a list of 3
        Files.write(data, b);
        CorruptFileException e = assertThrows(CorruptFileException.class, () -> {
            try (AlbisReader r = t.newReader(ReadOptions.all().withVerifyChecksums(false))) {
                while (r.advance()) {
                    r.getValue(1);
                }
            }
        });
        assertEquals(data.toString(), e.file());
        assertTrue(e.getMessage().contains("column tags, row 1") && e.getMessage().contains("claims"), e.getMessage());
        // The checksum scan checks flat lists itself, in the walk that sums them: the same damage
        // is found there, at the list's first byte.
        CorruptFileException scanned = assertThrows(CorruptFileException.class,
                () -> ChecksumScan.scan(t, ReadOptions.all().withVerifyChecksums(false), 1));
        assertEquals(data.toString(), scanned.file());
        assertEquals(header, scanned.offset());
        assertTrue(scanned.getMessage().contains("column tags") && scanned.getMessage().contains("claims"),
                scanned.getMessage());
        // Row 1's list is [1, null, -1]: 2 elements leave 4 bytes over; a null bit past the third is set.
        b[header] = 2 << 2;
        Files.write(data, b);
        assertTrue(assertThrows(CorruptFileException.class,
                () -> ChecksumScan.scan(t, ReadOptions.all().withVerifyChecksums(false), 1)).getMessage()
                .contains("ends after"));
        b[header] = 3 << 2;
        b[header + 1] |= 0x10;
        Files.write(data, b);
        assertTrue(assertThrows(CorruptFileException.class,
                () -> ChecksumScan.scan(t, ReadOptions.all().withVerifyChecksums(false), 1)).getMessage()
                .contains("null bit set past its last value"));
        // With checksums on (the default) the segment's checksum catches it first.
        assertThrows(CorruptFileException.class, () -> {
            try (AlbisReader r = t.newReader()) {
                while (r.advance()) {
                    r.getValue(1);
                }
            }
        });
    }
}
