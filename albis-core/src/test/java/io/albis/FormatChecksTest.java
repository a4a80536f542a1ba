package io.albis;

import static io.albis.testing.TableFiles.copyTree;
import static io.albis.testing.TableFiles.reseal;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.AlbisFormatException;
import io.albis.error.CorruptFileException;
import io.albis.error.NotAnAlbisTableException;
import io.albis.error.UnsupportedFormatVersionException;
import io.albis.layout.FormatVersion;
import io.albis.read.AlbisReader;
import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.segment.SegmentMetadata;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import io.albis.table.TableVerifier;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * One refusal for each check docs/FORMAT.md §2, §3 and §8 promise, made on copies of the golden
 * tables of format 1.0 and 2.0 (see {@link GoldenFileTest}): the reserved header byte, strictly
 * ascending group columns, the order in which a schema or metadata file is checked (magic and
 * major version, then the footer, then everything else), where each version puts the first
 * segment, format 2.0's exact padding, and a data file of another major version than its
 * metadata file.
 */
class FormatChecksTest {
    private static final int RESERVED = 7;
    private static final int MAJOR = 5;

    @TempDir
    Path dir;

    private Path v10;
    private Path v20;

    private static Path golden(String version) {
        return Path.of(System.getProperty("basedir", ".")).resolve("src/test/resources/golden/v" + version);
    }

    @BeforeEach
    void copyTheGoldenTables() throws IOException {
        v10 = dir.resolve("v1.0");
        v20 = dir.resolve("v2.0");
        copyTree(golden("1.0"), v10);
        copyTree(golden("2.0"), v20);
    }

    // ------------------------------------------------------------------ files and damage

    private static Path schemaFile(Path table) {
        return table.resolve("_schema.00000001");
    }

    /** The data or metadata file of the first row group's column group {@code groupId}. */
    private static Path groupFile(Path table, int groupId, boolean data) throws IOException {
        AlbisTable t = AlbisTable.open(table.toString());
        RowGroupRef rg = t.rowGroups().get(0);
        ColumnGroup g = t.schema().groups().stream().filter(x -> x.id() == groupId).findFirst().orElseThrow();
        return Path.of(data ? t.dataPath(rg, g) : t.metadataPath(rg, g));
    }

    private static void readEverything(Path table) throws IOException {
        AlbisTable t = AlbisTable.open(table.toString());
        try (AlbisReader r = t.newReader()) {
            while (r.advance()) {
                for (int c = 0; c < r.columnCount(); c++) {
                    r.getValue(c);
                }
            }
        }
    }

    /** Writes {@code damaged} over {@code file}, expects {@code read} to refuse it naming the file and offset, restores it. */
    private static <T extends AlbisFormatException> T refused(Class<T> type, Path file, byte[] damaged, long offset,
            String message, Executable read) throws IOException {
        byte[] original = Files.readAllBytes(file);
        Files.write(file, damaged);
        try {
            T e = assertThrows(type, read, file + ": " + message);
            assertEquals(file.toString(), e.file(), e.getMessage());
            assertEquals(offset, e.offset(), e.getMessage());
            assertTrue(e.getMessage().contains(message), e.getMessage());
            return e;
        } finally {
            Files.write(file, original);
        }
    }

    private static byte[] with(byte[] b, int at, int value) {
        byte[] m = b.clone();
        m[at] = (byte) value;
        return m;
    }

    // ------------------------------------------------------------------ header

    @Test
    void theReservedHeaderByteMustBeZero() throws IOException {
        for (Path table : List.of(v10, v20)) {
            Path schema = schemaFile(table);
            refused(CorruptFileException.class, schema, reseal(with(Files.readAllBytes(schema), RESERVED, 1)),
                    RESERVED, "reserved header byte is 1, must be 0", () -> AlbisTable.open(table.toString()));
            Path meta = groupFile(table, 1, false);
            refused(CorruptFileException.class, meta, reseal(with(Files.readAllBytes(meta), RESERVED, 0x80)),
                    RESERVED, "reserved header byte is 128, must be 0", () -> readEverything(table));
            Path data = groupFile(table, 0, true);
            refused(CorruptFileException.class, data, with(Files.readAllBytes(data), RESERVED, 2),
                    RESERVED, "reserved header byte is 2, must be 0", () -> readEverything(table));
        }
    }

