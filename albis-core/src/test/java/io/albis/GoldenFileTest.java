package io.albis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.albis.read.AlbisReader;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pins the on-disk format: a small fixed table is written and every file is compared byte for byte
 * with the files committed under {@code src/test/resources/golden/} (same directory tree). A change
 * here is a format change: it must be deliberate and documented in docs/FORMAT.md.
 *
 * <p>To regenerate the golden files after a deliberate format change, run
 * <pre>
 *   mvn -o -q -B -pl albis-core test -Dtest=GoldenFileTest -Dalbis.golden.update=true
 * </pre>
 * and commit the changed files with the explanation.
 *
 * <p>The second half decodes bytes by hand from the format rules (docs/FORMAT.md), so the test
 * doubles as an executable example of the layout.
 */
class GoldenFileTest {
    private static final boolean UPDATE = Boolean.getBoolean("albis.golden.update");
    private static final int SEGMENT = 160;

    @TempDir
    Path dir;

    private Path table;

    private static Path goldenDir() {
        return Path.of(System.getProperty("basedir", ".")).resolve("src/test/resources/golden");
    }

    /**
     * Columns (index: name type): 0 id int not null, 1 flag boolean, 2 b byte, 3 sh short, 4 l long,
     * 5 f float, 6 d double, 7 dec decimal(9,2), 8 wide decimal(38,4), 9 day date, 10 ts timestamp,
     * 11 name string, 12 blob binary, 13 point (marker of the nullable struct), 14 point.x int not
     * null, 15 point.label string. Group 0 "fixed" holds columns 0..10, group 1 "rest" 11..15.
     * Six rows; row groups of 4 rows; 160-byte segments.
     */
    @BeforeEach
    void writeFixedTable() throws IOException {
        table = dir.resolve("golden");
        Map<String, List<String>> groups = new LinkedHashMap<>();
        groups.put("fixed", List.of("id", "flag", "b", "sh", "l", "f", "d", "dec", "wide", "day", "ts"));
        Schema schema = Schema.builder()
                .column("id", DataType.INT, false).column("flag", DataType.BOOLEAN).column("b", DataType.BYTE)
                .column("sh", DataType.SHORT).column("l", DataType.LONG).column("f", DataType.FLOAT)
                .column("d", DataType.DOUBLE).column("dec", DataType.decimal(9, 2))
                .column("wide", DataType.decimal(38, 4)).column("day", DataType.DATE)
                .column("ts", DataType.TIMESTAMP).column("name", DataType.STRING).column("blob", DataType.BINARY)
                .field(new Field("point", DataType.struct(Field.required("x", DataType.INT),
                        Field.of("label", DataType.STRING)), true))
                .groups(groups).build();
        WriterOptions options = WriterOptions.defaults().withSegmentSize(SEGMENT).withRowGroupRows(4);
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, table.toString(), schema, options)) {
            // row 0
            w.setInt(0, 0);
            w.setBoolean(1, true);
            w.setByte(2, Byte.MIN_VALUE);
            w.setShort(3, Short.MAX_VALUE);
            w.setLong(4, Long.MIN_VALUE);
            w.setFloat(5, -0.0f);
            w.setDouble(6, Double.NaN);
            w.setDecimal(7, new BigDecimal("1234567.89"));
            w.setDecimal(8, new BigDecimal("12345678901234567890123456789012.3456"));
            w.setValue(9, LocalDate.of(2024, 2, 29));
            w.setValue(10, Instant.parse("2024-02-29T12:00:00.123456Z"));
            w.setString(11, "héllo");
            w.setBinary(12, new byte[] {1, 2, 3});
            w.setInt(14, 7);
            w.setString(15, "p");
            w.nextRow();
            // row 1: nulls, extremes, a null struct
            w.setInt(0, 1);
            w.setNull(1);
            w.setByte(2, Byte.MAX_VALUE);
            w.setLong(4, Long.MAX_VALUE);
            w.setFloat(5, Float.NaN);
            w.setDouble(6, -0.0);
            w.setDecimal(7, new BigDecimal("-0.01"));
            w.setDecimal(8, new BigDecimal("-1.0000"));
            w.setTimestampMicros(10, 0);
            w.setString(11, "");
            w.setBinary(12, new byte[0]);
            w.setNull(13);
            w.nextRow();
            // row 2
            w.setInt(0, 2);
            w.setBoolean(1, false);
            w.setByte(2, (byte) 0);
            w.setShort(3, (short) -1);
            w.setLong(4, 0);
            w.setFloat(5, Float.POSITIVE_INFINITY);
            w.setDouble(6, 1e-300);
            w.setDate(9, 0);
            w.setString(11, "😀 four bytes");
            w.setInt(14, -1);
            w.nextRow();
            // row 3
            w.setInt(0, 3);
            w.setBoolean(1, true);
            w.setShort(3, (short) 0);
            w.setLong(4, 42);
            w.setDecimalUnscaled(7, 0);
            w.setDecimal(8, BigDecimal.ZERO);
            w.setValue(9, LocalDate.of(1900, 1, 1));
            w.setTimestampMicros(10, -1);
            w.setBinary(12, new byte[] {(byte) 255});
            w.setInt(14, 0);
            w.setString(15, "中文");
            w.nextRow();
            // row 4 (second row group)
            w.setInt(0, 4);
            w.setBoolean(1, false);
            w.setByte(2, (byte) 1);
            w.setShort(3, (short) 2);
            w.setLong(4, 3);
            w.setFloat(5, 1.5f);
            w.setDouble(6, 2.5);
            w.setDecimal(7, new BigDecimal("9999999.99"));
            w.setDecimal(8, new BigDecimal("9999999999999999999999999999999999.9999"));
            w.setValue(9, LocalDate.of(9999, 12, 31));
            w.setValue(10, Instant.parse("2500-01-01T00:00:00Z"));
            w.setString(11, "last");
            w.setBinary(12, new byte[] {0});
            w.setNull(13);
            w.nextRow();
            // row 5: every nullable column null, the struct present
            w.setInt(0, 5);
            w.setInt(14, 5);
            w.nextRow();
        }
    }

    private static List<String> relativeFiles(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .sorted(Comparator.naturalOrder()).toList();
        }
    }

    @Test
    void everyFileMatchesItsGoldenCopy() throws IOException {
        List<String> written = relativeFiles(table);
        assertEquals(List.of("_schema.00000001", "rg-00000000/cg-00000000/data", "rg-00000000/cg-00000000/meta",
                "rg-00000000/cg-00000001/data", "rg-00000000/cg-00000001/meta", "rg-00000001/cg-00000000/data",
                "rg-00000001/cg-00000000/meta", "rg-00000001/cg-00000001/data", "rg-00000001/cg-00000001/meta"),
                written, "the table's directory tree");
        Path golden = goldenDir();
        if (UPDATE) {
            if (Files.exists(golden)) {
                try (Stream<Path> s = Files.walk(golden)) {
                    for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
            for (String f : written) {
                Files.createDirectories(golden.resolve(f).getParent());
                Files.copy(table.resolve(f), golden.resolve(f));
            }
            System.out.println("golden files rewritten under " + golden);
        }
        assertTrue(Files.isDirectory(golden), "golden files missing: " + golden + " (see the class comment)");
        assertEquals(relativeFiles(golden), written, "the golden tree");
        for (String f : written) {
            byte[] want = Files.readAllBytes(golden.resolve(f));
            byte[] got = Files.readAllBytes(table.resolve(f));
            int at = java.util.Arrays.mismatch(want, got);
            if (at >= 0) {
                fail(f + " differs from its golden copy first at byte " + at + " (golden " + want.length
                        + " bytes, written " + got.length + "); a format change must be deliberate: see the class comment");
            }
        }
    }

    @Test
    void goldenTableReadsBackItsValues() throws IOException {
        // While golden files are being rewritten they may not exist yet: read the fresh table then.
        AlbisTable t = AlbisTable.open((UPDATE ? table : goldenDir()).toString());
        assertEquals(6, t.rowCount());
        try (AlbisReader r = t.newReader()) {
            assertTrue(r.advance());
            assertEquals(Long.MIN_VALUE, r.getLong(4));
            assertEquals(new BigDecimal("12345678901234567890123456789012.3456"), r.getDecimal(8));
            assertEquals(Instant.parse("2024-02-29T12:00:00.123456Z"), r.getValue(10));
            assertEquals("héllo", r.getString(11));
            assertEquals(Map.of("x", 7, "label", "p"), r.toNestedMap().get("point"));
            assertTrue(r.advance());
            assertEquals(null, r.toNestedMap().get("point"));
            assertEquals(Float.NaN, r.getFloat(5));
            assertEquals(-0.0, r.getDouble(6));
            int rows = 2;
            while (r.advance()) {
                rows++;
            }
            assertEquals(6, rows);
        }
    }

    // ------------------------------------------------------------------ decoding by hand

    private static ByteBuffer le(Path p) throws IOException {
        return ByteBuffer.wrap(Files.readAllBytes(p)).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static void assertHeader(ByteBuffer b, char kind) {
        assertEquals('A', b.get(0));
        assertEquals('L', b.get(1));
        assertEquals('B', b.get(2));
        assertEquals('I', b.get(3));
        assertEquals(kind, (char) b.get(4), "kind byte");
        assertEquals(1, b.get(5), "major version");
        assertEquals(0, b.get(6), "minor version");
        assertEquals(0, b.get(7), "reserved");
    }

    /** Schema and metadata files end with CRC-32C of every byte before it, then "ALBE". */
    private static void assertFooter(ByteBuffer b) {
        int n = b.limit();
        assertEquals("ALBE", new String(b.array(), n - 4, 4, StandardCharsets.US_ASCII));
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, n - 8);
        assertEquals((int) crc.getValue(), b.getInt(n - 8), "footer checksum");
    }

    @Test
    void headersAndFootersDecodedByHand() throws IOException {
        ByteBuffer schema = le(table.resolve("_schema.00000001"));
        assertHeader(schema, 'S');
        assertFooter(schema);
        assertEquals(1, schema.getInt(8), "schema version");
        assertEquals(16, schema.getInt(20), "column count (13 leaves, 1 struct marker, 2 struct fields)");
        for (String rg : List.of("rg-00000000", "rg-00000001")) {
            for (String cg : List.of("cg-00000000", "cg-00000001")) {
                assertHeader(le(table.resolve(rg + "/" + cg + "/data")), 'D');
                ByteBuffer meta = le(table.resolve(rg + "/" + cg + "/meta"));
                assertHeader(meta, 'M');
                assertFooter(meta);
            }
        }
    }

    /**
     * Group "fixed" has 11 columns and no string: no size counter, a 2-byte null bitmap, then
     * id@2 (4) flag@6 (1) b@7 (1) sh@8 (2) l@10 (8) f@18 (4) d@22 (8) dec@30 (8) wide@38 (16)
     * day@54 (4) ts@58 (8): 66 bytes a row. Two rows (132 bytes) fit a 160-byte segment; 28 zero
     * bytes pad it; the next segment starts at 8 + 160.
     */
    @Test
    void fixedWidthRowsDecodedByHand() throws IOException {
        ByteBuffer data = le(table.resolve("rg-00000000/cg-00000000/data"));
        int rowLength = 66;
        int row0 = 8;
        assertEquals(0, data.get(row0) & 0xff, "row 0: no nulls among slots 0..7");
        assertEquals(0, data.getInt(row0 + 2), "row 0: id");
        assertEquals(Long.MIN_VALUE, data.getLong(row0 + 10), "row 0: l");
        assertEquals(0x80000000, Float.floatToRawIntBits(data.getFloat(row0 + 18)), "row 0: f is -0.0f");
        assertEquals(123456789L, data.getLong(row0 + 30), "row 0: dec 1234567.89 as unscaled long");
        assertEquals(LocalDate.of(2024, 2, 29).toEpochDay(), data.getInt(row0 + 54), "row 0: day in days");
        assertEquals(1709208000123456L, data.getLong(row0 + 58), "row 0: ts in microseconds");

        int row1 = row0 + rowLength;
        // flag (slot 1) and sh (slot 3) null: bits 1 and 3 of byte 0; day (slot 9): bit 1 of byte 1.
        assertEquals(0b0000_1010, data.get(row1) & 0xff, "row 1: bitmap byte 0");
        assertEquals(0b0000_0010, data.get(row1 + 1) & 0xff, "row 1: bitmap byte 1");
        assertEquals(1, data.getInt(row1 + 2), "row 1: id");
        assertEquals(0, data.get(row1 + 6), "row 1: null flag is zero-filled");
        assertEquals(0, data.getShort(row1 + 8), "row 1: null sh is zero-filled");
        assertEquals(Long.MAX_VALUE, data.getLong(row1 + 10), "row 1: l");
        assertEquals(-1L, data.getLong(row1 + 30), "row 1: dec -0.01 as unscaled -1");
        // wide decimal -1.0000: unscaled -10000 as 16-byte two's complement, low word first.
        assertEquals(-10000L, data.getLong(row1 + 38), "row 1: wide low word");
        assertEquals(-1L, data.getLong(row1 + 46), "row 1: wide high word (sign)");

        for (int p = 8 + 2 * rowLength; p < 8 + SEGMENT; p++) {
            assertEquals(0, data.get(p), "padding byte " + p);
        }
        int segment2 = 8 + SEGMENT;
        assertEquals(2, data.getInt(segment2 + 2), "row 2 opens the second segment");
        assertEquals(3, data.getInt(segment2 + rowLength + 2), "row 3 follows it");
        assertEquals(segment2 + 2 * rowLength, data.limit(), "the last segment is not padded");

        // Its metadata: groupId segmentSize rowCount dataLength, 11 column entries of 7 bytes,
        // then segments of offset:i64 length padding rows crc (+ per-column stats).
        ByteBuffer meta = le(table.resolve("rg-00000000/cg-00000000/meta"));
        assertEquals(0, meta.getInt(8), "group id");
        assertEquals(SEGMENT, meta.getInt(12), "segment size");
        assertEquals(4L, meta.getLong(16), "rows in this row group");
        assertEquals(data.limit(), meta.getLong(24), "data length");
        assertEquals(11, meta.getInt(32), "columns");
        int segments = 36 + 11 * 7;
        assertEquals(2, meta.getInt(segments), "segments");
        int first = segments + 4;
        assertEquals(8L, meta.getLong(first), "segment 0 offset");
        assertEquals(2 * rowLength, meta.getInt(first + 8), "segment 0 length");
        assertEquals(SEGMENT - 2 * rowLength, meta.getInt(first + 12), "segment 0 padding");
        assertEquals(2, meta.getInt(first + 16), "segment 0 rows");
        CRC32C crc = new CRC32C();
        crc.update(data.array(), 8, 2 * rowLength);
        assertEquals((int) crc.getValue(), meta.getInt(first + 20), "segment 0 checksum covers the rows, not padding");
        // Stats of id (slot 0) follow: nullCount:i32 flags:u8 (1 = min/max, 2 = sorted) min:i64 max:i64.
        int idStats = first + 24;
        assertEquals(0, meta.getInt(idStats), "id nulls");
        assertEquals(3, meta.get(idStats + 4), "id has min/max and is sorted");
        assertEquals(0L, meta.getLong(idStats + 5), "id min");
        assertEquals(1L, meta.getLong(idStats + 13), "id max");
    }

    /**
     * Group "rest" (name, blob, point marker, point.x, point.label) has strings: each row starts
     * with its 4-byte size, then a 1-byte bitmap, then name@5 blob@13 (offset << 32 | size), the
     * zero-width marker, x@21 (4), label@25: fixed area ends at 33; the variable values follow
     * in slot order, offsets counted from the row's first byte.
     */
    @Test
    void variableWidthRowsDecodedByHand() throws IOException {
        ByteBuffer data = le(table.resolve("rg-00000000/cg-00000001/data"));
        int row0 = 8;
        int name = "héllo".getBytes(StandardCharsets.UTF_8).length;
        assertEquals(6, name);
        assertEquals(33 + name + 3 + 1, data.getInt(row0), "row 0 size: fixed area + héllo + 3 blob bytes + 'p'");
        assertEquals(0, data.get(row0 + 4), "row 0: no nulls");
        long namePacked = data.getLong(row0 + 5);
        assertEquals(33, namePacked >>> 32, "name offset");
        assertEquals(name, (int) namePacked, "name size");
        assertEquals("héllo", new String(data.array(), row0 + 33, name, StandardCharsets.UTF_8));
        assertEquals((long) (33 + name) << 32 | 3, data.getLong(row0 + 13), "blob at 39, 3 bytes");
        assertArrayEquals(new byte[] {1, 2, 3}, java.util.Arrays.copyOfRange(data.array(), row0 + 39, row0 + 42));
        assertEquals(7, data.getInt(row0 + 21), "point.x");
        assertEquals((long) 42 << 32 | 1, data.getLong(row0 + 25), "label at 42, 1 byte");

        int row1 = row0 + data.getInt(row0);
        // The struct is null (marker, slot 2) and so are its fields x (slot 3) and label (slot 4).
        assertEquals(0b0001_1100, data.get(row1 + 4) & 0xff, "row 1: bitmap");
        assertEquals(33, data.getInt(row1), "row 1 size: empty name and blob add nothing");
        assertEquals((long) 33 << 32, data.getLong(row1 + 5), "empty name: offset 33, size 0");
        assertEquals(0, data.getInt(row1 + 21), "x of the null struct is zero-filled");
        assertEquals(0L, data.getLong(row1 + 25), "null label: zero");
    }
}
