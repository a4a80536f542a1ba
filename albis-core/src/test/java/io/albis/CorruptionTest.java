package io.albis;

import static io.albis.testing.TableFiles.reseal;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.albis.error.AlbisFormatException;
import io.albis.error.CorruptFileException;
import io.albis.error.NotAnAlbisTableException;
import io.albis.error.UnsupportedFormatVersionException;
import io.albis.layout.FormatVersion;
import io.albis.memory.BufferAllocator;
import io.albis.layout.FileHeader;
import io.albis.layout.TableLayout;
import io.albis.read.AlbisReader;
import io.albis.read.RunReader;
import io.albis.read.ColumnBatch;
import io.albis.scan.ChecksumScan;
import io.albis.read.ReadOptions;
import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.segment.SegmentMetadata;
import io.albis.storage.LocalStorage;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.SchemaStore;
import io.albis.testing.ExpectedTable;
import io.albis.testing.MemoryChecks;
import io.albis.testing.MemoryStorage;
import io.albis.testing.RandomTables;
import io.albis.testing.RandomTables.DataProfile;
import io.albis.testing.RowAssertions;
import io.albis.testing.TableChecks;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged tables: every file kind truncated at many points and with single bits flipped at many
 * positions. The table has a flat list and map, which the checksum scan checks in its own walk. Opening and reading everything must end in exactly the written rows or in a typed
 * error naming the file (an AlbisFormatException, a CorruptDataException, or another IOException
 * naming the file) — never other rows, never an unchecked exception of the JDK, never a hang
 * (the timeouts are generous hang guards only).
 */
class CorruptionTest {
    private static final Duration HANG_GUARD = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    /** The table on the local file system, for the damaged-directory cases. */
    private Path table;
    /** The same table in memory, for the sweeps of thousands of mutations. */
    private final MemoryStorage memory = new MemoryStorage();
    private static final String MEMORY_TABLE = "mem/t";
    private ExpectedTable expected;

    /** Three row groups (12, 12 and 6 rows), two column groups, 96-byte segments. */
    @BeforeEach
    void writeSmallTable() throws IOException {
        table = dir.resolve("t");
        List<Field> fields = List.of(Field.required("id", DataType.INT), Field.of("name", DataType.STRING),
                Field.of("price", DataType.decimal(30, 4)), Field.of("ratio", DataType.DOUBLE),
                new Field("s", DataType.struct(Field.of("a", DataType.LONG), Field.of("b", DataType.BINARY)), true),
                Field.of("tags", DataType.list(DataType.INT, true)),
                Field.of("counts", DataType.map(DataType.STRING, DataType.LONG, true)));
        Map<String, List<String>> groups = new LinkedHashMap<>();
        groups.put("left", List.of("id", "name"));
        Schema schema = Schema.builder().fields(fields).groups(groups).build();
        RandomTables gen = new RandomTables(42);
        List<Object[]> rows = gen.randomRows(schema, 30, new DataProfile(0.2, 0, 30, 0, 0));
        for (int r = 0; r < rows.size(); r++) {
            rows.get(r)[0] = r;
        }
        expected = new ExpectedTable(schema, fields, rows);
        WriterOptions options = WriterOptions.defaults().withSegmentSize(96).withRowGroupRows(12);
        TableChecks.write(LocalStorage.INSTANCE, table.toString(), expected, options, new Random(1));
        TableChecks.write(memory, MEMORY_TABLE, expected, options, new Random(1));
        assertEquals(3, AlbisTable.open(table.toString()).rowGroups().size());
        assertEquals(14, memory.filesUnder(MEMORY_TABLE).size(), memory.filesUnder(MEMORY_TABLE) + ": 1 schema, 1 table state, 3 x 2 data and metadata files");
    }

    // ------------------------------------------------------------------ reading and judging

