package io.albis.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.albis.filter.Predicate;
import io.albis.filter.Predicates;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.testing.RandomTables;
import io.albis.testing.RowWriting;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checksum of lists and maps (ValueChecksum's rules): {@link ChecksumScan}, which sums them in
 * place by address, and {@link NestedChecksum}, which sums them through the reader's views, both
 * give what the rules give computed from the Java values written, on random nested types (lists
 * and maps of every leaf type, structs, lists and maps inside, nulls at every level) in random
 * column-group layouts, with projection and filters.
 */
class NestedChecksumTest {
    @TempDir
    Path dir;

    /** FORMAT.md's examples: {@code [7, null]} and {@code {"a": 1}}, summed by hand. */
    @Test
    void theFormatExamplesSumAsTheRulesSay() throws IOException {
        Schema schema = Schema.builder()
                .column("l", DataType.list(DataType.INT, true))
                .column("m", DataType.map(DataType.STRING, DataType.LONG, true))
                .build();
        String t = dir.resolve("examples").toString();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema, WriterOptions.defaults())) {
            List<Integer> list = new ArrayList<>();
            list.add(7);
            list.add(null);
            w.setList(0, list);
            w.setMap(1, Map.of("a", 1L));
            w.nextRow();
        }
        // list: count 2 + 7, one null; map: count 1 + key (length 1 + byte 0x61) + value 1.
        long sum = (2 + 7) + (1 + (1 + 0x61) + 1);
        ScanResult r = ChecksumScan.scan(AlbisTable.open(t), ReadOptions.all(), 1);
        assertEquals(1, r.rows());
        assertEquals(1, r.nulls());
        assertEquals(4 + 1 + 8, r.logicalBytes());
        assertEquals(sum + ValueChecksum.NULL_WEIGHT, r.checksum());
        assertEquals(new Totals(1, 1, 13, sum + ValueChecksum.NULL_WEIGHT),
                throughViews(AlbisTable.open(t), ReadOptions.all()));
    }

    /**
     * A string that ends its value (strings are packed, so the last one ends where the value does,
     * given here as its stored bytes): the scan reads its last word byte by byte there, not past
     * the value, and sums it as it sums the same string anywhere else.
     */
    @Test
    void aStringEndingItsValueSumsAsAnyOther() throws IOException {
        DataType type = DataType.list(DataType.STRING, true);
        Schema schema = Schema.builder().column("l", type).build();
        String t = dir.resolve("unpadded").toString();
        byte[] text = "abcdefghij".getBytes(StandardCharsets.US_ASCII);
        // header 1·4, null bits 0, end 10, the text
        java.nio.ByteBuffer value = java.nio.ByteBuffer.allocate(3 + text.length).put((byte) 4).put((byte) 0)
                .put((byte) text.length).put(text);
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema, WriterOptions.defaults())) {
            w.setNestedBytes(0, value.array(), 0, value.capacity());
            w.nextRow();
            w.setList(0, List.of("abcdefghij"));
            w.nextRow();
        }
        Rules rules = new Rules();
        rules.value(List.of("abcdefghij"), type);
        long sum = 2 * rules.sum;
        ScanResult r = ChecksumScan.scan(AlbisTable.open(t), ReadOptions.all(), 1);
        assertEquals(new Totals(2, 0, 20, sum), new Totals(r.rows(), r.nulls(), r.logicalBytes(), r.checksum()));
        assertEquals(new Totals(2, 0, 20, sum), throughViews(AlbisTable.open(t), ReadOptions.all()));
    }

    /**
     * Lists of ints and longs and maps of every length from 0 to 40, with and without null
     * elements, in segments of every fill: the scan sums short lists from masked whole words
     * (up to 8 ints or 8 longs), longer ones in loops, and lists of more than 31 elements (maps of
     * more than 7 entries) behind longer headers; every way gives what the rules give.
     */
    @Test
    void listsAndMapsOfEveryShortLengthSumAsTheRulesSay() throws IOException {
        DataType ints = DataType.list(DataType.INT, true);
        DataType longs = DataType.list(DataType.LONG, true);
        DataType map = DataType.map(DataType.STRING, DataType.LONG, true);
        Schema schema = Schema.builder().column("ints", ints).column("longs", longs).column("map", map).build();
        String t = dir.resolve("lengths").toString();
        Random rnd = new Random(7);
        Rules rules = new Rules();
        int rows = 0;
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema,
                WriterOptions.defaults().withSegmentSize(1000))) {
            for (int round = 0; round < 3; round++) {
                for (int n = 0; n <= 40; n++) {
                    List<Integer> is = new ArrayList<>();
                    List<Long> ls = new ArrayList<>();
                    Map<String, Long> m = new java.util.LinkedHashMap<>();
                    for (int i = 0; i < n; i++) {
                        boolean withNull = round > 0 && rnd.nextInt(4) == 0;
                        is.add(withNull ? null : rnd.nextInt());
                        ls.add(withNull ? null : rnd.nextLong());
                        m.put("k" + i + "-".repeat(rnd.nextInt(20)), withNull ? null : rnd.nextLong());
                    }
                    w.setList(0, is);
                    w.setList(1, ls);
                    w.setMap(2, m);
                    w.nextRow();
                    rows++;
                    rules.value(is, ints);
                    rules.value(ls, longs);
                    rules.value(m, map);
                }
            }
        }
        Totals expected = new Totals(rows, rules.nulls, rules.bytes, rules.sum + rules.nulls * ValueChecksum.NULL_WEIGHT);
        ScanResult r = ChecksumScan.scan(AlbisTable.open(t), ReadOptions.all(), 1);
        assertEquals(expected, new Totals(r.rows(), r.nulls(), r.logicalBytes(), r.checksum()));
        assertEquals(expected, throughViews(AlbisTable.open(t), ReadOptions.all()));
    }

    /**
     * Columns of short int lists and maps of short strings to longs, as experiment 9's: 0 to 8
     * ints and 0 to 7 entries with keys of 0 to 16 bytes, null lists and maps, null ints and null
     * values (and a list whose ints may not be null), which the scan sums without a branch per row
     * where a whole run qualifies; now and then a longer list, a bigger map or a longer key sends its
     * run down the row-by-row walk. Many segment sizes, so runs end anywhere near the end of the
     * segment buffer, whose last rows the branch-free loops leave to the row-by-row walk.
     */
    @Test
    void shortListsAndMapsSumAsTheRulesSay() throws IOException {
        DataType nullableInts = DataType.list(DataType.INT, true);
        DataType ints = DataType.list(DataType.INT, false);
        DataType counts = DataType.map(DataType.STRING, DataType.LONG, true);
        DataType[] types = {nullableInts, ints, counts};
        for (int trial = 0; trial < 16; trial++) {
            Random rnd = new Random(trial);
            Schema.Builder b = Schema.builder().column("a", nullableInts).column("b", ints).column("m", counts)
                    .column("k", DataType.INT);
            Schema schema = (trial % 2 == 0 ? b.columnPerGroup() : b).build(); // a group each, or all in one
            String t = dir.resolve("short" + trial).toString();
            int rows = 1 + rnd.nextInt(3000);
            boolean outliers = trial % 3 == 0;
            Rules rules = new Rules();
            Rules kept = new Rules(); // of the rows whose k is not 0: every third row left out
            int keptRows = 0;
            int segment = rnd.nextBoolean() ? 100 + rnd.nextInt(3900) : 4096 * (1 + rnd.nextInt(3));
            try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema,
                    WriterOptions.defaults().withSegmentSize(segment))) {
                for (int r = 0; r < rows; r++) {
                    for (int c = 0; c < 3; c++) {
                        if (rnd.nextInt(10) == 0) {
                            rules.value(null, types[c]);
                            if (r % 3 != 0) {
                                kept.value(null, types[c]);
                            }
                            continue; // a null list or map
                        }
                        boolean outlier = outliers && rnd.nextInt(200) == 0;
                        if (c < 2) {
                            int n = outlier ? 9 + rnd.nextInt(30) : rnd.nextInt(9);
                            List<Integer> is = new ArrayList<>();
                            for (int i = 0; i < n; i++) {
                                is.add(c == 0 && rnd.nextInt(5) == 0 ? null : rnd.nextInt());
                            }
                            w.setList(c, is);
                            rules.value(is, types[c]);
                            if (r % 3 != 0) {
                                kept.value(is, types[c]);
                            }
                        } else {
                            int n = outlier && rnd.nextBoolean() ? 8 + rnd.nextInt(10) : rnd.nextInt(8);
                            Map<String, Long> m = new java.util.LinkedHashMap<>();
                            for (int i = 0; i < n; i++) {
                                int length = outlier ? 17 + rnd.nextInt(20) : rnd.nextInt(17 - 2);
                                m.put((char) ('a' + i) + "x".repeat(length) + (char) ('a' + rnd.nextInt(26)),
                                        rnd.nextInt(5) == 0 ? null : rnd.nextLong());
                            }
                            w.setMap(c, m);
                            rules.value(m, types[c]);
                            if (r % 3 != 0) {
                                kept.value(m, types[c]);
                            }
                        }
                    }
                    w.setInt(3, r % 3);
                    rules.value(r % 3, DataType.INT);
                    if (r % 3 != 0) {
                        kept.value(r % 3, DataType.INT);
                        keptRows++;
                    }
                    w.nextRow();
                }
            }
            Totals expected = new Totals(rows, rules.nulls, rules.bytes,
                    rules.sum + rules.nulls * ValueChecksum.NULL_WEIGHT);
            ScanResult r = ChecksumScan.scan(AlbisTable.open(t), ReadOptions.all(), 1);
            assertEquals(expected, new Totals(r.rows(), r.nulls(), r.logicalBytes(), r.checksum()), "trial " + trial);
            // Filtered: the kept rows of a run come as offsets, the last rows of each segment among them.
            Totals filtered = new Totals(keptRows, kept.nulls, kept.bytes, kept.sum + kept.nulls * ValueChecksum.NULL_WEIGHT);
            ScanResult f = ChecksumScan.scan(AlbisTable.open(t),
                    ReadOptions.all().withFilter(Predicates.not(Predicates.eq("k", 0))), 1);
            assertEquals(filtered, new Totals(f.rows(), f.nulls(), f.logicalBytes(), f.checksum()), "filtered, trial " + trial);
        }
    }

    /**
     * Damage inside a short map (checksums off, so the scan's own check meets it) is reported,
     * naming the column, whether the run it lies in would be summed without a branch per row or
     * not: a null bit past the last value, and a key end past the keys.
     */
    @Test
    void damageInAShortMapIsReportedByTheScan() throws IOException {
        Schema schema = Schema.builder().column("m", DataType.map(DataType.STRING, DataType.LONG, true)).build();
        String t = dir.resolve("damaged").toString();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema, WriterOptions.defaults())) {
            for (int r = 0; r < 50; r++) {
                w.setMap(0, Map.of("ab", (long) r));
                w.nextRow();
            }
        }
        AlbisTable table = AlbisTable.open(t);
        Path data = Path.of(table.dataPath(table.rowGroups().get(0), table.schema().groups().get(0)));
        byte[] clean = java.nio.file.Files.readAllBytes(data);
        // Row 1 (rows of 26 bytes from 4096: size 4, bitmap 1, slot 8, then 13 bytes of map): header
        // 0x10, the key's end 2, "ab", the values' null bits, the value.
        int header = 4096 + 26 + 13;
        assertEquals(0x10, clean[header]);
        byte[] b = clean.clone();
        b[header + 4] = 0x02; // a null bit for a second value the map does not have
        java.nio.file.Files.write(data, b);
        assertDamage(table, data, "null bit set past its last value");
        b = clean.clone();
        b[header + 1] = 0x0C; // the key runs past the map's bytes
        java.nio.file.Files.write(data, b);
        assertDamage(table, data, "column m");
    }

    /**
     * The same for a short list of ints, in a run the scan would sum without a branch per row (a
     * stray null bit, a count that leaves bytes over), and a null list whose slot has no bytes but
     * an offset far outside the segment (the row codec checks offsets only of values with bytes):
     * summed as the null it is, reading nothing there.
     */
    @Test
    void damageInAShortIntListIsReportedAndAFarOffsetOfANullIsNotRead() throws IOException {
        Schema schema = Schema.builder().column("m", DataType.list(DataType.INT, true)).build();
        String t = dir.resolve("damaged-list").toString();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema, WriterOptions.defaults())) {
            for (int r = 0; r < 50; r++) {
                if (r != 2) {
                    w.setList(0, java.util.Arrays.asList(r, null, -r));
                }
                w.nextRow();
            }
        }
        AlbisTable table = AlbisTable.open(t);
        ReadOptions unverified = ReadOptions.all().withVerifyChecksums(false);
        long clean = ChecksumScan.scan(table, unverified, 1).checksum();
        Path data = Path.of(table.dataPath(table.rowGroups().get(0), table.schema().groups().get(0)));
        byte[] original = java.nio.file.Files.readAllBytes(data);
        // Rows of 27 bytes from 4096 (size 4, bitmap 1, slot 8, then header 0x0C, null bits 0x02 and
        // three ints), row 2 a null of 13; row 1's list at 4096 + 27 + 13.
        int header = 4096 + 27 + 13;
        assertEquals(0x0C, original[header]);
        byte[] b = original.clone();
        b[header + 1] = 0x0A; // a null bit for a fourth int
        java.nio.file.Files.write(data, b);
        assertDamage(table, data, "null bit set past its last value");
        b = original.clone();
        b[header] = 2 << 2; // two ints in the bytes of three
        java.nio.file.Files.write(data, b);
        assertDamage(table, data, "ends after");
        b = original.clone();
        int nullSlot = 4096 + 2 * 27 + 4 + 1; // row 2: slot value 0, the null bit set
        assertEquals(1, b[nullSlot - 1] & 1);
        b[nullSlot + 7] = (byte) 0x80; // offset 0x80000000, size still 0
        java.nio.file.Files.write(data, b);
        assertEquals(clean, ChecksumScan.scan(table, unverified, 1).checksum());
    }

    private static void assertDamage(AlbisTable table, Path data, String says) {
        io.albis.error.CorruptFileException e = org.junit.jupiter.api.Assertions.assertThrows(
                io.albis.error.CorruptFileException.class,
                () -> ChecksumScan.scan(table, ReadOptions.all().withVerifyChecksums(false), 1));
        assertEquals(data.toString(), e.file());
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains(says) && e.getMessage().contains("column m"),
                e.getMessage());
    }

    @Test
    void scanAndViewsAgreeWithTheRulesOnRandomNestedTables() throws IOException {
        for (long seed = 0; seed < 60; seed++) {
            RandomTables gen = new RandomTables(seed);
            Random rnd = gen.random();
            List<Field> fields = new ArrayList<>();
            fields.add(Field.of("i", DataType.INT));
            for (int k = 0, n = 1 + rnd.nextInt(3); k < n; k++) {
                fields.add(new Field("n" + k, gen.randomNestedType(0), rnd.nextBoolean()));
            }
            if (rnd.nextBoolean()) {
                fields.add(Field.of("s", DataType.STRING));
            }
            RandomTables.Grouping grouping = RandomTables.Grouping.values()[rnd.nextInt(3)];
            Schema schema = gen.schema(fields, grouping);
            List<Object[]> rows = gen.randomRows(schema, rnd.nextInt(300), RandomTables.DataProfile.typical());
            String t = dir.resolve("t" + seed).toString();
            try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema,
                    WriterOptions.defaults().withSegmentSize(rnd.nextBoolean() ? 256 + rnd.nextInt(3800) : 64 << 10).withRowGroupRows(1 + rnd.nextInt(200)))) {
                for (Object[] row : rows) {
                    for (int c = 0; c < row.length; c++) {
                        w.setValue(c, row[c]);
                    }
                    w.nextRow();
                }
            }
            AlbisTable table = AlbisTable.open(t);

            List<Integer> projected = new ArrayList<>();
            for (int c = 0; c < fields.size(); c++) {
                if (rnd.nextInt(3) > 0) {
                    projected.add(c);
                }
            }
            if (projected.isEmpty()) {
                projected.add(fields.size() - 1);
            }
            int filter = rnd.nextInt(3);
            int limit = rnd.nextInt(200) - 100;
            Predicate predicate = switch (filter) {
                case 1 -> Predicates.lt("i", limit);
                case 2 -> Predicates.isNotNull("n0");
                default -> null;
            };
            ReadOptions options = ReadOptions.all().withColumns(projected.stream().map(c -> fields.get(c).name()).toList())
                    .withFilter(predicate);
            String what = "seed " + seed + " " + schema.fields() + " " + grouping + " columns " + projected + " " + predicate;

            Totals expected = new Totals(0, 0, 0, 0);
            for (Object[] row : rows) {
                boolean keep = switch (filter) {
                    case 1 -> row[0] != null && (Integer) row[0] < limit;
                    case 2 -> row[1] != null;
                    default -> true;
                };
                if (keep) {
                    Rules rules = new Rules();
                    for (int c : projected) {
                        rules.value(row[c], fields.get(c).type());
                    }
                    expected = expected.plus(new Totals(1, rules.nulls, rules.bytes, rules.sum + rules.nulls * ValueChecksum.NULL_WEIGHT));
                }
            }
            ScanResult scan = ChecksumScan.scan(table, options, 1 + rnd.nextInt(3));
            assertEquals(expected, new Totals(scan.rows(), scan.nulls(), scan.logicalBytes(), scan.checksum()), "scan, " + what);
            assertEquals(expected, throughViews(table, options), "views, " + what);
        }
    }

    /**
     * The golden tables of every version with lists and maps hold the same rows: the scan (which
     * reads the lists and maps of 3.0 to 5.x in today's layout, copied) and the views each sum
     * every version alike, the compact layout of 6.0 and Spark's before it.
     */
    @Test
    void everyGoldenVersionWithListsSumsAlike() throws IOException {
        Path golden = Path.of(System.getProperty("basedir", ".")).resolve("src/test/resources/golden");
        List<Totals> scans = new ArrayList<>();
        List<Totals> views = new ArrayList<>();
        for (String v : List.of("3.0", "3.1", "4.0", "4.1", "5.0", "5.1", "5.2", "6.0", "6.1")) {
            AlbisTable t = AlbisTable.open(golden.resolve("v" + v).toString());
            ScanResult r = ChecksumScan.scan(t, ReadOptions.all(), 1);
            scans.add(new Totals(r.rows(), r.nulls(), r.logicalBytes(), r.checksum()));
            views.add(throughViews(t, ReadOptions.all()));
        }
        assertEquals(List.of(scans.get(0)), scans.stream().distinct().toList(), "the scan of every version");
        assertEquals(List.of(views.get(0)), views.stream().distinct().toList(), "the views of every version");
        // The batch API copies the lists and maps of 3.0 to 5.x in today's layout: the same values.
        List<List<Object>> batches = new ArrayList<>();
        for (String v : List.of("3.0", "5.1", "6.0")) {
            batches.add(listsAndMapsThroughBatches(AlbisTable.open(golden.resolve("v" + v).toString())));
        }
        assertEquals(List.of(batches.get(0)), batches.stream().distinct().toList(), "the batches of 3.0, 5.1 and 6.0");
        assertEquals(true, batches.get(0).stream().anyMatch(java.util.Objects::nonNull), "some lists and maps");
    }

    /** Every list and map of the table as Java values, read through the batch API. */
    private static List<Object> listsAndMapsThroughBatches(AlbisTable t) throws IOException {
        List<Object> out = new ArrayList<>();
        try (io.albis.read.RunReader r = t.newRunReader(ReadOptions.all())) {
            io.albis.read.ColumnBatch batch = io.albis.read.ColumnBatch.forReader(r, 4);
            while (r.nextBatch(batch) > 0) {
                for (int c = 0; c < t.schema().columnCount(); c++) {
                    DataType type = t.schema().column(c).type();
                    for (int i = 0; i < batch.size(); i++) {
                        if (type.id() == io.albis.schema.TypeId.LIST) {
                            io.albis.nested.ArrayValue a = batch.column(c).getList(i);
                            out.add(a == null ? null : a.toJava());
                        } else if (type.id() == io.albis.schema.TypeId.MAP) {
                            io.albis.nested.MapValue m = batch.column(c).getMap(i);
                            out.add(m == null ? null : m.toJava());
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The reader's row iterator: flat values by the rules, lists and maps through their views into a {@link NestedChecksum}. */
    private static Totals throughViews(AlbisTable table, ReadOptions options) throws IOException {
        NestedChecksum nested = new NestedChecksum();
        long rows = 0;
        long nulls = 0;
        long bytes = 0;
        long sum = 0;
        try (AlbisReader r = table.newReader(options)) {
            while (r.advance()) {
                rows++;
                for (int c = 0; c < r.columnCount(); c++) {
                    DataType t = r.column(c).type();
                    if (r.isNull(c)) {
                        nulls++;
                    } else if (t.id() == io.albis.schema.TypeId.LIST) {
                        nested.add(r.getList(c));
                    } else if (t.id() == io.albis.schema.TypeId.MAP) {
                        nested.add(r.getMap(c));
                    } else if (t.id() != io.albis.schema.TypeId.STRUCT) { // a struct's marker has no value, only its null bit

                        Rules rules = new Rules();
                        rules.value(r.getValue(c), t);
                        sum += rules.sum;
                        bytes += rules.bytes;
                    }
                }
            }
        }
        nulls += nested.nulls();
        return new Totals(rows, nulls, bytes + nested.logicalBytes(), sum + nested.sum() + nulls * ValueChecksum.NULL_WEIGHT);
    }

    private record Totals(long rows, long nulls, long logicalBytes, long checksum) {
        Totals plus(Totals o) {
            return new Totals(rows + o.rows, nulls + o.nulls, logicalBytes + o.logicalBytes, checksum + o.checksum);
        }
    }

    /** ValueChecksum's rules over Java values as the writer takes them (a struct inside a list or map is a Map by field name). */
    private static final class Rules {
        long sum;
        long nulls;
        long bytes;

        void value(Object v, DataType t) {
            if (v == null) {
                nulls++;
                return;
            }
            switch (t.id()) {
                case BOOLEAN -> add((Boolean) v ? 1 : 0, 1);
                case BYTE -> add((Byte) v, 1);
                case SHORT -> add((Short) v, 2);
                case INT -> add((Integer) v, 4);
                case DATE -> add(((LocalDate) v).toEpochDay(), 4);
                case LONG -> add((Long) v, 8);
                case FLOAT -> add(Float.floatToRawIntBits((Float) v), 4);
                case DOUBLE -> add(Double.doubleToRawLongBits((Double) v), 8);
                case TIMESTAMP -> add(RowWriting.micros((Instant) v), 8);
                case TIMESTAMP_NTZ -> add(RowWriting.micros(((LocalDateTime) v).toInstant(ZoneOffset.UTC)), 8);
                case DECIMAL -> {
                    BigInteger u = ((BigDecimal) v).setScale(t.scale()).unscaledValue();
                    add(t.isWideDecimal() ? u.longValue() + u.shiftRight(64).longValue() : u.longValueExact(), t.fixedWidth());
                }
                case STRING -> bytes(((String) v).getBytes(StandardCharsets.UTF_8));
                case BINARY -> bytes((byte[]) v);
                case LIST -> {
                    List<?> list = (List<?>) v;
                    sum += list.size();
                    for (Object e : list) {
                        value(e, t.elementField().type());
                    }
                }
                case MAP -> {
                    Map<?, ?> map = (Map<?, ?>) v;
                    sum += map.size();
                    for (Map.Entry<?, ?> e : map.entrySet()) {
                        value(e.getKey(), t.keyField().type());
                        value(e.getValue(), t.valueField().type());
                    }
                }
                case STRUCT -> {
                    Map<?, ?> struct = (Map<?, ?>) v;
                    for (Field f : t.fields()) {
                        value(struct.get(f.name()), f.type());
                    }
                }
            }
        }

        private void add(long word, int logical) {
            sum += word;
            bytes += logical;
        }

        private void bytes(byte[] b) {
            sum += b.length;
            for (int i = 0; i < b.length; i += 8) {
                long w = 0;
                for (int k = 0; k < 8 && i + k < b.length; k++) {
                    w |= (b[i + k] & 0xffL) << (8 * k);
                }
                sum += w;
            }
            bytes += b.length;
        }
    }
}
