package io.albis.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.memory.BufferAllocator;
import io.albis.layout.FormatVersion;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.ColumnGroup;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.segment.SegmentMetadata;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.util.Random;
import java.util.Set;

/** Writing an expected table and checking a table against it. */
public final class TableChecks {
    private TableChecks() {}

    /** Creates a table at {@code path} holding the expected rows, written with mixed setters. */
    public static AlbisTable write(Storage storage, String path, ExpectedTable expected, WriterOptions options,
            Random random) throws IOException {
        try (AlbisWriter w = AlbisWriter.create(storage, path, expected.schema(), options)) {
            RowWriting.writeAll(w, expected, random);
            assertEquals(expected.rowCount(), w.rowCount(), "rows the writer counted");
        }
        return AlbisTable.open(storage, path);
    }

    /** Moves {@code reader} to its next row through the iterator ({@code hasNext}, {@code next}) or {@code advance()}. */
    public static boolean nextRow(AlbisReader reader, boolean useIterator) throws IOException {
        if (!useIterator) {
            return reader.advance();
        }
        if (!reader.hasNext()) {
            return false;
        }
        reader.next();
        return true;
    }

    /** Every value of the reader's current row ({@code getValue} by reader column), its nested map built too. */
    public static Object[] values(AlbisReader reader) {
        Object[] row = new Object[reader.columnCount()];
        for (int i = 0; i < row.length; i++) {
            row[i] = reader.getValue(i);
        }
        reader.toNestedMap();
        return row;
    }

    /**
     * Reads every row and column (with the iterator or with advance(), alternately) and compares
     * values, typed getters and nested maps with the oracle; also the declared fields and counts.
     */
    public static void assertReadsBack(AlbisTable table, ExpectedTable expected, boolean useIterator, String context)
            throws IOException {
        assertEquals(expected.fields(), table.schema().fields(), context + ": fields rebuilt from the schema file");
        assertEquals(expected.schema().columns(), table.schema().columns(), context + ": columns");
        assertEquals(expected.schema().groups(), table.schema().groups(), context + ": column groups");
        assertEquals(expected.rowCount(), table.rowCount(), context + ": rowCount");
        int[] all = expected.allColumns();
        int r = 0;
        BufferAllocator memory = MemoryChecks.allocator();
        try (AlbisReader reader = table.newReader(ReadOptions.all().withAllocator(memory))) {
            while (nextRow(reader, useIterator)) {
                assertTrue(r < expected.rowCount(), context + ": more rows than written");
                String where = context + ", row " + r;
                RowAssertions.assertRow(reader, expected.schema(), all, expected.rows().get(r), where);
                RowAssertions.assertNestedEquals(expected.nestedRow(r), reader.toNestedMap(), where + ": nested");
                r++;
            }
            assertFalse(useIterator ? reader.hasNext() : reader.advance(), context + ": reader restarted after its end");
        }
        MemoryChecks.assertNothingOutstanding(memory, context);
        assertEquals(expected.rowCount(), r, context + ": rows read");
    }

    /**
     * Checks the segment geometry of every column group of every row group as format 2.0 lays it
     * out: the first segment starts at the first page boundary, segments tile the data file, every
     * segment but the last is padded to the next page boundary (less than a page of padding), the
     * last one is not padded, and only a segment of a single row holds more than the segment size.
     */
    public static void assertSegmentLayout(AlbisTable table, int segmentSize, String context) throws IOException {
        for (RowGroupRef rg : table.rowGroups()) {
            Set<Integer> present = table.presentGroups(rg);
            for (ColumnGroup g : table.schema().groups()) {
                ColumnGroupMetadata m = table.metadata(rg, g, present);
                String where = context + ", " + table.metadataPath(rg, g);
                assertEquals(segmentSize, m.segmentSize(), where + ": segment size");
                assertEquals(FormatVersion.CURRENT, m.version(), where + ": format version");
                long at = FormatVersion.PAGE_SIZE;
                for (int s = 0; s < m.segments().size(); s++) {
                    SegmentMetadata seg = m.segments().get(s);
                    String ws = where + ", segment " + s;
                    assertEquals(at, seg.offset(), ws + ": offset");
                    assertTrue(seg.rowCount() > 0, ws + ": rows");
                    assertTrue(seg.padding() < FormatVersion.PAGE_SIZE, ws + ": padding below one page");
                    boolean last = s == m.segments().size() - 1;
                    if (last) {
                        assertEquals(0, seg.padding(), ws + ": the last segment is not padded");
                    } else {
                        assertEquals(0, (seg.offset() + seg.length() + seg.padding()) % FormatVersion.PAGE_SIZE,
                                ws + ": the next segment starts on a page boundary");
                    }
                    if (seg.length() > segmentSize) {
                        assertEquals(1, seg.rowCount(), ws + ": only a single row may exceed the segment size");
                    }
                    at += seg.length() + seg.padding();
                }
                assertEquals(at, m.dataLength(), where + ": segments tile the data file");
                long fileLength;
                try (var f = table.storage().open(table.dataPath(rg, g))) {
                    fileLength = f.length();
                }
                assertEquals(m.dataLength(), fileLength, where + ": data file length");
            }
        }
    }
}
