package io.albis.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.read.AlbisReader;
import io.albis.read.RunReader;
import io.albis.read.BinaryRow;
import io.albis.read.ReadOptions;
import io.albis.read.RowRun;
import io.albis.scan.ChecksumScan;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.table.AlbisTable;
import io.albis.testing.MemoryChecks;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How readers use their allocator: what they hold, when they give it back, what they hand out. */
class ReaderMemoryTest {
    private static final int SEGMENT = 16 << 10;
    private static final int ROWS = 9000;
    private static final int ROW_GROUPS = 3;

    @TempDir
    Path dir;
    private AlbisTable table;

    /** Two column groups (a long, a string), three row groups, 16 KiB segments. */
    @BeforeEach
    void writeTable() throws IOException {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        groups.put("a", List.of("id"));
        groups.put("b", List.of("name"));
        Schema schema = Schema.builder().column("id", DataType.LONG).column("name", DataType.STRING).groups(groups)
                .build();
        String path = dir.resolve("t").toString();
        WriterOptions options = WriterOptions.defaults().withSegmentSize(SEGMENT).withRowGroupRows(ROWS / ROW_GROUPS);
        try (AlbisWriter w = AlbisWriter.create(io.albis.storage.LocalStorage.INSTANCE, path, schema, options)) {
            for (int r = 0; r < ROWS; r++) {
                w.setLong(0, r);
                w.setString(1, "name-" + r);
                w.nextRow();
            }
        }
        table = AlbisTable.open(path);
        assertEquals(ROW_GROUPS, table.rowGroups().size());
    }

    @Test
    void aReaderHoldsOneBufferPerColumnGroupReusesThemAndReturnsThemOnClose() throws IOException {
        BufferAllocator memory = MemoryChecks.allocator();
        long rows = 0;
        try (AlbisReader r = table.newReader(ReadOptions.all().withAllocator(memory))) {
            while (r.advance()) {
                if (rows++ == 0) {
                    assertEquals(2, memory.usage().outstanding(), "one segment buffer per column group");
                    assertEquals(2L * SEGMENT, memory.usage().inUse(), "each sized to the largest segment");
                    assertTrue(memory.outstanding().get(0).contains("segment buffer of "), memory.outstanding().get(0));
                }
            }
        }
        assertEquals(ROWS, rows);
        MemoryChecks.assertNothingOutstanding(memory, "after close");
        BufferAllocator.Usage u = memory.usage();
        assertEquals(2, u.created(), "later row groups take the first one's buffers back from the pool: " + u);
        assertEquals(2L * (ROW_GROUPS - 1), u.reused(), u.toString());
        assertEquals(2L * SEGMENT, u.peakReserved(), u.toString());

        try (AlbisReader another = table.newReader(ReadOptions.all().withAllocator(memory).withColumns("name"))) {
            while (another.advance()) {
                assertEquals(1, memory.usage().outstanding());
            }
        }
        assertEquals(2, memory.usage().created(), "a second reader reuses the first one's buffers");
        MemoryChecks.assertNothingOutstanding(memory, "after the second reader");
    }

    @Test
    void binaryRowsAndRunsAreReadOnlyDirectLittleEndianViews() throws IOException {
        BufferAllocator memory = MemoryChecks.allocator();
        try (AlbisReader r = table.newReader(ReadOptions.all().withColumns("id").withAllocator(memory))) {
            assertTrue(r.advance());
            BinaryRow row = r.getBinaryRow();
            ByteBuffer view = row.buffer();
            assertTrue(view.isReadOnly());
            assertTrue(view.isDirect(), "still direct, so it can be read by address");
            assertEquals(ByteOrder.LITTLE_ENDIAN, view.order());
            assertThrows(ReadOnlyBufferException.class, () -> view.put(row.offset(), (byte) 1));
            assertThrows(ReadOnlyBufferException.class, () -> view.putLong(row.offset(), 1L));
            assertEquals(r.getLong(0), view.getLong(row.offset() + row.layout().fixedOffset(0)));
        }
        try (RunReader r = table.newRunReader(ReadOptions.all().withAllocator(memory))) {
            RowRun[] runs = r.newRuns();
            int n = r.nextRun(runs);
            assertTrue(n > 0);
            for (int g : r.readGroups()) {
                ByteBuffer run = runs[g].buffer();
                assertTrue(run.isReadOnly());
                assertTrue(run.isDirect());
                assertEquals(ByteOrder.LITTLE_ENDIAN, run.order());
                assertThrows(ReadOnlyBufferException.class, () -> run.putInt(runs[g].firstOffset(), 0));
            }
            assertEquals(0L, runs[0].buffer().getLong(runs[0].firstOffset() + runs[0].layout().fixedOffset(0)));
        }
        MemoryChecks.assertNothingOutstanding(memory, "after the views");
    }

    @Test
    void aLimitTooSmallIsAClearErrorAndTheFailedRowGroupKeepsNothing() throws IOException {
        // Room for one 16 KiB segment buffer, not for the second column group's.
        BufferAllocator small = new BufferAllocator(24 << 10);
        try (AlbisReader r = table.newReader(ReadOptions.all().withAllocator(small))) {
            MemoryLimitException e = assertThrows(MemoryLimitException.class, r::advance);
            assertTrue(e.getMessage().contains("limit of 24.0 KiB"), e.getMessage());
            assertTrue(e.getMessage().contains("asked for 16.0 KiB (segment buffer of " + table.path()), e.getMessage());
            assertTrue(e.getMessage().contains("16.0 KiB is in use by 1 buffers"), e.getMessage());
            assertEquals(List.of(), small.outstanding(), "the buffer taken for the first group was returned at once");
            assertThrows(IllegalStateException.class, r::hasNext, "the failed reader does not go on");
        }
        try (AlbisReader r = table.newReader(ReadOptions.all().withAllocator(small))) {
            MemoryLimitException e = assertThrows(MemoryLimitException.class, r::hasNext);
            assertSame(MemoryLimitException.class, e.getClass(), "not wrapped: the iterator throws it as it is");
        }
        MemoryLimitException scan = assertThrows(MemoryLimitException.class,
                () -> ChecksumScan.scan(table, ReadOptions.all().withAllocator(small), 2));
        assertTrue(scan.getMessage().contains("limit of 24.0 KiB"), scan.getMessage());
        MemoryChecks.assertNothingOutstanding(small, "after the refused reads");
        assertTrue(small.usage().peakReserved() <= small.limit());

        // One column group fits: the same allocator reads it.
        long rows = 0;
        try (AlbisReader r = table.newReader(ReadOptions.all().withColumns("id").withAllocator(small))) {
            while (r.advance()) {
                assertEquals(rows++, r.getLong(0));
            }
        }
        assertEquals(ROWS, rows);
        MemoryChecks.assertNothingOutstanding(small, "after the read that fits");
        assertFalse(small.usage().reserved() > small.limit());
    }
}