    /** Opens the local table and reads every value of every row (through the iterator or advance()). */
    private List<Object[]> readEverything(boolean verifyChecksums, boolean iterator) throws IOException {
        return readEverything(LocalStorage.INSTANCE, table.toString(), verifyChecksums, iterator);
    }

    private List<Object[]> readEverything(Storage storage, String path, boolean verifyChecksums, boolean iterator)
            throws IOException {
        AlbisTable t = AlbisTable.open(storage, path);
        t.schema().fields();
        List<Object[]> out = new ArrayList<>();
        BufferAllocator memory = MemoryChecks.allocator();
        // Damage fails reads midway: the closed reader must still have given every buffer back.
        try (AlbisReader r = t.newReader(ReadOptions.all().withVerifyChecksums(verifyChecksums).withAllocator(memory))) {
            while (TableChecks.nextRow(r, iterator)) {
                out.add(TableChecks.values(r));
            }
        } finally {
            MemoryChecks.assertNothingOutstanding(memory, path);
        }
        return out;
    }

    private boolean matchesExpected(List<Object[]> rows) {
        return RowAssertions.sameRows(expected.rows(), rows);
    }

    private enum Outcome { CORRECT_ROWS, TYPED_ERROR, OTHER_ROWS }

    /**
     * Reads everything and classifies the outcome; fails the test on an error that is not typed or
     * does not name a file of the table.
     */
    private Outcome readAndJudge(boolean verifyChecksums, boolean iterator, String context) {
        return readAndJudge(LocalStorage.INSTANCE, table.toString(), verifyChecksums, iterator, context);
    }

    private Outcome readAndJudge(Storage storage, String path, boolean verifyChecksums, boolean iterator,
            String context) {
        Outcome rows;
        try {
            rows = matchesExpected(readEverything(storage, path, verifyChecksums, iterator))
                    ? Outcome.CORRECT_ROWS : Outcome.OTHER_ROWS;
        } catch (IOException | UncheckedIOException e) {
            assertTypedError(e, path, context);
            rows = Outcome.TYPED_ERROR;
        } catch (RuntimeException | Error e) {
            throw new AssertionError(context + ": untyped " + e, e);
        }
        readBatchesAndScan(storage, path, verifyChecksums, rows, context);
        return rows;
    }

    /**
     * Reads the same table through batches and the checksum scan, which walk segments their own
     * way: each ends in a typed error or, where the row API gave the written rows, in as many rows.
     */
    private void readBatchesAndScan(Storage storage, String path, boolean verifyChecksums, Outcome rows,
            String context) {
        BufferAllocator memory = MemoryChecks.allocator();
        ReadOptions options = ReadOptions.all().withVerifyChecksums(verifyChecksums).withAllocator(memory);
        try {
            AlbisTable t = AlbisTable.open(storage, path);
            long batchRows = 0;
            try (RunReader r = t.newRunReader(options)) {
                ColumnBatch batch = ColumnBatch.forReader(r, 7);
                int n;
                while ((n = r.nextBatch(batch)) > 0) {
                    batchRows += n;
                    for (int c = 0; c < batch.columnCount(); c++) {
                        for (int i = 0; i < n; i++) {
                            batch.column(c).isNull(i);
                        }
                    }
                }
            }
            long scanned = ChecksumScan.scan(t, options, 1).rows();
            if (rows == Outcome.CORRECT_ROWS) {
                assertEquals(expected.rowCount(), batchRows, context + ": rows through batches");
                assertEquals(expected.rowCount(), scanned, context + ": rows through the checksum scan");
            }
        } catch (IOException | UncheckedIOException e) {
            assertTypedError(e, path, context + " (batches or scan)");
        } catch (RuntimeException | Error e) {
            throw new AssertionError(context + " (batches or scan): untyped " + e, e);
        } finally {
            MemoryChecks.assertNothingOutstanding(memory, path);
        }
    }

