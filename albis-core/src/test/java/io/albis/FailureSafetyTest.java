package io.albis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.CorruptFileException;
import io.albis.filter.Predicates;
import io.albis.layout.TableLayout;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.storage.ReadableFile;
import io.albis.storage.Storage;
import io.albis.storage.WritableFile;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import io.albis.table.SchemaStore;
import io.albis.testing.ForwardingReadableFile;
import io.albis.testing.ForwardingWritableFile;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What happens after things go wrong: failed readers and writers, racing renames, hostile inputs. */
class FailureSafetyTest {
    /** The data or metadata file of column group {@code groupId} in the table's {@code index}-th row group. */
    private static String groupFile(String table, int index, int groupId, boolean data) throws IOException {
        AlbisTable t = AlbisTable.open(table);
        RowGroupRef rg = t.rowGroups().get(index);
        ColumnGroup g = t.schema().groups().stream().filter(x -> x.id() == groupId).findFirst().orElseThrow();
        return data ? t.dataPath(rg, g) : t.metadataPath(rg, g);
    }

    @TempDir
    Path dir;

    private String twoGroupTable(int rows) throws IOException {
        String t = dir.resolve("t").toString();
        Schema schema = Schema.builder().column("id", DataType.INT, false).column("v", DataType.LONG, false)
                .groups(Map.of("ids", List.of("id"), "vs", List.of("v"))).build();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema,
                WriterOptions.defaults().withSegmentSize(64))) {
            for (int i = 0; i < rows; i++) {
                w.setInt(0, i);
                w.setLong(1, 10L * i);
                w.nextRow();
            }
        }
        return t;
    }

    @Test
    void aReaderThatFailedRefusesToGoOnInsteadOfPairingRowsWrongly() throws IOException {
        String t = twoGroupTable(40);
        String vData = groupFile(t, 0, 1, true);
        FlakyStorage flaky = new FlakyStorage(vData);
        AlbisTable table = AlbisTable.open(flaky, t);
        try (AlbisReader r = table.newReader()) {
            int seen = 0;
            IOException failure = null;
            try {
                while (r.advance()) {
                    assertEquals(10L * r.getInt(0), r.getLong(1));
                    seen++;
                }
            } catch (IOException e) {
                failure = e;
            }
            assertTrue(failure != null && seen < 40, "the injected read error surfaced");
            assertThrows(IllegalStateException.class, r::advance, "no retry on misaligned cursors");
        }
    }

    @Test
    void aRowThatFailsHalfWayNeverPublishesItsRowGroup() throws IOException {
        String t = dir.resolve("t").toString();
        Schema schema = Schema.builder().column("id", DataType.INT, false).column("s", DataType.STRING, false)
                .groups(Map.of("ids", List.of("id"), "ss", List.of("s"))).build();
        FailingWrites storage = new FailingWrites();
        AlbisWriter w = AlbisWriter.create(storage, t, schema, WriterOptions.defaults().withSegmentSize(64));
        w.setInt(0, 1);
        w.setString(1, "first");
        w.nextRow();
        storage.failDataWrites = true;
        w.setInt(0, 2);
        w.setString(1, "x".repeat(200)); // forces segment flushes, which now fail
        assertThrows(IOException.class, w::nextRow);
        assertThrows(IllegalStateException.class, () -> w.setInt(0, 3));
        assertThrows(IOException.class, w::close, "a writer that failed commits nothing");
        assertFalse(Files.exists(Path.of(t)), "the failed creation left nothing");
    }

    @Test
    void renameNeverReplacesAnExistingFileOrDirectory() throws IOException {
        Files.writeString(dir.resolve("a"), "a");
        Files.writeString(dir.resolve("b"), "b");
        assertThrows(FileAlreadyExistsException.class,
                () -> LocalStorage.INSTANCE.rename(dir.resolve("a").toString(), dir.resolve("b").toString()));
        assertEquals("b", Files.readString(dir.resolve("b")));
        Files.createDirectories(dir.resolve("d1/x"));
        Files.createDirectories(dir.resolve("d2/y"));
        assertThrows(FileAlreadyExistsException.class,
                () -> LocalStorage.INSTANCE.rename(dir.resolve("d1").toString(), dir.resolve("d2").toString()));
        assertTrue(Files.exists(dir.resolve("d2/y")));
    }

    @Test
    void twoPublishersOfOneSchemaVersionCannotBothWin() throws IOException {
        String t = twoGroupTable(1);
        Schema v1 = AlbisTable.open(t).schema();
        SchemaStore.publish(LocalStorage.INSTANCE, t, v1.withVersion(2));
        assertThrows(java.util.ConcurrentModificationException.class,
                () -> SchemaStore.publish(LocalStorage.INSTANCE, t, v1.withVersion(2)));
    }

    @Test
    void aMissingColumnGroupIsDamageNotNulls() throws IOException {
        String t = twoGroupTable(5);
        LocalStorage.INSTANCE.delete(groupFile(t, 0, 1, true));
        LocalStorage.INSTANCE.delete(groupFile(t, 0, 1, false));
        assertThrows(CorruptFileException.class, () -> {
            try (AlbisReader r = AlbisTable.open(t).newReader()) {
                r.advance();
            }
        });
    }

    @Test
    void aFifoInPlaceOfAFileIsRefusedWithoutBlocking() throws Exception {
        String t = twoGroupTable(3);
        Path meta = Path.of(groupFile(t, 0, 0, false));
        Files.delete(meta);
        assertEquals(0, new ProcessBuilder("mkfifo", meta.toString()).start().waitFor());
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            IOException e = assertThrows(IOException.class, () -> {
                try (AlbisReader r = AlbisTable.open(t).newReader()) {
                    r.advance();
                }
            });
            assertTrue(e.getMessage().contains("not a regular file"), e.getMessage());
        });
    }

    @Test
    void hugeAndTinyLiteralsAreDecidedWithoutBuildingThem() throws IOException {
        String t = twoGroupTable(3);
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            assertEquals(0, count(t, Predicates.eq("v", new java.math.BigDecimal("1e100000000"))));
            assertEquals(3, count(t, Predicates.lt("v", new java.math.BigDecimal("1e100000000"))));
            assertEquals(1, count(t, Predicates.lt("v", new java.math.BigDecimal("1e-100000000"))));
            assertEquals(2, count(t, Predicates.gt("v", new java.math.BigDecimal("1e-100000000"))));
            assertEquals(0, count(t, Predicates.le("v", new java.math.BigDecimal("-1e-100000000"))));
        });
    }

    private static int count(String t, io.albis.filter.Predicate p) throws IOException {
        return count(t, p, ReadOptions.all());
    }

    private static int count(String t, io.albis.filter.Predicate p, ReadOptions options) throws IOException {
        int n = 0;
        try (AlbisReader r = AlbisTable.open(t).newReader(options.withFilter(p))) {
            while (r.advance()) {
                n++;
            }
        }
        return n;
    }

    /** Local storage whose reads of one file fail once, after its first segment. */
    private static final class FlakyStorage extends ForwardingLocal {
        private final String flakyPath;
        private boolean failed;

        FlakyStorage(String flakyPath) {
            this.flakyPath = flakyPath;
        }

        @Override
        public ReadableFile open(String path) throws IOException {
            ReadableFile f = super.open(path);
            if (!path.equals(flakyPath)) {
                return f;
            }
            return new ForwardingReadableFile(f) {
                @Override
                public void readFully(long position, ByteBuffer dst) throws IOException {
                    if (position > 64 && !failed) {
                        failed = true;
                        throw new IOException("injected transient read error");
                    }
                    delegate.readFully(position, dst);
                }
            };
        }
    }

    /** Local storage whose data-file writes fail on demand. */
    private static final class FailingWrites extends ForwardingLocal {
        boolean failDataWrites;

        @Override
        public WritableFile create(String path) throws IOException {
            WritableFile f = super.create(path);
            return new ForwardingWritableFile(f) {
                @Override
                public void write(ByteBuffer src) throws IOException {
                    if (failDataWrites && path.endsWith("." + TableLayout.DATA_FILE)) {
                        throw new IOException("injected write error");
                    }
                    delegate.write(src);
                }
            };
        }
    }

    private abstract static class ForwardingLocal extends io.albis.testing.ForwardingStorage {
        ForwardingLocal() {
            super(LocalStorage.INSTANCE);
        }
    }

    @Test
    void aBooleanByteOtherThanOneStillReadsAsOneEverywhere() throws IOException {
        String t = dir.resolve("b").toString();
        String other = dir.resolve("b-false").toString();
        for (String table : List.of(t, other)) {
            try (AlbisWriter w = AlbisWriter.create(table, Schema.builder().column("b", DataType.BOOLEAN, false).build())) {
                w.setBoolean(0, table.equals(t));
                w.nextRow();
            }
        }
        // The value byte is the one byte where a table holding true differs from one holding false.
        Path data = Path.of(groupFile(t, 0, 0, true));
        byte[] bytes = Files.readAllBytes(data);
        byte[] falseBytes = Files.readAllBytes(Path.of(groupFile(other, 0, 0, true)));
        assertEquals(falseBytes.length, bytes.length);
        int at = -1;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] != falseBytes[i]) {
                assertEquals(-1, at, "the tables differ in more than one byte: " + at + " and " + i);
                at = i;
            }
        }
        assertEquals(1, bytes[at], "the stored true");
        bytes[at] = 2;
        Files.write(data, bytes);
        AlbisTable table = AlbisTable.open(t);
        ReadOptions unchecked = ReadOptions.all().withVerifyChecksums(false);
        try (AlbisReader r = table.newReader(unchecked)) {
            assertTrue(r.advance());
            assertTrue(r.getBoolean(0));
        }
        assertEquals(1, count(t, Predicates.eq("b", true), unchecked));
        assertEquals(1L, io.albis.scan.ChecksumScan.scan(table, unchecked, 1).checksum());
        assertTrue(io.albis.table.TableVerifier.verify(table).size() > 0, "verify reports the damage");
    }
}
