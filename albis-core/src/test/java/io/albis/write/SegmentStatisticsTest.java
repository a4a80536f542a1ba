package io.albis.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.segment.ColumnStats;
import io.albis.segment.SegmentMetadata;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The statistics a writer stores per segment for the integer columns of a group without strings:
 * taken a block of rows at a time while the segment fills, they must be those of the segment's
 * rows, recomputed here from the values written, for segments that are whole multiples of the
 * block (a flush right on a block boundary) and segments that are not, over several segments and
 * row groups, with runs of nulls and sorted stretches.
 */
class SegmentStatisticsTest {
    /** Each row: a 1-byte bitmap, int, long, boolean, short: 16 bytes, so 512 rows a block of 8 KiB. */
    private static final Schema SCHEMA = Schema.builder().column("i", DataType.INT).column("l", DataType.LONG)
            .column("b", DataType.BOOLEAN).column("s", DataType.SHORT).build();
    private static final int ROWS = 30_000;

    @TempDir
    Path dir;

    @Test
    void segmentsOfWholeBlocks() throws IOException {
        check(64 << 10, "whole"); // 4,096 rows a segment: 8 blocks
    }

    @Test
    void segmentsEndingInsideABlock() throws IOException {
        check(53_248, "partial"); // 3,328 rows a segment: 6.5 blocks
    }

    private void check(int segmentSize, String name) throws IOException {
        long[][] values = new long[4][ROWS];
        boolean[][] isNull = new boolean[4][ROWS];
        Random random = new Random(segmentSize);
        String path = dir.resolve(name).toString();
        WriterOptions options = WriterOptions.defaults().withSegmentSize(segmentSize).withRowGroupRows(ROWS / 2);
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, path, SCHEMA, options)) {
            for (int r = 0; r < ROWS; r++) {
                // a stretch of nulls in every column around row 9,000, sorted stretches elsewhere
                boolean nullStretch = r >= 8_800 && r < 9_700;
                boolean sorted = (r / 2_000) % 2 == 0;
                for (int c = 0; c < 4; c++) {
                    isNull[c][r] = nullStretch || random.nextInt(20) == 0; // a null is left unset
                }
                values[0][r] = sorted ? r : random.nextInt();
                values[1][r] = sorted ? r * 3L : random.nextLong();
                values[2][r] = sorted ? (r % 2_000 > 1_000 ? 1 : 0) : random.nextInt(2);
                values[3][r] = sorted ? (short) (r % 2_000) : (short) random.nextInt();
                if (!isNull[0][r]) {
                    w.setInt(0, (int) values[0][r]);
                }
                if (!isNull[1][r]) {
                    w.setLong(1, values[1][r]);
                }
                if (!isNull[2][r]) {
                    w.setBoolean(2, values[2][r] == 1);
                }
                if (!isNull[3][r]) {
                    w.setShort(3, (short) values[3][r]);
                }
                w.nextRow();
            }
        }
        AlbisTable table = AlbisTable.open(path);
        ColumnGroup group = table.schema().groups().get(0);
        long first = 0;
        int segments = 0;
        for (RowGroupRef rg : table.rowGroups()) {
            ColumnGroupMetadata meta = table.metadata(rg, group, table.presentGroups(rg));
            for (SegmentMetadata s : meta.segments()) {
                for (int c = 0; c < 4; c++) {
                    assertSame(values[c], isNull[c], first + s.firstRow(), first + s.endRow(), s.stats(c),
                            name + " row group " + rg.index() + " segment from row " + s.firstRow() + " column " + c);
                }
                segments++;
            }
            first += meta.rowCount();
        }
        assertEquals(ROWS, first);
        assertTrue(segments > 6, segments + " segments");
    }

    private static void assertSame(long[] values, boolean[] isNull, long from, long to, ColumnStats actual,
            String what) {
        int nulls = 0;
        int count = 0;
        long min = 0;
        long max = 0;
        long last = 0;
        boolean sorted = true;
        for (int r = (int) from; r < to; r++) {
            if (isNull[r]) {
                nulls++;
                continue;
            }
            long v = values[r];
            if (count == 0) {
                min = v;
                max = v;
            } else {
                min = Math.min(min, v);
                max = Math.max(max, v);
                sorted &= v >= last;
            }
            last = v;
            count++;
        }
        assertEquals(nulls, actual.nullCount(), what + ": nulls");
        assertEquals(count > 0, actual.hasMinMax(), what + ": has min and max");
        if (count > 0) {
            assertEquals(min, actual.minLong(), what + ": min");
            assertEquals(max, actual.maxLong(), what + ": max");
            assertEquals(sorted, actual.sorted(), what + ": sorted");
        }
    }
}