    /** An AlbisFormatException (possibly wrapped) naming a file of the table, or an IOException naming one. */
    private void assertTypedError(Exception e, String tablePath, String context) {
        Throwable t = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
        if (t instanceof AlbisFormatException f) {
            assertNotNull(f.file(), context + ": no file named in " + f);
            assertTrue(f.file().startsWith(tablePath), context + ": names a file outside the table: " + f);
            assertTrue(f.getMessage().contains(f.file()), context + ": message does not name the file: " + f);
            // Every damage is located: a byte offset, unless the file itself is missing.
            assertTrue(f.offset() >= 0 || f.reason().contains("missing"), context + ": no offset in " + f);
            return;
        }
        if (t instanceof IOException io) {
            assertTrue(io.getMessage() != null && io.getMessage().contains(tablePath),
                    context + ": an IOException that does not name the file: " + io);
            return;
        }
        throw new AssertionError(context + ": unexpected " + e, e);
    }

    // ------------------------------------------------------------------ files and mutations

    /** The local table's files of a kind: "schema", "meta" or "data", sorted by path. */
    private List<Path> files(String kind) throws IOException {
        try (Stream<Path> s = Files.walk(table)) {
            return s.filter(Files::isRegularFile).filter(p -> isKind(p.getFileName().toString(), kind)).sorted().toList();
        }
    }

    /** The in-memory table's files of a kind. */
    private List<String> memoryFiles(String kind) {
        return memory.filesUnder(MEMORY_TABLE).stream()
                .filter(p -> isKind(p.substring(p.lastIndexOf('/') + 1), kind)).toList();
    }

    private static boolean isKind(String name, String kind) {
        return switch (kind) {
            case "schema" -> name.startsWith("_schema.");
            case "meta", "data" -> TableLayout.columnGroupFile(name) != null
                    && TableLayout.columnGroupFile(name).kind().equals(kind);
            default -> throw new IllegalArgumentException(kind);
        };
    }

    /** Puts {@code mutated} into an in-memory file, judges a full read, and restores the file. */
    private Outcome withMutation(String file, byte[] original, byte[] mutated, boolean verifyChecksums, String context)
            throws IOException {
        memory.overwrite(file, mutated);
        try {
            return readAndJudge(memory, MEMORY_TABLE, verifyChecksums, (context.hashCode() & 1) == 0, context);
        } finally {
            memory.overwrite(file, original);
        }
    }

    private static byte[] flipBit(byte[] b, int position, int bit) {
        byte[] m = b.clone();
        m[position] ^= (byte) (1 << bit);
        return m;
    }

    /** Lengths to truncate a file of {@code n} bytes to: 0, 1, header-1, header, every {@code step}, n-1. */
    private static List<Integer> truncationPoints(int n, int step) {
        List<Integer> points = new ArrayList<>(List.of(0, 1, 7, 8));
        for (int k = 9; k < n - 1; k += step) {
            points.add(k);
        }
        points.add(n - 1);
        return points.stream().filter(k -> k >= 0 && k < n).distinct().toList();
    }

    /**
     * The byte positions of a file worth damaging, in order: every byte of a schema or metadata
     * file; of a data file the header, the rows of every segment, and the first and last byte of
     * each stretch of padding. Readers never read padding (only {@code albis verify} does), and a
     * format-2.0 data file is mostly padding when segments are far smaller than a page, as here.
     */
    private List<Integer> positionsWorthDamaging(String file, byte[] bytes) throws IOException {
        List<Integer> all = new ArrayList<>();
        if (!file.endsWith("." + TableLayout.DATA_FILE)) {
            for (int i = 0; i < bytes.length; i++) {
                all.add(i);
            }
            return all;
        }
        String metaPath = file.substring(0, file.length() - TableLayout.DATA_FILE.length()) + TableLayout.META_FILE;
        ColumnGroupMetadata meta = ColumnGroupMetadata.decode(memory.bytes(metaPath), metaPath);
        for (int i = 0; i < FileHeader.LENGTH; i++) {
            all.add(i);
        }
        addPaddingEnds(all, FileHeader.LENGTH, meta.version().dataStart() - FileHeader.LENGTH);
        for (SegmentMetadata seg : meta.segments()) {
            for (long i = seg.offset(); i < seg.offset() + seg.length(); i++) {
                all.add((int) i);
            }
            addPaddingEnds(all, seg.offset() + seg.length(), seg.padding());
        }
        return all;
    }