    @Test
    void aDataFileOfAnotherMajorVersionThanItsMetadataIsRefused() throws IOException {
        Path data20 = groupFile(v20, 0, true);
        refused(CorruptFileException.class, data20, with(Files.readAllBytes(data20), MAJOR, 1), MAJOR,
                "data file is format 1.0 but its metadata file is 2.0", () -> readEverything(v20));
        Path data10 = groupFile(v10, 1, true);
        refused(CorruptFileException.class, data10, with(Files.readAllBytes(data10), MAJOR, 2), MAJOR,
                "data file is format 2.0 but its metadata file is 1.0", () -> readEverything(v10));
        int newer = FormatVersion.newestMajor() + 1;
        refused(UnsupportedFormatVersionException.class, data10, with(Files.readAllBytes(data10), MAJOR, newer), MAJOR,
                "format version " + newer + ".0 is newer than this reader's newest, " + (newer - 1) + ".x",
                () -> readEverything(v10));
    }

    // ------------------------------------------------------------------ order of checks

    /**
     * Magic and major version come first (they say which grammar, footer included, the file
     * follows); then the footer; the kind byte, reserved byte and body only once it checks out.
     */
    @Test
    void nothingButMagicAndMajorVersionIsInterpretedBeforeTheFooterChecksOut() throws IOException {
        Path schema = schemaFile(v20);
        byte[] s = Files.readAllBytes(schema);
        int crcAt = s.length - 8;
        // A wrong kind, a set reserved byte or a nonsense column count, unsealed: the checksum speaks first.
        refused(CorruptFileException.class, schema, with(s, 4, 'M'), crcAt, "checksum mismatch",
                () -> AlbisTable.open(v20.toString()));
        refused(CorruptFileException.class, schema, with(s, RESERVED, 1), crcAt, "checksum mismatch",
                () -> AlbisTable.open(v20.toString()));
        refused(CorruptFileException.class, schema, with(s, 23, 0x7f), crcAt, "checksum mismatch",
                () -> AlbisTable.open(v20.toString()));
        byte[] truncated = java.util.Arrays.copyOf(s, s.length - 1);
        refused(CorruptFileException.class, schema, truncated, truncated.length - 4, "end magic missing",
                () -> AlbisTable.open(v20.toString()));
        // ... while an unknown major version or foreign bytes are named as such, whatever the footer says.
        refused(UnsupportedFormatVersionException.class, schema, with(s, MAJOR, 9), MAJOR, "format version 9.0",
                () -> AlbisTable.open(v20.toString()));
        refused(NotAnAlbisTableException.class, schema, with(s, 0, 'X'), 0, "not an Albis file",
                () -> AlbisTable.open(v20.toString()));

        Path meta = groupFile(v20, 0, false);
        byte[] m = Files.readAllBytes(meta);
        refused(CorruptFileException.class, meta, with(m, 4, 'S'), m.length - 8, "checksum mismatch",
                () -> readEverything(v20));
        refused(CorruptFileException.class, meta, reseal(with(m, 4, 'S')), 4, "expected a file of kind 'M'",
                () -> readEverything(v20));
    }

    // ------------------------------------------------------------------ schema

