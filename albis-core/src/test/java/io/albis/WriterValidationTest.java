package io.albis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.InvalidOptionException;
import io.albis.error.SchemaMismatchException;
import io.albis.layout.TableLayout;
import io.albis.read.AlbisReader;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.storage.Storage;
import io.albis.storage.WritableFile;
import io.albis.table.AlbisTable;
import io.albis.testing.ForwardingStorage;
import io.albis.testing.ForwardingWritableFile;
import io.albis.testing.TableFiles;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer refuses what the schema or the options do not allow, with a typed exception naming
 * the problem, and failures never leave a partial row or row group visible.
 */
class WriterValidationTest {
    @TempDir
    Path dir;

    /** Columns: 0 id int not null, 1 name string, 2 price decimal(5,2), 3 wide decimal(38,2), 4 b byte, 5 f float, 6 blob binary. */
    private static Schema schema() {
        return Schema.builder().column("id", DataType.INT, false).column("name", DataType.STRING)
                .column("price", DataType.decimal(5, 2)).column("wide", DataType.decimal(38, 2))
                .column("b", DataType.BYTE).column("f", DataType.FLOAT).column("blob", DataType.BINARY).build();
    }

    private String path(String name) {
        return dir.resolve(name).toString();
    }

    private AlbisWriter newWriter(String name) throws IOException {
        return AlbisWriter.create(LocalStorage.INSTANCE, path(name), schema(), WriterOptions.defaults());
    }

    /** The ids of all rows of a table, in order. */
    private static List<Integer> ids(String path) throws IOException {
        List<Integer> ids = new ArrayList<>();
        try (AlbisReader r = AlbisTable.open(path).newReader()) {
            while (r.advance()) {
                ids.add(r.getInt(0));
            }
        }
        return ids;
    }