    private static void addPaddingEnds(List<Integer> positions, long from, long length) {
        if (length > 0) {
            positions.add((int) from);
        }
        if (length > 1) {
            positions.add((int) (from + length - 1));
        }
    }

    private Map<Outcome, Integer> truncateEverywhere(String kind, int step) throws IOException {
        Map<Outcome, Integer> tally = new LinkedHashMap<>();
        for (String f : memoryFiles(kind)) {
            byte[] original = memory.bytes(f);
            Set<Integer> worth = new HashSet<>(positionsWorthDamaging(f, original));
            List<Integer> points = truncationPoints(original.length, step).stream()
                    .filter(k -> k <= FileHeader.LENGTH || k == original.length - 1 || worth.contains(k)).toList();
            for (int k : points) {
                String context = f + " truncated to " + k + " of " + original.length + " bytes";
                Outcome o = withMutation(f, original, Arrays.copyOf(original, k), true, context);
                assertEquals(Outcome.TYPED_ERROR, o, context + ": a truncated file must be refused");
                tally.merge(o, 1, Integer::sum);
            }
        }
        return tally;
    }

    /**
     * Flips one bit at each chosen position (a different bit per position, all 8 bits in the
     * header); with {@code reseal} the footer checksum is fixed up first.
     */
    private Map<Outcome, Integer> flipEverywhere(String kind, int step, boolean reseal, boolean verifyChecksums)
            throws IOException {
        return flipEverywhere(kind, step, reseal, verifyChecksums, verifyChecksums);
    }

    /** As above; {@code rowsMustBeExact} demands the written rows or a typed error. */
    private Map<Outcome, Integer> flipEverywhere(String kind, int step, boolean reseal, boolean verifyChecksums,
            boolean rowsMustBeExact) throws IOException {
        Map<Outcome, Integer> tally = new LinkedHashMap<>();
        for (String f : memoryFiles(kind)) {
            byte[] original = memory.bytes(f);
            int bodyEnd = reseal ? original.length - 8 : original.length;
            List<Integer> worth = positionsWorthDamaging(f, original);
            for (int w = 0; w < worth.size() && worth.get(w) < bodyEnd; w += worth.get(w) < 8 ? 1 : step) {
                int pos = worth.get(w);
                int[] bits = pos < 8 ? new int[] {0, 1, 2, 3, 4, 5, 6, 7} : new int[] {(pos * 3 + 1) % 8};
                for (int bit : bits) {
                    byte[] m = flipBit(original, pos, bit);
                    if (reseal) {
                        m = reseal(m);
                    }
                    String context = f + " with bit " + bit + " of byte " + pos + " flipped"
                            + (reseal ? " and the footer resealed" : "") + (verifyChecksums ? "" : ", checksums off");
                    Outcome o = withMutation(f, original, m, verifyChecksums, context);
                    if (rowsMustBeExact) {
                        assertTrue(o != Outcome.OTHER_ROWS, context + ": returned different rows without an error");
                    }
                    tally.merge(o, 1, Integer::sum);
                }
            }
        }
        return tally;
    }

    // ------------------------------------------------------------------ the sweeps

