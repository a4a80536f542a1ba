package io.albis.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.albis.memory.BufferAllocator;
import io.albis.read.ReadOptions;
import io.albis.testing.MemoryChecks;
import io.albis.testing.MemoryStorage;
import io.albis.testing.RowAssertions;

/**
 * Fuzzes the readers of data segments: the row codec ({@code io.albis.row.SegmentRows}) and the
 * nested value checks behind the row API (iterator and {@code advance}/{@code getValue}), the
 * encoded rows ({@code getBinaryRow}), the row runs ({@code nextRun}), the batches
 * ({@code nextBatch}) and the checksum scan ({@code io.albis.scan}), with segment checksums
 * verified or not. The input replaces one data file and/or its metadata file of {@link FuzzTable}.
 *
 * <p>Input: option byte (bit 0: verify checksums; bit 1: the row API through the iterator, else
 * {@code advance}; bit 2: reseal the metadata file's footer; bit 3: the data payload is the whole
 * data file, else only its rows, which {@link FuzzTable#withRows} lays into the written file's
 * segments), file byte (bits 0-1: 2 the metadata file, 3 both files, else the data file; the rest:
 * which column group of which row group), batch capacity byte; with both files a 2-byte length of
 * the metadata file; then the payload.
 *
 * <p>Besides an undocumented exception or an {@code Error}, a finding is a buffer not given back
 * to the reader's allocator after close, and, with checksums verified and metadata whose segment
 * checksums are the written ones, any path returning other rows than the intact table does.
 */
class DataSegmentsFuzzTest {
    /** The readers' memory: far more than the table needs, far less than the heap. */
    private static final long MEMORY_LIMIT = 64L << 20;

    @FuzzTest
    void dataSegments(byte[] input) throws Throwable {
        FuzzInput in = new FuzzInput(input);
        int options = in.nextByte();
        int which = in.nextByte();
        int capacity = 1 + in.nextByte() % 64;
        boolean checksums = (options & 1) != 0;
        boolean iterator = (options & 2) != 0;
        boolean reseal = (options & 4) != 0;
        boolean wholeFile = (options & 8) != 0;
        FuzzTable table = FuzzTable.get();
        FuzzTable.GroupFiles files = table.group(which >>> 2);
        byte[] meta = null;
        byte[] data = null;
        switch (which & 3) {
            case 2 -> meta = FuzzInput.resealedIf(reseal, in.rest());
            case 3 -> {
                meta = FuzzInput.resealedIf(reseal, in.next(in.nextU16()));
                data = in.rest();
            }
            default -> data = in.rest();
        }
        if (data != null && !wholeFile) {
            data = FuzzTable.withRows(files, data);
        }
        boolean strict = checksums && (meta == null || FuzzTable.vouchesForTheRows(files, meta));
        table.withFiles(files, data, meta, () -> readEveryWay(table, checksums, iterator, capacity, strict));
    }

    private static void readEveryWay(FuzzTable table, boolean checksums, boolean iterator, int capacity, boolean strict)
            throws Throwable {
        BufferAllocator memory = new BufferAllocator(MEMORY_LIMIT);
        ReadOptions options = ReadOptions.all().withVerifyChecksums(checksums).withAllocator(memory);
        MemoryStorage storage = table.storage;
        TableReads.Seen want = table.reference;
        String path = FuzzTable.PATH;
        readOneWay(memory, "the row API", () -> {
            TableReads.RowApi got = TableReads.rowApi(storage, path, options, iterator);
            if (strict) {
                assertTrue(RowAssertions.sameRows(table.expected.rows(), got.values()), "row API: other rows than written");
                assertEquals(want.rows().binaryRows(), got.binaryRows(), "binary rows");
            }
        });
        readOneWay(memory, "the runs", () -> judge(strict, want.runs(), TableReads.runs(storage, path, options)));
        readOneWay(memory, "the batches",
                () -> judge(strict, want.batches(), TableReads.batches(storage, path, options, capacity)));
        readOneWay(memory, "the scan", () -> judge(strict, want.scan(), TableReads.scan(storage, path, options)));
    }

    /** Runs one read path; a documented failure ends it, and either way every buffer is back after it. */
    private static void readOneWay(BufferAllocator memory, String what, Documented.Step read) throws Throwable {
        Documented.run(read);
        MemoryChecks.assertNothingOutstanding(memory, "after " + what);
    }

    private static void judge(boolean strict, Object want, Object got) {
        if (strict) {
            assertEquals(want, got, "other rows than the intact table's");
        }
    }
}