    /** Names of the entries of a table directory (to see nothing half-written is left). */
    private List<String> entries(String name) throws IOException {
        try (Stream<Path> s = Files.list(dir.resolve(name))) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static void assertMismatch(Executable e, String mustMention) {
        SchemaMismatchException x = assertThrows(SchemaMismatchException.class, e);
        assertTrue(x.getMessage().contains(mustMention), "message '" + x.getMessage() + "' should mention " + mustMention);
    }

    @Test
    void wrongTypesAreRefusedByTypedSettersAndSetValue() throws IOException {
        try (AlbisWriter w = newWriter("t")) {
            assertMismatch(() -> w.setString(0, "x"), "'id'");
            assertMismatch(() -> w.setLong(0, 1), "'id'");
            assertMismatch(() -> w.setInt(1, 1), "'name'");
            assertMismatch(() -> w.setBinary(1, new byte[1]), "'name'");
            assertMismatch(() -> w.setDecimal(0, BigDecimal.ONE), "'id'");
            assertMismatch(() -> w.setDecimalUnscaled(5, 1), "'f'");
            assertMismatch(() -> w.setFloat(4, 1f), "'b'");
            assertMismatch(() -> w.setDate(0, 1), "'id'");
            assertMismatch(() -> w.setTimestampMicros(0, 1), "'id'");
            assertMismatch(() -> w.setValue(0, "1"), "'id'");
            assertMismatch(() -> w.setValue(0, 1.0), "'id'");
            assertMismatch(() -> w.setValue(0, 1L << 40), "out of range");
            assertMismatch(() -> w.setValue(4, 300), "out of range");
            assertMismatch(() -> w.setValue(5, 1.0), "'f'");
            assertMismatch(() -> w.setValue(5, 1), "'f'");
            assertMismatch(() -> w.setValue(1, 'c'), "'name'");
            assertMismatch(() -> w.setValue(6, "text"), "'blob'");
            assertMismatch(() -> w.setValue(2, 1.5), "'price'");
            assertMismatch(() -> w.setValue(0, LocalDate.of(2020, 1, 1)), "'id'");
            assertMismatch(() -> w.setValue(0, Instant.EPOCH), "'id'");
            assertMismatch(() -> w.setInt(7, 1), "column index 7");
            assertMismatch(() -> w.setNull(-1), "column index -1");
            // None of the refused calls left anything: a complete row still goes in.
            w.setInt(0, 1);
            w.nextRow();
        }
        assertEquals(List.of(1), ids(path("t")));
        try (AlbisReader r = AlbisTable.open(path("t")).newReader()) {
            r.advance();
            for (int c = 1; c < 7; c++) {
                assertTrue(r.isNull(c), "column " + c + " stays null");
            }
        }
    }

    @Test
    void missingNonNullableValueAndSetNullOnNonNullableAreRefused() throws IOException {
        try (AlbisWriter w = newWriter("t")) {
            assertMismatch(() -> w.setNull(0), "'id' is not nullable");
            w.setString(1, "no id");
            assertMismatch(w::nextRow, "'id' is not nullable but has no value");
        }
        assertEquals(0, AlbisTable.open(path("t")).rowCount());
    }

    @Test
    void decimalsThatNeedRoundingOrExceedThePrecisionAreRefused() throws IOException {
        try (AlbisWriter w = newWriter("t")) {
            assertMismatch(() -> w.setDecimal(2, new BigDecimal("1.005")), "rounding");
            assertMismatch(() -> w.setValue(2, new BigDecimal("0.001")), "rounding");
            assertMismatch(() -> w.setDecimal(2, new BigDecimal("1000.00")), "digits");
            assertMismatch(() -> w.setDecimal(2, new BigDecimal("-1000")), "digits");
            assertMismatch(() -> w.setValue(2, 1000L), "digits");
            assertMismatch(() -> w.setDecimalUnscaled(2, 100_000), "digits");
            assertMismatch(() -> w.setDecimalUnscaled(2, Long.MIN_VALUE), "digits");
            assertMismatch(() -> w.setDecimal(3, new BigDecimal("1e36")), "digits");
            // The boundaries themselves fit.
            w.setInt(0, 1);
            w.setDecimal(2, new BigDecimal("999.99"));
            w.setDecimal(3, new BigDecimal("-999999999999999999999999999999999999.99"));
            w.nextRow();
            w.setInt(0, 2);
            w.setDecimalUnscaled(2, -99_999);
            w.setDecimal(2, new BigDecimal("1.5"));
            w.setDecimalUnscaled(3, Long.MIN_VALUE);
            w.nextRow();
        }
        try (AlbisReader r = AlbisTable.open(path("t")).newReader()) {
            r.advance();
            assertEquals(new BigDecimal("999.99"), r.getDecimal(2));
            assertEquals(new BigDecimal("-999999999999999999999999999999999999.99"), r.getDecimal(3));
            r.advance();
            assertEquals(new BigDecimal("1.50"), r.getDecimal(2), "the last value set wins, rescaled exactly");
            assertEquals(BigDecimal.valueOf(Long.MIN_VALUE, 2), r.getDecimal(3));
        }
    }

    @Test
    void invalidOptionsAndSchemasAreRefused() {
        WriterOptions d = WriterOptions.defaults();
        assertThrows(InvalidOptionException.class, () -> d.withSegmentSize(WriterOptions.MIN_SEGMENT_SIZE - 1));
        assertThrows(InvalidOptionException.class, () -> d.withSegmentSize(WriterOptions.MAX_SEGMENT_SIZE + 1));
        assertThrows(InvalidOptionException.class, () -> d.withSegmentSize(-1));
        // Segments start on 4096-byte pages: a size above a page must fill whole pages.
        InvalidOptionException notPages = assertThrows(InvalidOptionException.class, () -> d.withSegmentSize(5000));
        assertTrue(notPages.getMessage().contains("use 4096 or 8192"), notPages.getMessage());
        assertThrows(InvalidOptionException.class, () -> d.withSegmentSize(4097));
        assertThrows(InvalidOptionException.class, () -> d.withSegmentSize(WriterOptions.MAX_SEGMENT_SIZE - 1));
        for (int ok : new int[] {WriterOptions.MIN_SEGMENT_SIZE, 160, 4095, 4096, 8192, 12288, 1 << 20,
                WriterOptions.MAX_SEGMENT_SIZE}) {
            assertEquals(ok, d.withSegmentSize(ok).segmentSize());
        }
        assertThrows(InvalidOptionException.class, () -> d.withRowGroupRows(0));
        assertThrows(InvalidOptionException.class, () -> d.withRowGroupBytes(0));
        assertThrows(InvalidOptionException.class, () -> DataType.decimal(0, 0));
        assertThrows(InvalidOptionException.class, () -> DataType.decimal(39, 0));
        assertThrows(InvalidOptionException.class, () -> DataType.decimal(5, 6));
        assertThrows(InvalidOptionException.class, () -> DataType.decimal(5, -1));
        assertThrows(InvalidOptionException.class, () -> DataType.struct(List.of()));
        assertThrows(InvalidOptionException.class, () -> Field.of("", DataType.INT));
        assertThrows(InvalidOptionException.class,
                () -> Schema.builder().column("a", DataType.INT).column("a", DataType.LONG).build());
        assertThrows(SchemaMismatchException.class,
                () -> Schema.builder().column("a", DataType.INT).groups(java.util.Map.of("g", List.of("b"))).build());
        assertThrows(InvalidOptionException.class, () -> Schema.builder().build());
    }

    @Test
    void creatingOverAnExistingTableIsRefused() throws IOException {
        try (AlbisWriter w = newWriter("t")) {
            w.setInt(0, 1);
            w.nextRow();
        }
        InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> newWriter("t"));
        assertTrue(e.getMessage().contains("already holds an Albis table"), e.getMessage());
        assertEquals(List.of(1), ids(path("t")), "the existing table is untouched");
    }