    @Test
    void truncatedFilesOfEveryKindAreRefused() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            assertTrue(truncateEverywhere("schema", 1).get(Outcome.TYPED_ERROR) > 100);
            assertTrue(truncateEverywhere("meta", 3).get(Outcome.TYPED_ERROR) > 100);
            assertTrue(truncateEverywhere("data", 5).get(Outcome.TYPED_ERROR) > 100);
        });
    }

    @Test
    void bitFlipsInSchemaFilesGiveTheRowsOrATypedError() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            Map<Outcome, Integer> plain = flipEverywhere("schema", 1, false, true);
            assertEquals(null, plain.get(Outcome.CORRECT_ROWS), "every flip of a checksummed schema is noticed: " + plain);
            // A resealed schema is a valid, different schema (a nullable flag, a deleted flag, a group
            // id naming a group no row group holds, which then reads as null): other rows are
            // legitimate, but parsing must still end in a schema or a typed error.
            Map<Outcome, Integer> resealed = flipEverywhere("schema", 1, true, true, false);
            assertTrue(resealed.getOrDefault(Outcome.TYPED_ERROR, 0) > 0, resealed.toString());
        });
    }

    @Test
    void bitFlipsInMetadataFilesGiveTheRowsOrATypedError() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            Map<Outcome, Integer> plain = flipEverywhere("meta", 1, false, true);
            assertEquals(null, plain.get(Outcome.CORRECT_ROWS), "every flip of a checksummed metadata file: " + plain);
            // Everything in a metadata file that an unfiltered read depends on is validated, so even
            // with a correct checksum a damaged structure never yields other rows.
            Map<Outcome, Integer> resealed = flipEverywhere("meta", 1, true, true);
            assertTrue(resealed.getOrDefault(Outcome.TYPED_ERROR, 0) > 0, resealed.toString());
        });
    }

    @Test
    void bitFlipsInDataFilesGiveTheRowsOrATypedError() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            Map<Outcome, Integer> tally = flipEverywhere("data", 1, false, true);
            assertTrue(tally.getOrDefault(Outcome.TYPED_ERROR, 0) > 100, tally.toString());
        });
    }

    /**
     * With checksums off nothing catches a changed value, so other rows may come back; but every
     * length and offset inside the data is still checked: no JDK exception, no hang.
     */
    @Test
    void bitFlipsInDataFilesWithChecksumsOffNeverCrashTheReader() {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            Map<Outcome, Integer> tally = flipEverywhere("data", 1, false, false);
            assertTrue(tally.getOrDefault(Outcome.OTHER_ROWS, 0) > 0, tally.toString());
        });
    }

    // ------------------------------------------------------------------ damaged directories

    @Test
    void aDirectoryThatIsNotATableIsRefused() throws IOException {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        assertThrows(NotAnAlbisTableException.class, () -> AlbisTable.open(empty.toString()));
        Files.writeString(empty.resolve("readme.txt"), "hello");
        Files.createDirectory(empty.resolve("rg-00000000"));
        assertThrows(NotAnAlbisTableException.class, () -> AlbisTable.open(empty.toString()));
        assertThrows(NotAnAlbisTableException.class, () -> AlbisTable.open(dir.resolve("missing").toString()));
    }

    @Test
    void aForeignFileNamedLikeASchemaIsRefused() throws IOException {
        Path schema = files("schema").get(0);
        for (byte[] foreign : List.of("PK\u0003\u0004 a zip file, not a schema".getBytes(StandardCharsets.ISO_8859_1),
                new byte[0], "ALB".getBytes(StandardCharsets.US_ASCII), new byte[1000])) {
            Files.write(schema, foreign);
            NotAnAlbisTableException e = assertThrows(NotAnAlbisTableException.class, () -> AlbisTable.open(table.toString()));
            assertEquals(schema.toString(), e.file());
        }
    }

    @Test
    void anotherMajorVersionIsRefusedAsUnsupported() throws IOException {
        Path schema = files("schema").get(0);
        byte[] original = Files.readAllBytes(schema);
        for (int major : new int[] {FormatVersion.newestMajor() + 1, 0, 255}) {
            byte[] m = original.clone();
            m[5] = (byte) major;
            Files.write(schema, reseal(m));
            UnsupportedFormatVersionException e = assertThrows(UnsupportedFormatVersionException.class,
                    () -> AlbisTable.open(table.toString()));
            assertEquals(5, e.offset());
        }
        Files.write(schema, original);
        byte[] minor = original.clone();
        minor[6] = 7;
        Files.write(schema, reseal(minor));
        assertTrue(matchesExpected(readEverything(true, false)), "a newer minor version is readable");
        Files.write(schema, original);

        Path meta = files("meta").get(0);
        byte[] metaBytes = Files.readAllBytes(meta);
        metaBytes[5] = (byte) (FormatVersion.newestMajor() + 1);
        Files.write(meta, reseal(metaBytes));
        UnsupportedFormatVersionException e = assertThrows(UnsupportedFormatVersionException.class,
                () -> readEverything(true, false));
        assertEquals(meta.toString(), e.file());
    }

    @Test
    void aMissingMetadataFileIsACorruptTable() throws IOException {
        Path meta = files("meta").get(2);
        Files.delete(meta);
        CorruptFileException e = assertThrows(CorruptFileException.class, () -> readEverything(true, false));
        assertEquals(meta.toString(), e.file());
        assertInstanceOf(CorruptFileException.class, assertThrows(UncheckedIOException.class,
                () -> readEverything(true, true)).getCause());
    }

    @Test
    void aMissingDataFileIsAnErrorNamingIt() throws IOException {
        Path data = files("data").get(3);
        Files.delete(data);
        CorruptFileException e = assertThrows(CorruptFileException.class, () -> readEverything(true, false));
        assertEquals(data.toString(), e.file(), e.toString());
        assertTrue(e.getMessage().contains("data file is missing"), e.toString());
    }

    @Test
    void dataFileWithExtraBytesOrSwappedWithAnotherIsRefused() throws IOException {
        List<Path> data = files("data");
        byte[] first = Files.readAllBytes(data.get(0));
        byte[] longer = Arrays.copyOf(first, first.length + 1);
        Files.write(data.get(0), longer);
        assertEquals(Outcome.TYPED_ERROR, readAndJudge(true, false, "one byte appended"));
        Files.write(data.get(0), first);
        byte[] other = Files.readAllBytes(data.get(2)); // same column group, next row group
        Files.write(data.get(0), other);
        Files.write(data.get(2), first);
        assertEquals(Outcome.TYPED_ERROR, readAndJudge(true, false, "data files of two row groups swapped"));
    }

    @Test
    void metadataFilesSwappedBetweenColumnGroupsAreRefused() throws IOException {
        List<Path> metas = files("meta");
        byte[] a = Files.readAllBytes(metas.get(0));
        byte[] b = Files.readAllBytes(metas.get(1));
        Files.write(metas.get(0), b);
        Files.write(metas.get(1), a);
        CorruptFileException e = assertThrows(CorruptFileException.class, () -> readEverything(true, false));
        assertTrue(e.getMessage().contains("column group"), e.getMessage());
    }

    @Test
    void aDamagedNewestTableStateIsAnErrorNotASilentFallback() throws IOException {
        byte[] state = Files.readAllBytes(table.resolve("_state.00000001"));
        Files.write(table.resolve("_state.00000002"), state);
        assertThrows(CorruptFileException.class, () -> AlbisTable.open(table.toString()),
                "version 2 holding version 1");
        Files.write(table.resolve("_state.00000002"), "garbage".getBytes(StandardCharsets.US_ASCII));
        assertThrows(NotAnAlbisTableException.class, () -> AlbisTable.open(table.toString()));
        Files.delete(table.resolve("_state.00000002"));
        Files.delete(table.resolve("_schema.00000001"));
        CorruptFileException e = assertThrows(CorruptFileException.class, () -> AlbisTable.open(table.toString()));
        assertTrue(e.getMessage().contains("schema version 1 is missing"), e.getMessage());
    }

    @Test
    void leftoverTemporaryFilesOrphanColumnGroupsAndForeignNamesAreIgnored() throws IOException {
        AlbisTable t = AlbisTable.open(table.toString());
        String first = t.rowGroups().get(0).path();
        String second = t.rowGroups().get(1).path();
        ColumnGroup g = t.schema().groups().get(0);
        byte[] data = Files.readAllBytes(Path.of(t.dataPath(t.rowGroups().get(0), g)));
        byte[] meta = Files.readAllBytes(Path.of(t.metadataPath(t.rowGroups().get(0), g)));
        Files.write(table.resolve(TableLayout.tempName(Path.of(first).getFileName() + ".cg-00000000.data")), data);
        Files.writeString(table.resolve("_tmp._schema.00000009.x"), "half-written schema");
        // A column group the schema does not list (left by an abandoned schema change).
        Files.write(Path.of(second + ".cg-00000099.meta"), "not even a metadata file".getBytes(StandardCharsets.US_ASCII));
        // A row group no state lists, and names that are close to a row group file but not one.
        String unlisted = table.resolve("rg-0123456789abcdef0123-00000000-00000000-00000000").toString();
        Files.write(Path.of(unlisted + ".cg-00000000.data"), data);
        Files.write(Path.of(unlisted + ".cg-00000000.meta"), meta);
        Files.write(Path.of(first + ".cg-00000000.data.bak"), data);
        Files.write(Path.of(first + ".cg-0000000.meta"), meta);
        Files.createDirectories(table.resolve(".hidden"));
        Files.writeString(table.resolve("_schema.1"), "not eight digits: not a schema file");
        Files.writeString(table.resolve("_schema.00000001.bak"), "not a schema file either");
        Files.createDirectories(table.resolve("rg-1"));
        Files.createDirectories(table.resolve("rg-00000005/cg-00000000"));
        assertEquals(3, AlbisTable.open(table.toString()).rowGroups().size());
        assertTrue(matchesExpected(readEverything(true, false)), "the same rows as before");
    }

    @Test
    void aDirectoryInPlaceOfAListedRowGroupsFileIsAnErrorNamingIt() throws IOException {
        AlbisTable t = AlbisTable.open(table.toString());
        Path data = Path.of(t.dataPath(t.rowGroups().get(1), t.schema().groups().get(0)));
        Files.delete(data);
        Files.createDirectories(data);
        IOException e = assertThrows(IOException.class, () -> readEverything(true, false));
        assertTrue(e.getMessage().contains(data.toString()), e.toString());
    }

    @Test
    void aListedRowGroupWithoutFilesIsAnError() throws IOException {
        String rg = AlbisTable.open(table.toString()).rowGroups().get(2).path();
        for (Path p : files("data")) {
            if (p.toString().startsWith(rg + ".")) {
                Files.delete(p);
            }
        }
        for (Path p : files("meta")) {
            if (p.toString().startsWith(rg + ".")) {
                Files.delete(p);
            }
        }
        CorruptFileException e = assertThrows(CorruptFileException.class, () -> readEverything(true, false));
        assertTrue(e.file().startsWith(rg), e.file());
        assertTrue(e.getMessage().contains("missing"), e.getMessage());
    }

    @Test
    void theTableStateNamesTheSchemaReadersUse() throws IOException {
        AlbisTable v1 = AlbisTable.open(table.toString());
        SchemaStore.publish(LocalStorage.INSTANCE, table.toString(), v1.schema().withVersion(2));
        assertEquals(1, AlbisTable.open(table.toString()).schema().version(),
                "a schema no commit names is not the table's yet");
        assertTrue(matchesExpected(readEverything(true, false)));
        Files.writeString(table.resolve("_schema.00000003"), "a damaged schema no state names");
        assertTrue(matchesExpected(readEverything(true, false)));
    }
}