    /** Finds the member list of the schema's group named {@code name}: after its str name and i32 size. */
    private static int membersOf(byte[] schema, String name) {
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i + 2 + n.length <= schema.length; i++) {
            if ((schema[i] & 0xff) == n.length && schema[i + 1] == 0
                    && java.util.Arrays.equals(schema, i + 2, i + 2 + n.length, n, 0, n.length)) {
                return i + 2 + n.length + 4;
            }
        }
        throw new AssertionError("no group named " + name);
    }

    @Test
    void aGroupsColumnsMustBeStrictlyAscending() throws IOException {
        Path schema = schemaFile(v20);
        byte[] s = Files.readAllBytes(schema);
        int members = membersOf(s, "rest"); // columns 11..15
        ByteBuffer b = ByteBuffer.wrap(s).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(11, b.getInt(members));
        assertEquals(12, b.getInt(members + 4));

        byte[] swapped = s.clone();
        ByteBuffer.wrap(swapped).order(ByteOrder.LITTLE_ENDIAN).putInt(members, 12).putInt(members + 4, 11);
        refused(CorruptFileException.class, schema, reseal(swapped), members + 4,
                "column group 'rest' lists column 11 after column 12; a group's columns must be strictly ascending",
                () -> AlbisTable.open(v20.toString()));

        byte[] repeated = s.clone();
        ByteBuffer.wrap(repeated).order(ByteOrder.LITTLE_ENDIAN).putInt(members + 4, 11);
        refused(CorruptFileException.class, schema, reseal(repeated), members + 4,
                "lists column 11 after column 11", () -> AlbisTable.open(v20.toString()));
    }

    // ------------------------------------------------------------------ segment placement per version

    @Test
    void eachVersionPlacesTheFirstSegmentWhereItsLayoutSays() throws IOException {
        // A 2.0 metadata file relabelled 1.0: its first segment at 4096 is not where 1.0 puts it.
        Path meta20 = groupFile(v20, 0, false);
        byte[] m20 = Files.readAllBytes(meta20);
        int firstSegment = 36 + 11 * 7 + 4; // after 11 column entries and the segment count
        refused(CorruptFileException.class, meta20, reseal(with(m20, MAJOR, 1)), firstSegment,
                "segment 0 starts at 4096, expected 8 (where format 1.0 places the first segment)",
                () -> readEverything(v20));
        // A 1.0 metadata file relabelled 2.0: its first segment at 8 is not where 2.0 puts it.
        Path meta10 = groupFile(v10, 0, false);
        byte[] m10 = Files.readAllBytes(meta10);
        refused(CorruptFileException.class, meta10, reseal(with(m10, MAJOR, 2)), 24,
                "data length 300 is less than 4096, where format 2.0 places the first segment",
                () -> readEverything(v10));
    }

    /** The segments of {@code m} with {@code extra} bytes more padding after segment {@code at}, later ones moved. */
    private static ColumnGroupMetadata withMorePadding(ColumnGroupMetadata m, int at, int extra) {
        List<SegmentMetadata> segs = new ArrayList<>();
        for (int i = 0; i < m.segments().size(); i++) {
            SegmentMetadata s = m.segments().get(i);
            segs.add(new SegmentMetadata(s.offset() + (i > at ? extra : 0), s.length(),
                    s.padding() + (i == at ? extra : 0), s.firstRow(), s.rowCount(), s.crc32c(), s.stats()));
        }
        int[] ids = new int[m.columnCount()];
        DataType[] types = new DataType[m.columnCount()];
        for (int c = 0; c < ids.length; c++) {
            ids[c] = m.columnId(c);
            types[c] = m.type(c);
        }
        return new ColumnGroupMetadata(m.groupId(), m.segmentSize(), m.rowCount(), m.dataLength() + extra, ids, types,
                segs);
    }

    /**
     * Format 1.0 only asks segments to be contiguous; format 2.0 asks each padding to be exactly
     * what starts the next segment on the next page, and none after the last one.
     */
    @Test
    void format20PaddingIsExactlyToTheNextPage() throws IOException {
        Path file = groupFile(v20, 0, false);
        ColumnGroupMetadata m = ColumnGroupMetadata.decode(Files.readAllBytes(file), file.toString());
        assertEquals(FormatVersion.V2_0, m.version());
        assertEquals(2, m.segments().size());
        // A page more padding keeps the segments contiguous, which is all 1.0 asked for:
        CorruptFileException afterFirst = assertThrows(CorruptFileException.class, () -> ColumnGroupMetadata.decode(
                withMorePadding(m, 0, FormatVersion.PAGE_SIZE).encode(), file.toString()));
        assertTrue(afterFirst.getMessage().contains("segment 0 has 8060 bytes of padding, format " + FormatVersion.CURRENT + " needs 3964 to"
                + " start the next segment on a page boundary"), afterFirst.getMessage());
        CorruptFileException afterLast = assertThrows(CorruptFileException.class, () -> ColumnGroupMetadata.decode(
                withMorePadding(m, 1, FormatVersion.PAGE_SIZE).encode(), file.toString()));
        assertTrue(afterLast.getMessage().contains("segment 1 has 4096 bytes of padding, format " + FormatVersion.CURRENT + " needs 0 after the"
                + " last segment"), afterLast.getMessage());
    }

    /** Readers never read padding, so only {@code albis verify} sees a damaged one, after the header too. */
    @Test
    void verifyChecksThePaddingAfterTheHeader() throws IOException {
        Path data = groupFile(v20, 0, true);
        Files.write(data, with(Files.readAllBytes(data), 100, 1));
        readEverything(v20);
        List<String> problems = TableVerifier.verify(AlbisTable.open(v20.toString()));
        assertEquals(List.of(data + ": padding byte at 100 after the header is not zero"), problems);
    }
}