    @Test
    void appendingWithADifferentSchemaIsRefusedAndWithTheSameAddsRowGroups() throws IOException {
        try (AlbisWriter w = newWriter("t")) {
            w.setInt(0, 1);
            w.nextRow();
        }
        Schema other = Schema.builder().column("id", DataType.LONG, false).build();
        assertThrows(SchemaMismatchException.class,
                () -> AlbisWriter.append(LocalStorage.INSTANCE, path("t"), other, WriterOptions.defaults()));
        Schema regrouped = Schema.builder().fields(schema().fields()).columnPerGroup().build();
        assertThrows(SchemaMismatchException.class,
                () -> AlbisWriter.append(LocalStorage.INSTANCE, path("t"), regrouped, WriterOptions.defaults()));
        try (AlbisWriter w = AlbisWriter.append(LocalStorage.INSTANCE, path("t"), schema(), WriterOptions.defaults())) {
            w.setInt(0, 2);
            w.nextRow();
        }
        try (AlbisWriter w = AlbisWriter.append(LocalStorage.INSTANCE, path("t"), null, WriterOptions.defaults())) {
            w.setInt(0, 3);
            w.nextRow();
        }
        assertEquals(List.of(1, 2, 3), ids(path("t")));
        List<String> names = entries("t");
        assertEquals(List.of("_schema.00000001", "_state.00000001", "_state.00000002", "_state.00000003"),
                names.subList(0, 4), "one table state per commit");
        assertEquals(3, TableFiles.rowGroupsIn(names).size(), names.toString());
        assertEquals(4, TableFiles.otherThanRowGroups(names).size(), "no job directories or temporary files left: " + names);
    }

