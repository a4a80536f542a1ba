package io.albis;

import static io.albis.testing.TableFiles.copyTree;
import static io.albis.testing.TableFiles.reseal;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.albis.error.CorruptFileException;
import io.albis.error.InvalidOptionException;
import io.albis.layout.FileHeader;
import io.albis.layout.TableLayout;
import io.albis.table.TableState;
import io.albis.table.TableStateCodec;
import io.albis.layout.FormatVersion;
import io.albis.layout.RowGroupLayout;
import io.albis.read.AlbisReader;
import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.schema.SchemaCodec;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.table.RowGroupRef;
import io.albis.table.TableCleaner;
import io.albis.table.TableVerifier;
import io.albis.testing.OrderedMaps;
import io.albis.testing.RowAssertions;
import io.albis.util.ByteSink;
import io.albis.table.PropertyChange;
import io.albis.table.WriteMode;
import io.albis.write.AlbisWriter;
import io.albis.write.CommitPlan;
import io.albis.write.PartitionedTaskWriter;
import io.albis.write.WriteJob;
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
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pins the on-disk format of every version (docs/FORMAT.md §2). Under
 * {@code src/test/resources/golden/} there is one tree per format version, each holding the same
 * small fixed table ({@link #writeFixedTable}); today's reader must read every one of them with
 * exactly the values written ({@link #EXPECTED}), and {@code albis verify} must pass on each.
 *
 * <ul>
 *   <li>{@code v1.0/}: written by the format-1.0 writer (commit 577bb7c) and kept byte for byte.
 *       It is never regenerated: it stands for the 1.0 tables users have on disk.
 *   <li>{@code v2.0/}: written by the format-2.0 writer (commit a4ea8e9) and kept byte for byte,
 *       like {@code v1.0/}; {@code v2.1/} is its hand-built newer minor version (see below).
 *   <li>{@code v3.0/}: written by the format-3.0 writer (commit f7e925a) and kept byte for byte;
 *       its table has the columns of the older trees plus five of format 3.0 (a timestamp without
 *       time zone, lists and maps), its row groups are directories.
 *   <li>{@code v4.0/}: written by the format-4.0 writer (commit 138e816) and kept byte for byte:
 *       the table of {@code v3.0/}, its row groups' files directly in the table directory.
 *   <li>{@code v5.0/}: written by the format-5.0 writer (commit 657e671) and kept byte for byte: the
 *       table of {@code v4.0/}, whose state and manifests name each row group's partition directory
 *       (here the table directory) and whose state records the commit's operation and the table's
 *       properties (none here); {@code partitioned-v5.0/} beside it holds the same rows in
 *       partitions, also kept byte for byte.
 *   <li>{@code v5.1/}: written by the format-5.1 writer (commit a261efa) and kept byte for byte: the
 *       table of {@code v5.0/} with bloom filters of seven columns ({@link #BLOOM_FILTER_COLUMNS}),
 *       which a metadata file of format 5.1 appends after its segments (a count of 0 in group
 *       "rest", which has none of them); {@code partitioned-v5.1/} beside it holds the same rows in
 *       partitions, and {@code v5.2/} is its hand-built newer minor version (below), all kept byte
 *       for byte. Its lists and maps are in the layout of 3.0 to 5.x (Spark's).
 *   <li>{@code v6.0/}: written by today's writer ({@link FormatVersion#CURRENT}): the table of
 *       {@code v5.1/}, its lists and maps in the compact layout of 6.0.
 *       {@link #everyFileMatchesItsGoldenCopy} writes the table afresh and
 *       compares every file byte for byte (in the table state, the job id, commit time and
 *       row-group names, which differ on every write, are set to fixed values on both sides
 *       first), so an accidental format change fails the build. After a deliberate change (a
 *       format change within 6.x, documented in docs/FORMAT.md, or a change of how row groups
 *       are named or published), regenerate this tree, and only this one, with
 *       <pre>
 *   mvn -o -q -B -pl albis-core test -Dtest=GoldenFileTest -Dalbis.golden.update=true
 *       </pre>
 *       and commit it with the explanation. When a new version becomes current, its tree is
 *       added beside this one and this one is frozen like {@code v5.1/}.
 *   <li>{@code partitioned-v6.0/}: written by today's writer, regenerated with {@code v6.0/}: the
 *       six rows in three row groups, of partitions {@code k=0}, the table directory and
 *       {@code k=1/s=a%2Fb}, committed by one job with two table properties and its own operation
 *       ({@link #writePartitionedTable}).
 *   <li>{@code v6.1/} (and {@code v2.1/}, {@code v3.1/}, {@code v4.1/}, {@code v5.2/} before it): hand-built, a table of a newer minor version
 *       than this reader knows. It is the current tree with the minor version byte of every file
 *       raised by one and, in every file with a footer (schema, state and metadata),
 *       {@link #appendedFields() two fields} inserted before the footer, which is then recomputed.
 *       The reader must skip those fields; a file of its own minor version carrying them is
 *       damage. Rebuild it from the current tree (only after that was deliberately regenerated)
 *       with {@code -Dalbis.golden.updateNewerMinor=true} in the command above (both switches may
 *       be given at once). (Until format 5.1 was written, {@code v5.1/} was such a tree of 5.0.)
 * </ul>
 *
 * <p>Files are matched by role rather than path: row groups by position, so that a change of
 * row-group names only needs the trees regenerated, not this test rewritten. The hand
 * decoding below reads bytes from the format rules alone, so the test doubles as an executable
 * example of the layout of each version.
 */
class GoldenFileTest {
    private static final boolean UPDATE = Boolean.getBoolean("albis.golden.update");
    private static final boolean UPDATE_NEWER_MINOR = Boolean.getBoolean("albis.golden.updateNewerMinor");
    private static final FormatVersion NEWER_MINOR =
            new FormatVersion(FormatVersion.CURRENT.major(), FormatVersion.CURRENT.minor() + 1);
    private static final int SEGMENT = 160;

    @TempDir
    static Path dir;

    /** The fixed table as today's writer writes it. */
    private static Path fresh;
    /** The partitioned table as today's writer writes it ({@link #writePartitionedTable}). */
    private static Path freshPartitioned;

    private static Path goldenRoot() {
        return Path.of(System.getProperty("basedir", ".")).resolve("src/test/resources/golden");
    }

    private static Path golden(FormatVersion v) {
        return goldenRoot().resolve("v" + v);
    }

    private static Path goldenPartitioned() {
        return goldenPartitioned(FormatVersion.CURRENT);
    }

    private static Path goldenPartitioned(FormatVersion v) {
        return goldenRoot().resolve("partitioned-v" + v);
    }

    @BeforeAll
    static void writeTheTableAndRegenerateOnRequest() throws IOException {
        fresh = dir.resolve("fresh");
        writeFixedTable(fresh);
        freshPartitioned = dir.resolve("fresh-partitioned");
        writePartitionedTable(freshPartitioned);
        if (UPDATE) {
            replaceTree(golden(FormatVersion.CURRENT), fresh);
            replaceTree(goldenPartitioned(), freshPartitioned);
            System.out.println("golden files rewritten under " + golden(FormatVersion.CURRENT) + " and "
                    + goldenPartitioned());
        }
        if (UPDATE_NEWER_MINOR) {
            deriveNewerMinor(golden(FormatVersion.CURRENT), golden(NEWER_MINOR));
            System.out.println("golden files rebuilt under " + golden(NEWER_MINOR));
        }
    }

    /**
     * Columns (index: name type): 0 id int not null, 1 flag boolean, 2 b byte, 3 sh short, 4 l long,
     * 5 f float, 6 d double, 7 dec decimal(9,2), 8 wide decimal(38,4), 9 day date, 10 ts timestamp,
     * 11 name string, 12 blob binary, 13 point (marker of the nullable struct), 14 point.x int not
     * null, 15 point.label string. Group 0 "fixed" holds columns 0..10, group 1 "strings" 11..15.
     * Since format 3.0 also 16 ntz timestamp_ntz, 17 tags list&lt;int&gt;, 18 attrs
     * map&lt;string, long&gt;, 19 items list&lt;struct&lt;k: int not null, v: string&gt; not null&gt;,
     * 20 deep map&lt;string, list&lt;decimal(30,2)&gt;&gt; in group 2 "rest" (older trees have groups
     * 0 and 1 only, the second called "rest"). Six rows; row groups of 4 rows; 160-byte segments.
     */
    private static void writeFixedTable(Path table) throws IOException {
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, table.toString(), fixedSchema(), OPTIONS)) {
            writeFixedRows(row -> w);
        }
    }

    /** The schema of the fixed table (see {@link #writeFixedTable}). */
    private static Schema fixedSchema() {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        groups.put("fixed", List.of("id", "flag", "b", "sh", "l", "f", "d", "dec", "wide", "day", "ts"));
        groups.put("strings", List.of("name", "blob", "point"));
        Schema schema = Schema.builder()
                .column("id", DataType.INT, false).column("flag", DataType.BOOLEAN).column("b", DataType.BYTE)
                .column("sh", DataType.SHORT).column("l", DataType.LONG).column("f", DataType.FLOAT)
                .column("d", DataType.DOUBLE).column("dec", DataType.decimal(9, 2))
                .column("wide", DataType.decimal(38, 4)).column("day", DataType.DATE)
                .column("ts", DataType.TIMESTAMP).column("name", DataType.STRING).column("blob", DataType.BINARY)
                .field(new Field("point", DataType.struct(Field.required("x", DataType.INT),
                        Field.of("label", DataType.STRING)), true))
                .column("ntz", DataType.TIMESTAMP_NTZ).column("tags", DataType.list(DataType.INT, true))
                .column("attrs", DataType.map(DataType.STRING, DataType.LONG, true))
                .column("items", DataType.list(DataType.struct(Field.required("k", DataType.INT),
                        Field.of("v", DataType.STRING)), false))
                .column("deep", DataType.map(DataType.STRING, DataType.list(DataType.decimal(30, 2), true), true))
                .groups(groups).build();
        return schema;
    }

    /** The partitions of the rows of the partitioned golden table, by row. */
    private static final String[] PARTITION_OF_ROW = {"k=0", "k=0", "k=0", "", "k=1/s=a%2Fb", "k=1/s=a%2Fb"};

    /**
     * The fixed table's rows in partitions ({@link #PARTITION_OF_ROW}), created by one job through a
     * partitioned task that ends each partition when the next begins, so the table reads the rows
     * in order; the commit sets two properties and records its own operation.
     */
    private static void writePartitionedTable(Path table) throws IOException {
        CommitPlan plan = CommitPlan.of(WriteMode.CREATE).withOperation("CREATE TABLE AS SELECT")
                .withProperties(PropertyChange.setting(Map.of("owner", "golden", "comment", "six rows, três partições")));
        WriteJob job = WriteJob.create(LocalStorage.INSTANCE, table.toString(), fixedSchema(), plan, OPTIONS,
                Retention.DEFAULT);
        try (PartitionedTaskWriter task = job.newPartitionedTask(0, 0)) {
            writeFixedRows(row -> {
                if (row > 0 && !PARTITION_OF_ROW[row].equals(PARTITION_OF_ROW[row - 1])) {
                    task.endPartition(PARTITION_OF_ROW[row - 1]);
                }
                return task.writer(PARTITION_OF_ROW[row]);
            });
        }
        job.commit();
    }

    /** The writer each row of the fixed table goes to. */
    @FunctionalInterface
    private interface RowPlacement {
        AlbisWriter writerOf(int row) throws IOException;
    }

    /**
     * The columns of the fixed table with bloom filters (format 5.1 on): each way a value is hashed,
     * an int as a long, a float and a double (with -0.0 and NaN), a wide decimal, a string and a
     * binary; a struct's field too.
     */
    private static final List<String> BLOOM_FILTER_COLUMNS = List.of("id", "f", "d", "wide", "name", "blob", "point.x");

    private static final WriterOptions OPTIONS = WriterOptions.defaults().withSegmentSize(SEGMENT).withRowGroupRows(4)
            .withBloomFilterColumns(BLOOM_FILTER_COLUMNS);

    /** The six rows of {@link #EXPECTED}, through the writers' typed setters. */
    private static void writeFixedRows(RowPlacement place) throws IOException {
        AlbisWriter w;

        // row 0
        w = place.writerOf(0);
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
        endRow(w, 0);
        // row 1: nulls, extremes, a null struct
        w = place.writerOf(1);
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
        endRow(w, 1);
        // row 2
        w = place.writerOf(2);
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
        endRow(w, 2);
        // row 3
        w = place.writerOf(3);
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
        endRow(w, 3);
        // row 4 (second row group)
        w = place.writerOf(4);
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
        endRow(w, 4);
        // row 5: every nullable column null, the struct present
        w = place.writerOf(5);
        w.setInt(0, 5);
        w.setInt(14, 5);
        endRow(w, 5);
    }

    /** Sets the row's columns 16..20 (format 3.0) through the object setters, then ends the row. */
    private static void endRow(AlbisWriter w, int row) throws IOException {
        Object[] values = EXPECTED_V3[row];
        for (int c = EXPECTED[row].length; c < values.length; c++) {
            if (values[c] != null) {
                w.setValue(c, values[c]);
            }
        }
        w.nextRow();
    }

    /**
     * Every value of the fixed table as the reader returns it (by column index; null for null).
     * The struct marker reads as true when the struct is present; the fields of a null struct
     * are null, even the one declared not null.
     */
    private static final Object[][] EXPECTED = {
        {0, true, Byte.MIN_VALUE, Short.MAX_VALUE, Long.MIN_VALUE, -0.0f, Double.NaN, new BigDecimal("1234567.89"),
            new BigDecimal("12345678901234567890123456789012.3456"), LocalDate.of(2024, 2, 29),
            Instant.parse("2024-02-29T12:00:00.123456Z"), "héllo", new byte[] {1, 2, 3}, true, 7, "p"},
        {1, null, Byte.MAX_VALUE, null, Long.MAX_VALUE, Float.NaN, -0.0, new BigDecimal("-0.01"),
            new BigDecimal("-1.0000"), null, Instant.EPOCH, "", new byte[0], null, null, null},
        {2, false, (byte) 0, (short) -1, 0L, Float.POSITIVE_INFINITY, 1e-300, null, null, LocalDate.EPOCH, null,
            "😀 four bytes", null, true, -1, null},
        {3, true, null, (short) 0, 42L, null, null, new BigDecimal("0.00"), new BigDecimal("0.0000"),
            LocalDate.of(1900, 1, 1), Instant.parse("1969-12-31T23:59:59.999999Z"), null, new byte[] {(byte) 255},
            true, 0, "中文"},
        {4, false, (byte) 1, (short) 2, 3L, 1.5f, 2.5, new BigDecimal("9999999.99"),
            new BigDecimal("9999999999999999999999999999999999.9999"), LocalDate.of(9999, 12, 31),
            Instant.parse("2500-01-01T00:00:00Z"), "last", new byte[] {0}, null, null, null},
        {5, null, null, null, null, null, null, null, null, null, null, null, null, true, 5, null},
    };

    /** Columns 16..20 of the fixed table, which format 3.0 adds (see {@link #writeFixedTable}). */
    private static final Object[][] NESTED = {
        {LocalDateTime.parse("2024-02-29T12:00:00.123456"), Arrays.asList(1, null, 3), OrderedMaps.of("a", 1L, "b", null),
            List.of(OrderedMaps.of("k", 1, "v", "x"), OrderedMaps.of("k", 2, "v", null)),
            OrderedMaps.of("p", List.of(new BigDecimal("1.50"), new BigDecimal("-2.25")))},
        {null, null, null, null, null},
        {LocalDateTime.parse("1969-12-31T23:59:59.999999"), List.of(), OrderedMaps.of(), List.of(), OrderedMaps.of("e", List.of())},
        {null, List.of(Integer.MIN_VALUE), OrderedMaps.of("k", Long.MAX_VALUE), List.of(OrderedMaps.of("k", 0, "v", "")),
            OrderedMaps.of("n", null, "big", Arrays.asList(new BigDecimal("-123456789012345678901234567.89"), null))},
        {LocalDateTime.parse("9999-12-31T23:59:59"), sixtyFiveWithTheLastNull(), OrderedMaps.of("z", -1L),
            List.of(OrderedMaps.of("k", -1, "v", "中文")), null},
        {null, null, null, null, null},
    };

    /** Every row of {@link #EXPECTED} followed by its {@link #NESTED} columns: the table as format 3.0 holds it. */
    private static final Object[][] EXPECTED_V3 = java.util.stream.IntStream.range(0, EXPECTED.length)
            .mapToObj(r -> Stream.concat(Arrays.stream(EXPECTED[r]), Arrays.stream(NESTED[r])).toArray())
            .toArray(Object[][]::new);

    /** 0..63 then a null: the null bit of element 64 lies in the array's second null word. */
    private static List<Integer> sixtyFiveWithTheLastNull() {
        List<Integer> l = new java.util.ArrayList<>();
        for (int i = 0; i < 64; i++) {
            l.add(i);
        }
        l.add(null);
        return l;
    }

    // ------------------------------------------------------------------ trees and files

    private static List<String> relativeFiles(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .sorted(Comparator.naturalOrder()).toList();
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (Files.exists(root)) {
            try (Stream<Path> s = Files.walk(root)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    private static void replaceTree(Path target, Path source) throws IOException {
        deleteTree(target);
        copyTree(source, target);
    }

    private static Path normal(String path) {
        return Path.of(path).toAbsolutePath().normalize();
    }

    /** A data or metadata file by role: the row group at {@code position} in reading order, the group with {@code groupId}. */
    private static Path file(Path table, int position, int groupId, String kind) throws IOException {
        AlbisTable t = AlbisTable.open(table.toString());
        RowGroupRef rg = t.rowGroups().get(position);
        ColumnGroup g = t.schema().groups().stream().filter(x -> x.id() == groupId).findFirst().orElseThrow();
        return normal(kind.equals("data") ? t.dataPath(rg, g) : t.metadataPath(rg, g));
    }

    /**
     * Every file of a table under a name that does not depend on how row-group directories are
     * named: their files by row-group position and column-group id; every other file (schema
     * versions and whatever else the table holds) by its path in the table.
     */
    private static Map<String, Path> filesByRole(Path table) throws IOException {
        AlbisTable t = AlbisTable.open(table.toString());
        Map<String, Path> out = new TreeMap<>();
        Set<Path> placed = new HashSet<>();
        List<RowGroupRef> rowGroups = t.rowGroups();
        for (int i = 0; i < rowGroups.size(); i++) {
            for (ColumnGroup g : t.schema().groups()) {
                String role = "row group #" + i + ", column group " + g.id();
                Path data = normal(t.dataPath(rowGroups.get(i), g));
                Path meta = normal(t.metadataPath(rowGroups.get(i), g));
                out.put(role + ", data", data);
                out.put(role + ", metadata", meta);
                placed.add(data);
                placed.add(meta);
            }
        }
        for (String f : relativeFiles(table)) {
            Path p = normal(table.resolve(f).toString());
            if (!placed.contains(p)) {
                out.put(f, p);
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ byte comparison and reading

    @Test
    void everyFileMatchesItsGoldenCopy() throws IOException {
        assertEveryFileMatches(golden(FormatVersion.CURRENT), fresh, 2);
    }

    @Test
    void everyFileOfThePartitionedTableMatchesItsGoldenCopy() throws IOException {
        assertEveryFileMatches(goldenPartitioned(), freshPartitioned, 3);
    }

    private static void assertEveryFileMatches(Path golden, Path written, int rowGroups) throws IOException {
        assertTrue(Files.isDirectory(golden), "golden files missing: " + golden + " (see the class comment)");
        Map<String, Path> want = filesByRole(golden);
        Map<String, Path> got = filesByRole(written);
        assertEquals(want.keySet(), got.keySet(), "the files of the table (see the class comment to regenerate)");
        assertEquals(rowGroups, AlbisTable.open(written.toString()).rowGroups().size(), "row groups");
        for (Map.Entry<String, Path> e : want.entrySet()) {
            byte[] expected = Files.readAllBytes(e.getValue());
            byte[] bytes = Files.readAllBytes(got.get(e.getKey()));
            if (e.getKey().startsWith(TableLayout.STATE_PREFIX)) {
                expected = withoutJobIdentity(expected, e.getValue().toString());
                bytes = withoutJobIdentity(bytes, got.get(e.getKey()).toString());
            }
            int at = Arrays.mismatch(expected, bytes);
            if (at >= 0) {
                fail(e.getKey() + " (" + got.get(e.getKey()) + ") differs from its golden copy first at byte " + at
                        + " (golden " + expected.length + " bytes, written " + bytes.length
                        + "); a format change must be deliberate: see the class comment");
            }
        }
    }

    /**
     * A table state with what differs from one write to the next (the job id, the commit time,
     * and so the row-group names) set to fixed values; everything else stays as written.
     */
    private static byte[] withoutJobIdentity(byte[] state, String path) throws IOException {
        TableState s = TableStateCodec.decode(state, path);
        String job = "0".repeat(20);
        List<TableState.Entry> rgs = new java.util.ArrayList<>();
        for (TableState.Entry e : s.rowGroups()) {
            rgs.add(new TableState.Entry(TableLayout.rowGroupName(job, 0, 0, rgs.size()), e.rows(), e.partition()));
        }
        return TableStateCodec.encode(new TableState(s.version(), s.schemaVersion(), s.mode(), job, 0, rgs,
                s.operation(), s.properties()));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"1.0", "2.0", "2.1", "3.0", "3.1", "4.0", "4.1", "5.0", "5.1", "5.2", "6.0", "6.1"})
    void everyGoldenVersionReadsBackItsExactValues(String version) throws IOException {
        Path tree = goldenRoot().resolve("v" + version);
        assertTrue(Files.isDirectory(tree), "golden files missing: " + tree + " (see the class comment)");
        for (String f : relativeFiles(tree)) {
            byte[] b = Files.readAllBytes(tree.resolve(f));
            if (b.length >= FileHeader.LENGTH && new String(b, 0, 4, StandardCharsets.US_ASCII).equals("ALBI")) {
                assertEquals(version, (b[5] & 0xff) + "." + (b[6] & 0xff), f + ": the version in its header");
            }
        }
        assertReadsTheFixedRows(AlbisTable.open(tree.toString()), 1, "v" + version);
    }

    /** Reads {@code copies} times the rows of {@link #EXPECTED}, value by value, and verifies the table. */
    private static void assertReadsTheFixedRows(AlbisTable t, int copies, String context) throws IOException {
        int rows = copies * EXPECTED.length;
        assertEquals(rows, t.rowCount(), context);
        try (AlbisReader r = t.newReader()) {
            for (int row = 0; row < rows; row++) {
                assertTrue(r.advance(), context + " row " + row);
                Object[] expected = (t.schema().columnCount() > EXPECTED[0].length ? EXPECTED_V3 : EXPECTED)[row % EXPECTED.length];
                assertEquals(expected.length, r.columnCount());
                for (int c = 0; c < expected.length; c++) {
                    RowAssertions.assertSameValue(expected[c], r.getValue(c), context + " row " + row + " column " + c);
                }
                Object point = r.toNestedMap().get("point");
                if (row % EXPECTED.length == 0) {
                    assertEquals(Map.of("x", 7, "label", "p"), point, context);
                } else if (row % EXPECTED.length == 1) {
                    assertEquals(null, point, context + ": a null struct reads as null");
                }
            }
            assertTrue(!r.advance(), context + ": no more rows");
        }
        assertEquals(List.of(), TableVerifier.verify(t), context + ": albis verify");
    }

    /**
     * A 1.0 table has no table state: today's reader reads it, today's writer refuses to add to it
     * (with a message that says what to do) and leaves it as it was.
     */
    @Test
    void aFormat10TableIsReadButNotWrittenTo() throws IOException {
        Path old = dir.resolve("old");
        String refusal = appendIsRefused(FormatVersion.V1_0, old);
        assertTrue(refusal.contains("format 1.0") && refusal.contains("convert"), refusal);
        assertReadsTheFixedRows(AlbisTable.open(old.toString()), 1, "v1.0 after the refused append");
    }

    /** Copies the golden table of {@code v} to {@code copy}; appending to it is refused and adds nothing. */
    private static String appendIsRefused(FormatVersion v, Path copy) throws IOException {
        replaceTree(copy, golden(v));
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> AlbisWriter.append(LocalStorage.INSTANCE, copy.toString(), null, OPTIONS));
        assertEquals(relativeFiles(golden(v)), relativeFiles(copy), "nothing was added");
        return e.getMessage();
    }

    /**
     * A 3.0 table keeps its row groups in directories: today's reader reads it, today's writer
     * refuses to append to it (a state cannot list row groups of two layouts) with a message naming
     * the table, its format and what to do, but overwrites it: the new state lists only flat row
     * groups, the old state still reads its directories until the cleaner removes them with it.
     */
    @Test
    void aFormat30TableIsReadAndOverwrittenButNotAppendedTo() throws IOException {
        Path old = dir.resolve("old30");
        String refusal = appendIsRefused(FormatVersion.V3_0, old);
        assertTrue(refusal.startsWith(old + " is a format 3.0 table") && refusal.contains("overwrite it")
                && refusal.contains("copy its rows into a new table") && !refusal.contains("\n"), refusal);

        try (AlbisWriter w = AlbisWriter.overwrite(LocalStorage.INSTANCE, old.toString(), null, OPTIONS)) {
            writeFixedRows(row -> w);
        }
        AlbisTable now = AlbisTable.open(old.toString());
        assertEquals(RowGroupLayout.FLAT, now.layout());
        assertReadsTheFixedRows(now, 1, "v3.0 overwritten");
        AlbisTable before = AlbisTable.open(LocalStorage.INSTANCE, old.toString(), 1);
        assertEquals(RowGroupLayout.DIRECTORIES, before.layout());
        assertReadsTheFixedRows(before, 1, "v3.0 snapshot after the overwrite");

        TableCleaner.clean(LocalStorage.INSTANCE, old.toString(), Retention.none(), System.currentTimeMillis());
        assertOnlyFiles(old);
        assertReadsTheFixedRows(AlbisTable.open(old.toString()), 1, "v3.0 overwritten and cleaned");
    }

    /**
     * An unpartitioned table directory of format 4.0 or 5.0 holds files only, every one a schema, a
     * state or a row group's file named {@code <row group>.cg-NNNNNNNN.data|meta} of a row group
     * the state lists.
     */
    @Test
    void anUnpartitionedTableDirectoryHoldsOnlyFiles() throws IOException {
        for (Path table : List.of(fresh, golden(FormatVersion.V4_0), golden(FormatVersion.V5_0),
                golden(FormatVersion.V5_1), golden(FormatVersion.CURRENT), golden(NEWER_MINOR))) {
            assertOnlyFiles(table);
            assertOnlyListedRowGroupFiles(table, 2);
        }
    }

    /**
     * A partitioned table keeps each row group's files in its partition directory; the table
     * directory holds the schema, the state, the files of its own row groups and the partitions'
     * first components, and nothing else.
     */
    @Test
    void aPartitionedTableKeepsEachRowGroupInItsPartitionDirectory() throws IOException {
        for (Path table : List.of(freshPartitioned, goldenPartitioned(), goldenPartitioned(FormatVersion.V5_0),
                goldenPartitioned(FormatVersion.V5_1))) {
            assertOnlyListedRowGroupFiles(table, 3);
            AlbisTable t = AlbisTable.open(table.toString());
            assertEquals(List.of("k=0", "", "k=1/s=a%2Fb"), t.rowGroups().stream().map(RowGroupRef::partition).toList());
            for (RowGroupRef rg : t.rowGroups()) {
                for (ColumnGroup g : t.schema().groups()) {
                    Path data = normal(t.dataPath(rg, g));
                    Path dirOfPartition = normal(rg.partition().isEmpty() ? table.toString()
                            : table.resolve(rg.partition()).toString());
                    assertEquals(dirOfPartition, data.getParent(), rg + ": its files are in its partition directory");
                }
            }
            try (Stream<Path> s = Files.list(table)) {
                assertEquals(List.of("k=0", "k=1"), s.filter(Files::isDirectory).map(p -> p.getFileName().toString())
                        .sorted().toList(), table + ": the directories of the table directory");
            }
        }
    }

    /** Every row group file under {@code table} (at any depth) is of a listed row group; the rest are schemas and states. */
    private static void assertOnlyListedRowGroupFiles(Path table, int rowGroups) throws IOException {
        AlbisTable t = AlbisTable.open(table.toString());
        Set<String> listed = new HashSet<>();
        t.rowGroups().forEach(rg -> listed.add(rg.name()));
        int groupFiles = 0;
        for (String path : relativeFiles(table)) {
            String name = Path.of(path).getFileName().toString();
            TableLayout.ColumnGroupFile f = TableLayout.columnGroupFile(name);
            if (f != null) {
                assertTrue(listed.contains(f.rowGroup()), path);
                groupFiles++;
            } else {
                assertTrue(TableLayout.schemaVersion(path) > 0 || TableLayout.stateVersion(path) > 0, path);
            }
        }
        assertEquals(rowGroups * 3 * 2, groupFiles, table + ": " + rowGroups
                + " row groups of three column groups, data and metadata");
    }

    /**
     * The partitioned table reads the fixed rows in order across its partitions, and its state
     * carries the partitions, the job's operation and the properties, in key order.
     */
    @Test
    void thePartitionedTableReadsBackItsRowsPartitionsAndProperties() throws IOException {
        Map<Path, FormatVersion> trees = Map.of(freshPartitioned, FormatVersion.CURRENT, goldenPartitioned(),
                FormatVersion.CURRENT, goldenPartitioned(FormatVersion.V5_0), FormatVersion.V5_0,
                goldenPartitioned(FormatVersion.V5_1), FormatVersion.V5_1);
        for (Map.Entry<Path, FormatVersion> tree : trees.entrySet()) {
            Path table = tree.getKey();
            AlbisTable t = AlbisTable.open(table.toString());
            assertReadsTheFixedRows(t, 1, table.toString());
            TableState s = t.state();
            assertEquals(tree.getValue(), s.format());
            assertEquals(WriteMode.CREATE, s.mode());
            assertEquals("CREATE TABLE AS SELECT", s.operation());
            assertEquals(List.of("comment", "owner"), List.copyOf(s.properties().keySet()), "keys in order");
            assertEquals("six rows, três partições", s.properties().get("comment"));
            assertEquals(List.of(3L, 1L, 2L), s.rowGroups().stream().map(TableState.Entry::rows).toList());
        }
    }

    /**
     * The partitioned table's state, decoded by hand (docs/FORMAT.md §11): the 5.0 state grammar
     * with each row group's partition after its rows, then the operation and the properties.
     */
    @Test
    void aPartitionedStateDecodedByHand() throws IOException {
        ByteBuffer b = le(goldenPartitioned().resolve("_state.00000001"));
        assertHeader(b, 'T', FormatVersion.CURRENT);
        assertFooter(b);
        assertEquals(1, b.getInt(8), "state version");
        assertEquals(1, b.getInt(12), "schema version");
        assertEquals(1, b.get(16), "mode: create");
        int at = 17;
        assertEquals(20, b.getShort(at), "job id length");
        at += 2 + 20;
        at += 8; // commit time
        assertEquals(3, b.getInt(at), "row groups");
        at += 4;
        long[] rows = {3, 1, 2};
        for (int i = 0; i < 3; i++) {
            int nameLength = b.getShort(at);
            assertEquals(50, nameLength, "row group name length");
            String name = new String(b.array(), at + 2, nameLength, StandardCharsets.UTF_8);
            assertEquals(TableLayout.rowGroupOf(name), name, "a row group name");
            at += 2 + nameLength;
            assertEquals(rows[i], b.getLong(at), "rows of row group " + i);
            at += 8;
            int partitionLength = b.getShort(at) & 0xffff;
            assertEquals(PARTITION_OF_ROW[i == 0 ? 0 : i == 1 ? 3 : 4],
                    new String(b.array(), at + 2, partitionLength, StandardCharsets.UTF_8), "partition of row group " + i);
            at += 2 + partitionLength;
        }
        at = assertString(b, at, "CREATE TABLE AS SELECT");
        assertEquals(2, b.getInt(at), "properties");
        at += 4;
        at = assertString(b, at, "comment");
        at = assertString(b, at, "six rows, três partições");
        at = assertString(b, at, "owner");
        at = assertString(b, at, "golden");
        assertEquals(b.limit() - 8, at, "the footer follows the properties");
    }

    /** Checks the {@code str} at {@code at} and returns where the next field starts. */
    private static int assertString(ByteBuffer b, int at, String expected) {
        byte[] utf8 = expected.getBytes(StandardCharsets.UTF_8);
        assertEquals(utf8.length, b.getShort(at) & 0xffff, "length of '" + expected + "'");
        assertArrayEquals(utf8, Arrays.copyOfRange(b.array(), at + 2, at + 2 + utf8.length));
        return at + 2 + utf8.length;
    }

    /**
     * A 4.0 or 5.1 table is appended to: the new state (of today) lists its old row groups, of a 4.0
     * table in partition "" each, and the appended row groups of today's files beside them, both of
     * the same layout; a column added afterwards gives the old row groups files of today. Each file
     * reads by its own version's rules (the old ones' lists and maps in Spark's layout, the new
     * ones' compact), the table verifies, and the cleaner keeps every listed file.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"4.0", "5.1"})
    void anOlderTableIsAppendedToAndChanged(String version) throws IOException {
        FormatVersion v = new FormatVersion(version.charAt(0) - '0', version.charAt(2) - '0');
        Path old = dir.resolve("old" + v.major() + v.minor());
        replaceTree(old, golden(v));
        try (AlbisWriter w = AlbisWriter.append(LocalStorage.INSTANCE, old.toString(), null, OPTIONS)) {
            writeFixedRows(row -> w);
        }
        AlbisTable t = AlbisTable.open(old.toString());
        assertEquals(FormatVersion.CURRENT, t.state().format());
        assertEquals(4, t.rowGroups().size());
        assertReadsTheFixedRows(t, 2, "v" + v + " appended to");
        for (int rg = 0; rg < 4; rg++) {
            ByteBuffer meta = le(file(old, rg, 0, "meta"));
            assertHeader(meta, 'M', rg < 2 ? v : FormatVersion.CURRENT);
        }
        new io.albis.evolve.TableEvolution(LocalStorage.INSTANCE, old.toString(), OPTIONS, 1, Retention.none())
                .addColumns(List.of(Field.of("extra", DataType.LONG)), "added");
        AlbisTable changed = AlbisTable.open(old.toString());
        assertEquals(List.of(), TableVerifier.verify(changed), "verify after the change");
        int added = changed.schema().groups().get(3).id();
        assertHeader(le(file(old, 0, added, "meta")), 'M', FormatVersion.CURRENT);
        try (AlbisReader r = changed.newReader(io.albis.read.ReadOptions.all().withColumns(List.of("id", "extra")))) {
            int n = 0;
            while (r.advance()) {
                assertEquals(n % EXPECTED.length, r.getInt(0));
                assertTrue(r.isNull(1));
                n++;
            }
            assertEquals(2 * EXPECTED.length, n);
        }
        TableCleaner.clean(LocalStorage.INSTANCE, old.toString(), Retention.none(), System.currentTimeMillis());
        assertEquals(List.of(), TableVerifier.verify(AlbisTable.open(old.toString())), "verify after cleaning");
    }

    private static void assertOnlyFiles(Path table) throws IOException {
        try (Stream<Path> s = Files.list(table)) {
            List<Path> dirs = s.filter(Files::isDirectory).toList();
            assertEquals(List.of(), dirs, table + " holds directories");
        }
    }

    /**
     * The reader skips fields appended by a newer minor version, but in a file of its own minor
     * version the same bytes are damage (docs/FORMAT.md §2).
     */
    @Test
    void appendedFieldsInAFileOfTheReadersOwnMinorVersionAreDamage() throws IOException {
        Path tree = golden(NEWER_MINOR);
        int footered = 0;
        for (String f : relativeFiles(tree)) {
            byte[] b = Files.readAllBytes(tree.resolve(f));
            if (b[4] == FileHeader.KIND_DATA) {
                continue;
            }
            String path = tree.resolve(f).toString();
            decode(b, path); // as committed (minor 1): the appended fields are skipped
            byte[] own = b.clone();
            own[6] = (byte) FormatVersion.CURRENT.minor();
            CorruptFileException e = assertThrows(CorruptFileException.class, () -> decode(reseal(own), path), f);
            assertTrue(e.getMessage().contains(appendedFields().length + " unexpected bytes"), e.getMessage());
            assertEquals(b.length - 8 - appendedFields().length, e.offset(), "where the known fields end");
            footered++;
        }
        assertEquals(1 + 1 + 2 * 3, footered, "the schema, the table state and six metadata files");
    }

    private static void decode(byte[] b, String path) throws IOException {
        if (b[4] == FileHeader.KIND_SCHEMA) {
            SchemaCodec.decode(b, path);
        } else if (b[4] == FileHeader.KIND_STATE) {
            TableStateCodec.decode(b, path);
        } else {
            ColumnGroupMetadata.decode(b, path);
        }
    }

    // ------------------------------------------------------------------ the newer minor version, built by hand

    /**
     * The fields the hand-built newer minor version appends to each schema and metadata file
     * before its footer: a count {@code i32 2}, the string {@code "added in a minor version"} and
     * the {@code i64} 21. Their meaning is irrelevant: an older reader skips them unread.
     */
    private static byte[] appendedFields() {
        return new ByteSink().i32(2).string("added in a minor version").i64(21).toByteArray();
    }

    /**
     * Builds the newer-minor tree from a tree of the current version: the minor version byte of
     * every Albis file is raised, and every file with a footer gets {@link #appendedFields()}
     * before a recomputed footer.
     */
    private static void deriveNewerMinor(Path from, Path to) throws IOException {
        deleteTree(to);
        byte[] magic = "ALBI".getBytes(StandardCharsets.US_ASCII);
        byte[] endMagic = "ALBE".getBytes(StandardCharsets.US_ASCII);
        for (String f : relativeFiles(from)) {
            byte[] b = Files.readAllBytes(from.resolve(f));
            if (b.length >= FileHeader.LENGTH + 8 && Arrays.equals(b, 0, 4, magic, 0, 4)) {
                b[6] = (byte) NEWER_MINOR.minor();
                if (b[4] != FileHeader.KIND_DATA && Arrays.equals(b, b.length - 4, b.length, endMagic, 0, 4)) {
                    byte[] extra = appendedFields();
                    byte[] longer = Arrays.copyOf(b, b.length + extra.length);
                    System.arraycopy(extra, 0, longer, b.length - 8, extra.length);
                    System.arraycopy(endMagic, 0, longer, longer.length - 4, 4);
                    b = reseal(longer);
                }
            }
            Files.createDirectories(to.resolve(f).getParent());
            Files.write(to.resolve(f), b);
        }
    }

    // ------------------------------------------------------------------ decoding by hand

    private static ByteBuffer le(Path p) throws IOException {
        return ByteBuffer.wrap(Files.readAllBytes(p)).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static void assertHeader(ByteBuffer b, char kind, FormatVersion version) {
        assertEquals('A', b.get(0));
        assertEquals('L', b.get(1));
        assertEquals('B', b.get(2));
        assertEquals('I', b.get(3));
        assertEquals(kind, (char) b.get(4), "kind byte");
        assertEquals(version.major(), b.get(5), "major version");
        assertEquals(version.minor(), b.get(6), "minor version");
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
        Map<Path, FormatVersion> trees = Map.of(golden(FormatVersion.V1_0), FormatVersion.V1_0,
                golden(FormatVersion.V2_0), FormatVersion.V2_0, golden(FormatVersion.V3_0), FormatVersion.V3_0,
                golden(FormatVersion.V4_0), FormatVersion.V4_0, golden(FormatVersion.V5_0), FormatVersion.V5_0, fresh,
                FormatVersion.CURRENT, golden(NEWER_MINOR), NEWER_MINOR);
        for (Map.Entry<Path, FormatVersion> tree : trees.entrySet()) {
            Path table = tree.getKey();
            FormatVersion v = tree.getValue();
            ByteBuffer schema = le(table.resolve("_schema.00000001"));
            assertHeader(schema, 'S', v);
            assertFooter(schema);
            assertEquals(1, schema.getInt(8), "schema version");
            boolean v3 = v.major() >= 3;
            assertEquals(v3 ? 21 : 16, schema.getInt(20), "column count (13 leaves, 1 struct marker, 2 struct fields"
                    + (v3 ? ", 5 columns of format 3.0)" : ")"));
            for (int rg = 0; rg < 2; rg++) {
                for (int cg = 0; cg < (v3 ? 3 : 2); cg++) {
                    ByteBuffer data = le(file(table, rg, cg, "data"));
                    assertHeader(data, 'D', v);
                    for (int p = FileHeader.LENGTH; p < v.dataStart(); p++) {
                        assertEquals(0, data.get(p), "the header is padded with zeros to the first segment");
                    }
                    ByteBuffer meta = le(file(table, rg, cg, "meta"));
                    assertHeader(meta, 'M', v);
                    assertFooter(meta);
                }
            }
        }
    }

    /**
     * Group "fixed" has 11 columns and no string: no size counter, a 2-byte null bitmap, then
     * id@2 (4) flag@6 (1) b@7 (1) sh@8 (2) l@10 (8) f@18 (4) d@22 (8) dec@30 (8) wide@38 (16)
     * day@54 (4) ts@58 (8): 66 bytes a row. Two rows (132 bytes) fit a 160-byte segment.
     *
     * <p>Format 1.0: the first segment starts right after the 8-byte header and is padded to a
     * multiple of the segment size (28 zero bytes), so the second starts at 8 + 160.
     */
    @Test
    void fixedWidthRowsDecodedByHandInFormat10() throws IOException {
        decodeFixedWidthRows(golden(FormatVersion.V1_0), 8, 8 + SEGMENT);
    }

    /**
     * Format 2.0: the header is padded with zeros to 4096 bytes, where the first segment starts; it
     * is padded to the next page boundary (4096 - 132 = 3964 zero bytes), so the second starts at
     * 8192.
     */
    @Test
    void fixedWidthRowsDecodedByHandInFormat20() throws IOException {
        decodeFixedWidthRows(fresh, 4096, 8192);
    }

    private static void decodeFixedWidthRows(Path table, int row0, int segment2) throws IOException {
        ByteBuffer data = le(file(table, 0, 0, "data"));
        int rowLength = 66;
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

        for (int p = row0 + 2 * rowLength; p < segment2; p++) {
            assertEquals(0, data.get(p), "padding byte " + p);
        }
        assertEquals(2, data.getInt(segment2 + 2), "row 2 opens the second segment");
        assertEquals(3, data.getInt(segment2 + rowLength + 2), "row 3 follows it");
        assertEquals(segment2 + 2 * rowLength, data.limit(), "the last segment is not padded");

        // Its metadata: groupId segmentSize rowCount dataLength, 11 column entries of 7 bytes,
        // then segments of offset:i64 length padding rows crc (+ per-column stats).
        ByteBuffer meta = le(file(table, 0, 0, "meta"));
        assertEquals(0, meta.getInt(8), "group id");
        assertEquals(SEGMENT, meta.getInt(12), "segment size");
        assertEquals(4L, meta.getLong(16), "rows in this row group");
        assertEquals(data.limit(), meta.getLong(24), "data length");
        assertEquals(11, meta.getInt(32), "columns");
        int segments = 36 + 11 * 7;
        assertEquals(2, meta.getInt(segments), "segments");
        int first = segments + 4;
        assertEquals(row0, meta.getLong(first), "segment 0 offset");
        assertEquals(2 * rowLength, meta.getInt(first + 8), "segment 0 length");
        assertEquals(segment2 - row0 - 2 * rowLength, meta.getInt(first + 12), "segment 0 padding");
        assertEquals(2, meta.getInt(first + 16), "segment 0 rows");
        CRC32C crc = new CRC32C();
        crc.update(data.array(), row0, 2 * rowLength);
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
     * in slot order, offsets counted from the row's first byte. The rows are the same in every
     * version; only where the first segment starts differs.
     */
    @Test
    void variableWidthRowsDecodedByHand() throws IOException {
        decodeVariableWidthRows(golden(FormatVersion.V1_0), 8);
        decodeVariableWidthRows(fresh, 4096);
    }

    private static void decodeVariableWidthRows(Path table, int row0) throws IOException {
        ByteBuffer data = le(file(table, 0, 1, "data"));
        int name = "héllo".getBytes(StandardCharsets.UTF_8).length;
        assertEquals(6, name);
        assertEquals(33 + name + 3 + 1, data.getInt(row0), "row 0 size: fixed area + héllo + 3 blob bytes + 'p'");
        assertEquals(0, data.get(row0 + 4), "row 0: no nulls");
        long namePacked = data.getLong(row0 + 5);
        assertEquals(33, namePacked >>> 32, "name offset");
        assertEquals(name, (int) namePacked, "name size");
        assertEquals("héllo", new String(data.array(), row0 + 33, name, StandardCharsets.UTF_8));
        assertEquals((long) (33 + name) << 32 | 3, data.getLong(row0 + 13), "blob at 39, 3 bytes");
        assertArrayEquals(new byte[] {1, 2, 3}, Arrays.copyOfRange(data.array(), row0 + 39, row0 + 42));
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
