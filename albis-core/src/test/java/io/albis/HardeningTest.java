package io.albis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.AlbisFormatException;
import io.albis.error.CorruptFileException;
import io.albis.error.InvalidOptionException;
import io.albis.layout.FileHeader;
import io.albis.layout.TableLayout;
import io.albis.memory.BufferAllocator;
import io.albis.memory.MemoryLimitException;
import io.albis.read.AlbisReader;
import io.albis.read.RunReader;
import io.albis.read.ColumnBatch;
import io.albis.read.CorruptDataException;
import io.albis.read.ReadOptions;
import io.albis.row.RowLayout;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.table.TableVerifier;
import io.albis.testing.ExpectedTable;
import io.albis.testing.MemoryChecks;
import io.albis.testing.MemoryStorage;
import io.albis.testing.TableChecks;
import io.albis.util.Crc32c;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regression tests for what the hardening issue found: every byte of a data file's header is
 * checked, tiny files, null slots that are not zero-filled, damaged files in the iterator, memory
 * bounded by the allocator, offsets in errors, links and the digits of file names.
 */
class HardeningTest {
    private static final String TABLE = "mem/t";

    @TempDir
    Path dir;

    private final MemoryStorage storage = new MemoryStorage();

    /** id, a nullable string (every third row null) and a long, in one column group; 48-byte segments. */
    private ExpectedTable writeTable(int rows) throws IOException {
        List<Field> fields = List.of(Field.required("id", DataType.INT), Field.of("s", DataType.STRING),
                Field.of("l", DataType.LONG));
        Schema schema = Schema.builder().fields(fields).build();
        List<Object[]> values = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            values.add(new Object[] {r, r % 3 == 0 ? null : "v" + r, (long) r * 7});
        }
        ExpectedTable expected = new ExpectedTable(schema, fields, values);
        TableChecks.write(storage, TABLE, expected, WriterOptions.defaults().withSegmentSize(64), new Random(1));
        return expected;
    }

    private String onlyFile(String suffix) {
        List<String> files = storage.filesUnder(TABLE).stream().filter(f -> f.endsWith(suffix)).toList();
        assertEquals(1, files.size(), files.toString());
        return files.get(0);
    }

    private static String metaOf(String dataFile) {
        return dataFile.substring(0, dataFile.length() - TableLayout.DATA_FILE.length()) + TableLayout.META_FILE;
    }

    /** Reads every row through the iterator, with checksums as given. */
    private List<Object[]> readRows(boolean verify) throws IOException {
        List<Object[]> out = new ArrayList<>();
        BufferAllocator memory = MemoryChecks.allocator();
        try (AlbisReader r = AlbisTable.open(storage, TABLE).newReader(ReadOptions.all().withVerifyChecksums(verify)
                .withAllocator(memory))) {
            while (r.hasNext()) {
                r.next();
                Object[] row = new Object[r.columnCount()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = r.getValue(i);
                }
                out.add(row);
            }
        } finally {
            MemoryChecks.assertNothingOutstanding(memory, TABLE);
        }
        return out;
    }

    /** Reads every row through batches, as boxed values. */
    private List<Object[]> readBatches(boolean verify) throws IOException {
        List<Object[]> out = new ArrayList<>();
        try (RunReader r = AlbisTable.open(storage, TABLE).newRunReader(ReadOptions.all().withVerifyChecksums(verify))) {
            ColumnBatch batch = ColumnBatch.forReader(r, 5);
            int n;
            while ((n = r.nextBatch(batch)) > 0) {
                for (int i = 0; i < n; i++) {
                    out.add(new Object[] {batch.column(0).getInt(i), batch.column(1).getString(i),
                            batch.column(2).isNull(i) ? null : batch.column(2).getLong(i)});
                }
            }
        }
        return out;
    }

    private static void assertSameRows(List<Object[]> want, List<Object[]> got, String context) {
        assertEquals(want.size(), got.size(), context);
        for (int r = 0; r < want.size(); r++) {
            assertEquals(Arrays.asList(want.get(r)), Arrays.asList(got.get(r)), context + ", row " + r);
        }
    }

    /** An error a reader may give for damage: names the file and a byte offset. */
    private static AlbisFormatException assertNamesFileAndOffset(Throwable e, String file) {
        Throwable t = e instanceof CorruptDataException ? e.getCause() : e;
        AlbisFormatException f = assertInstanceOf(AlbisFormatException.class, t, () -> "not typed: " + e);
        assertEquals(file, f.file(), f.getMessage());
        assertTrue(f.offset() >= 0, "no offset: " + f.getMessage());
        return f;
    }

    // 1. Data-file header bytes 6 and 7: no checksum covers them, so they are checked.

    @Test
    void everyBitOfADataFileHeaderIsCheckedByReadersAndVerify() throws IOException {
        writeTable(10);
        String data = onlyFile(".data");
        byte[] original = storage.bytes(data);
        for (int pos = 0; pos < FileHeader.LENGTH; pos++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] damaged = original.clone();
                damaged[pos] ^= (byte) (1 << bit);
                storage.overwrite(data, damaged);
                String context = "bit " + bit + " of header byte " + pos;
                CorruptDataException e = assertThrows(CorruptDataException.class, () -> readRows(true), context);
                assertEquals(pos, assertNamesFileAndOffset(e, data).offset(), context + ": " + e.getMessage());
                List<String> problems = TableVerifier.verify(AlbisTable.open(storage, TABLE));
                assertEquals(1, problems.size(), context + ": " + problems);
                assertTrue(problems.get(0).startsWith(data + " at offset " + pos), context + ": " + problems);
            }
        }
        storage.overwrite(data, original);
        assertEquals(10, readRows(true).size());
    }

    // 2. Schema and metadata files of 8 to 15 bytes whose footer checks out (header and footer overlap).

    @Test
    void schemaAndMetadataFilesTooShortForHeaderAndFooterAreCorrupt() throws IOException {
        writeTable(4);
        String schema = storage.filesUnder(TABLE).stream().filter(f -> f.contains("_schema.")).findFirst().orElseThrow();
        String meta = onlyFile(".meta");
        for (String file : List.of(schema, meta)) {
            byte[] original = storage.bytes(file);
            for (int n = 8; n < 16; n++) {
                storage.overwrite(file, overlappingFooter(original, n));
                Throwable e = assertThrows(Exception.class, () -> readRows(true), file + " of " + n + " bytes");
                AlbisFormatException f = assertNamesFileAndOffset(e, file);
                // Under 14 bytes the footer's checksum overwrites the magic or the major version, which
                // make it a foreign file or one of an unknown version; from 14 on the header is intact.
                if (n >= 14) {
                    assertInstanceOf(CorruptFileException.class, f, f.getMessage());
                    assertTrue(f.getMessage().contains("too short for its header and footer"), f.getMessage());
                }
            }
            storage.overwrite(file, original);
        }
    }

    /** The first {@code n} bytes of a file, the last 8 of them replaced by a footer that checks out. */
    private static byte[] overlappingFooter(byte[] file, int n) {
        byte[] b = Arrays.copyOf(file, n);
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(n - 8, Crc32c.of(b, 0, n - 8));
        System.arraycopy(new byte[] {'A', 'L', 'B', 'E'}, 0, b, n - 4, 4);
        return b;
    }

    // 3. A null string slot that is not zero-filled (checksums off): batches agree with the row API.

    @Test
    void batchesAndRowsAgreeOnANullStringSlotThatIsNotZeroFilled() throws IOException {
        ExpectedTable expected = writeTable(12);
        String data = onlyFile(".data");
        ColumnGroupMetadata meta = ColumnGroupMetadata.decode(storage.bytes(metaOf(data)), metaOf(data));
        RowLayout layout = new RowLayout(expected.schema(), expected.schema().groups().get(0));
        int slot = 1; // s; row 0 of the first segment is null
        long at = meta.segments().get(0).offset() + layout.fixedOffset(slot);
        byte[] original = storage.bytes(data);
        // Inside the row: both readers see a null; outside it: both report the damage.
        long[] garbage = {RowLayout.packOffsetSize(layout.fixedEnd(), 1), RowLayout.packOffsetSize(5000, 3000),
                RowLayout.packOffsetSize(layout.fixedEnd(), -1)};
        for (long packed : garbage) {
            byte[] damaged = original.clone();
            ByteBuffer.wrap(damaged).order(ByteOrder.LITTLE_ENDIAN).putLong((int) at, packed);
            storage.overwrite(data, damaged);
            String context = "null slot holding offset " + RowLayout.offsetOf(packed) + ", size " + RowLayout.sizeOf(packed);
            List<Object[]> rows = null;
            List<Object[]> batches = null;
            Exception rowError = null;
            Exception batchError = null;
            try {
                rows = readRows(false);
            } catch (CorruptDataException e) {
                rowError = e;
            }
            try {
                batches = readBatches(false);
            } catch (CorruptFileException e) {
                batchError = e;
            }
            assertEquals(rowError == null, batchError == null, context + ": rows " + rowError + ", batches " + batchError);
            if (rowError == null) {
                assertSameRows(expected.rows(), rows, context + " (rows)");
                assertSameRows(expected.rows(), batches, context + " (batches)");
                assertNull(rows.get(0)[1]);
            } else {
                assertNamesFileAndOffset(rowError, data);
                assertNamesFileAndOffset(batchError, data);
            }
        }
    }

    // 4. A data or metadata file with bad magic or under 8 bytes: CorruptDataException from the iterator.

    @Test
    void dataAndMetadataFilesWithBadMagicOrUnderAHeaderAreCorruptData() throws IOException {
        writeTable(6);
        String data = onlyFile(".data");
        for (String file : List.of(data, metaOf(data))) {
            byte[] original = storage.bytes(file);
            byte[] badMagic = original.clone();
            badMagic[1] = 'X';
            for (byte[] damaged : List.of(badMagic, Arrays.copyOf(original, 5), new byte[0])) {
                storage.overwrite(file, damaged);
                CorruptDataException e = assertThrows(CorruptDataException.class, () -> readRows(true), file);
                assertInstanceOf(CorruptFileException.class, e.getCause(), e.getMessage());
                assertEquals(file, ((CorruptFileException) e.getCause()).file());
            }
            storage.overwrite(file, original);
        }
    }

    // 6. Memory bounded by the allocator's limit, never by what a file claims.

    @Test
    void aReaderNeedingMoreThanItsAllocatorsLimitSaysSoNamingLimitAndFile() throws IOException {
        List<Field> fields = List.of(Field.required("id", DataType.LONG));
        Schema schema = Schema.builder().fields(fields).build();
        try (AlbisWriter w = AlbisWriter.create(storage, TABLE, schema, WriterOptions.defaults()
                .withSegmentSize(1 << 20))) {
            for (long r = 0; r < 200_000; r++) {
                w.setLong(0, r);
                w.nextRow();
            }
        }
        BufferAllocator small = new BufferAllocator(256 << 10);
        MemoryLimitException e = assertThrows(MemoryLimitException.class, () -> {
            try (AlbisReader r = AlbisTable.open(storage, TABLE).newReader(ReadOptions.all().withAllocator(small))) {
                while (r.advance()) {
                    r.getLong(0);
                }
            }
        });
        assertTrue(e.getMessage().contains("memory limit of 256.0 KiB") && e.getMessage().contains(onlyFile(".data")),
                e.getMessage());
        MemoryChecks.assertNothingOutstanding(small, TABLE);
        List<String> problems = TableVerifier.check(AlbisTable.open(storage, TABLE), small).problems();
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("memory limit of 256.0 KiB") && problems.get(0).contains("verifier"),
                problems.toString());
        MemoryChecks.assertNothingOutstanding(small, TABLE);
    }

    @Test
    void aWriterNeedingMoreThanItsAllocatorsLimitFailsCleanly() throws IOException {
        List<Field> fields = List.of(Field.of("a", DataType.LONG), Field.of("b", DataType.LONG),
                Field.of("c", DataType.LONG));
        Schema schema = Schema.builder().fields(fields).groups(Map.of("a", List.of("a"), "b", List.of("b"),
                "c", List.of("c"))).build();
        BufferAllocator small = new BufferAllocator(2 << 20);
        AlbisWriter w = AlbisWriter.create(storage, TABLE, schema, WriterOptions.defaults().withSegmentSize(1 << 20))
                .withAllocator(small);
        MemoryLimitException e = assertThrows(MemoryLimitException.class, () -> {
            w.setLong(0, 1);
            w.nextRow();
        });
        w.abort();
        assertTrue(e.getMessage().contains("memory limit of 2.0 MiB") && e.getMessage().contains("writer of "),
                e.getMessage());
        MemoryChecks.assertNothingOutstanding(small, TABLE);
        assertFalse(storage.filesUnder(TABLE).stream().anyMatch(f -> f.endsWith(".data") || f.endsWith(".meta")),
                storage.filesUnder(TABLE).toString());
    }

    // 8. Links and the digits of file names.

    @Test
    void aSchemaFileThatIsALinkOutOfTheTableIsNotFollowed() throws IOException {
        Path table = dir.resolve("t");
        TableChecks.write(LocalStorage.INSTANCE, table.toString(), new ExpectedTable(
                Schema.builder().fields(List.of(Field.of("x", DataType.INT))).build(),
                List.of(Field.of("x", DataType.INT)), List.<Object[]>of(new Object[] {1})), WriterOptions.defaults(),
                new Random(1));
        Path outside = dir.resolve("secret");
        Files.write(outside, new byte[64]);
        Path schema;
        try (var s = Files.list(table)) {
            schema = s.filter(p -> p.getFileName().toString().startsWith("_schema.")).findFirst().orElseThrow();
        }
        Files.delete(schema);
        Files.createSymbolicLink(schema, outside);
        IOException e = assertThrows(IOException.class, () -> AlbisTable.open(table.toString()));
        assertTrue(e.getMessage().contains(schema.toString()) && e.getMessage().contains("symbolic link"), e.getMessage());

        // The table directory itself may be a link.
        Path fresh = dir.resolve("fresh");
        TableChecks.write(LocalStorage.INSTANCE, fresh.toString(), new ExpectedTable(
                Schema.builder().fields(List.of(Field.of("x", DataType.INT))).build(),
                List.of(Field.of("x", DataType.INT)), List.<Object[]>of(new Object[] {1})), WriterOptions.defaults(),
                new Random(1));
        Path link = Files.createSymbolicLink(dir.resolve("link"), fresh);
        assertEquals(1, AlbisTable.open(link.toString()).rowCount());
    }

    @Test
    void numbersBeyondTheEightDigitsOfFileNamesAreRefused() {
        String job = "0123456789abcdef0123";
        String last = TableLayout.rowGroupName(job, 0, 0, TableLayout.MAX_NAME_NUMBER);
        assertEquals(job, TableLayout.rowGroupJob(last), last);
        InvalidOptionException e = assertThrows(InvalidOptionException.class,
                () -> TableLayout.rowGroupName(job, 0, 0, 100_000_000));
        assertTrue(e.getMessage().contains("100000000") && e.getMessage().contains("8 digits"), e.getMessage());
        assertThrows(InvalidOptionException.class, () -> TableLayout.stateName(100_000_000));
        assertThrows(InvalidOptionException.class, () -> TableLayout.schemaName(100_000_000));
        assertThrows(InvalidOptionException.class, () -> TableLayout.columnGroupName(100_000_000));
    }

    @Test
    void filtersNameAnyColumnBackQuotedAndCompareWithNaN() throws IOException {
        List<Field> fields = List.of(Field.of("unit price", DataType.DOUBLE), Field.of("a.b", DataType.INT));
        Schema schema = Schema.builder().fields(fields).build();
        List<Object[]> rows = List.of(new Object[] {1.0, 1}, new Object[] {Double.NaN, 2}, new Object[] {3.0, 3},
                new Object[] {null, 4}, new Object[] {Double.NaN, 5});
        TableChecks.write(storage, TABLE, new ExpectedTable(schema, fields, rows), WriterOptions.defaults(),
                new Random(1));
        // NaN equals itself and is greater than every other value, as in Spark SQL and the statistics.
        assertEquals(List.of(2, 5), idsWhere("`unit price` = NaN"));
        assertEquals(List.of(2, 3, 5), idsWhere("`unit price` > 2"));
        assertEquals(List.of(1, 3), idsWhere("`unit price` < nan"));
        assertEquals(List.of(3), idsWhere("`a.b` = 3"));
    }

    private List<Integer> idsWhere(String filter) throws IOException {
        List<Integer> ids = new ArrayList<>();
        try (AlbisReader r = AlbisTable.open(storage, TABLE).newReader(ReadOptions.all()
                .withFilter(io.albis.filter.PredicateParser.parse(filter)))) {
            while (r.advance()) {
                ids.add(r.getInt(1));
            }
        }
        return ids;
    }
}