    @Test
    void aFailedNextRowLeavesTheWriterUsableAndTheBadRowOut() throws IOException {
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, path("t"), schema(),
                WriterOptions.defaults().withRowGroupRows(2))) {
            w.setInt(0, 1);
            w.nextRow();
            w.setString(1, "bad row");
            w.setBinary(6, new byte[] {9});
            assertThrows(SchemaMismatchException.class, w::nextRow);
            assertEquals(1, w.rowCount());
            w.setInt(0, 2);
            w.nextRow();
            w.setInt(0, 3);
            w.nextRow();
        }
        assertEquals(List.of(1, 2, 3), ids(path("t")));
        try (AlbisReader r = AlbisTable.open(path("t")).newReader()) {
            while (r.advance()) {
                assertNull(r.getString(1), "nothing of the refused row leaks into row " + r.getInt(0));
                assertNull(r.getBinary(6));
            }
        }
    }

    @Test
    void valuesSetAfterTheLastRowAreDiscardedAndAClosedWriterRefusesMore() throws IOException {
        AlbisWriter w = newWriter("t");
        w.setInt(0, 1);
        w.nextRow();
        w.setInt(0, 2);
        w.close();
        w.close();
        assertEquals(List.of(1), ids(path("t")));
        assertThrows(IllegalStateException.class, () -> w.setInt(0, 3));
        assertThrows(IllegalStateException.class, w::nextRow);
    }

    @Test
    void abortLeavesNoVisibleRowGroupAndNothingBehind() throws IOException {
        AlbisWriter w = newWriter("t");
        for (int i = 0; i < 5; i++) {
            w.setInt(0, i);
            w.nextRow();
        }
        w.abort();
        assertFalse(Files.exists(dir.resolve("t")), "an aborted creation leaves nothing, not even the directory it made");

        newWriter("t").close();
        AlbisWriter w2 = AlbisWriter.append(LocalStorage.INSTANCE, path("t"), null, WriterOptions.defaults()
                .withRowGroupRows(3));
        for (int i = 0; i < 5; i++) {
            w2.setInt(0, i);
            w2.nextRow();
        }
        assertEquals(1, w2.rowGroupsWritten());
        w2.abort();
        assertEquals(List.of(), ids(path("t")), "not even the row group completed before abort()");
        assertEquals(List.of("_schema.00000001", "_state.00000001"), entries("t"));
    }

    // ------------------------------------------------------------------ storage failures

    /** Local storage that throws an IOException from chosen operations, to simulate a full or failing disk. */
    private static final class FailingStorage extends ForwardingStorage {
        FailingStorage() {
            super(LocalStorage.INSTANCE);
        }

        Predicate<String> failCreate = p -> false;
        Predicate<String> failRename = p -> false;
        /** Data writes left before writes to data files fail (negative: never). */
        int dataWritesUntilFailure = -1;
        boolean failWritesOnce = true;





        @Override
        public WritableFile create(String path) throws IOException {
            if (failCreate.test(path)) {
                throw new IOException("simulated failure creating " + path);
            }
            WritableFile f = delegate.create(path);
            if (!path.endsWith("." + TableLayout.DATA_FILE)) {
                return f;
            }
            return new ForwardingWritableFile(f) {
                @Override
                public void write(ByteBuffer src) throws IOException {
                    if (dataWritesUntilFailure == 0) {
                        if (failWritesOnce) {
                            dataWritesUntilFailure = -1;
                        }
                        throw new IOException("simulated: no space left writing " + path);
                    }
                    if (dataWritesUntilFailure > 0) {
                        dataWritesUntilFailure--;
                    }
                    delegate.write(src);
                }
            };
        }

        @Override
        public void rename(String from, String to) throws IOException {
            if (failRename.test(to)) {
                throw new IOException("simulated failure renaming " + from + " to " + to);
            }
            delegate.rename(from, to);
        }
    }

    private static void writeRow(AlbisWriter w, int id) throws IOException {
        w.setInt(0, id);
        w.setString(1, "name of row " + id);
        w.nextRow();
    }

    @Test
    void aFailingMetadataWriteCommitsNothing() throws IOException {
        FailingStorage storage = new FailingStorage();
        AlbisWriter w = AlbisWriter.create(storage, path("t"), schema(), WriterOptions.defaults().withRowGroupRows(3));
        for (int i = 0; i < 3; i++) {
            writeRow(w, i);
        }
        storage.failCreate = p -> p.endsWith("." + TableLayout.META_FILE);
        writeRow(w, 3);
        writeRow(w, 4);
        IOException e = assertThrows(IOException.class, () -> writeRow(w, 5));
        assertTrue(e.getMessage().contains("simulated"), e.getMessage());
        storage.failCreate = p -> false;
        assertThrows(IOException.class, w::close);
        assertFalse(Files.exists(dir.resolve("t")), "the failed creation left nothing");
    }

    @Test
    void aFailingRenameLeavesNoVisibleRowGroup() throws IOException {
        FailingStorage storage = new FailingStorage();
        storage.failRename = p -> p.endsWith("_state.00000001");
        AlbisWriter w = AlbisWriter.create(storage, path("t"), schema(), WriterOptions.defaults());
        writeRow(w, 0);
        assertThrows(IOException.class, w::close);
        assertFalse(Files.exists(dir.resolve("t")), "the failed creation left nothing");
    }

    /**
     * A data write fails while a row is being added (a segment flush); the disk then recovers.
     * Closing afterwards must not publish anything: the job's rows are all or nothing.
     */
    @Test
    void closeAfterAFailedRowWriteCommitsNothing() throws IOException {
        FailingStorage storage = new FailingStorage();
        Schema twoGroups = Schema.builder().fields(schema().fields()).columnPerGroup().build();
        AlbisWriter w = AlbisWriter.create(storage, path("t"), twoGroups,
                WriterOptions.defaults().withSegmentSize(64).withRowGroupRows(10));
        for (int i = 0; i < 10; i++) {
            writeRow(w, i);
        }
        storage.dataWritesUntilFailure = 9; // fails while rows of the second row group flush their segments
        int written = 10;
        IOException failure = null;
        for (int i = 10; i < 20 && failure == null; i++) {
            try {
                writeRow(w, i);
                written++;
            } catch (IOException e) {
                failure = e;
            }
        }
        assertTrue(failure != null && failure.getMessage().contains("simulated"), "the write failure surfaces");
        assertTrue(written < 20);
        assertThrows(IOException.class, w::close);
        assertFalse(Files.exists(dir.resolve("t")), "no leftovers");
    }
}
