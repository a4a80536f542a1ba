package io.albis;

import static io.albis.filter.Predicates.and;
import static io.albis.filter.Predicates.ge;
import static io.albis.filter.Predicates.isNull;
import static io.albis.filter.Predicates.lt;
import static io.albis.filter.Predicates.or;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.filter.Predicate;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.segment.ColumnStats;
import io.albis.segment.SegmentMetadata;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import io.albis.testing.CountingStorage;
import io.albis.testing.CountingStorage.Read;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Level-1 filtering: with a sorted column and small segments, a selective filter must not touch
 * the bytes of segments its statistics rule out, and column groups that are neither projected
 * nor filtered must not be opened at all. Proven with a storage wrapper that records every
 * positional read.
 */
class SegmentPruningTest {
    private static final int ROWS_PER_GROUP = 500;
    private static final int ROW_GROUPS = 2;
    private static final int SEGMENT = 128;

    @TempDir
    Path dir;

    private String path;
    /** For inspecting metadata without the reads being counted. */
    private AlbisTable plain;
    private CountingStorage counting;
    private AlbisTable table;

    /**
     * id: 0..999 sorted; maybe: null for ids 300..349; payload: a string; other, extra: never read
     * in the filtered queries. Groups: ids {id, maybe}, text {payload}, rest {other, extra}.
     */
    @BeforeEach
    void writeTable() throws IOException {
        path = dir.resolve("t").toString();
        Map<String, List<String>> groups = new LinkedHashMap<>();
        groups.put("ids", List.of("id", "maybe"));
        groups.put("text", List.of("payload"));
        Schema schema = Schema.builder().column("id", DataType.INT, false).column("maybe", DataType.INT)
                .column("payload", DataType.STRING).column("other", DataType.LONG).column("extra", DataType.DOUBLE)
                .groups(groups).build();
        WriterOptions options = WriterOptions.defaults().withSegmentSize(SEGMENT).withRowGroupRows(ROWS_PER_GROUP);
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, path, schema, options)) {
            for (int i = 0; i < ROWS_PER_GROUP * ROW_GROUPS; i++) {
                w.setInt(0, i);
                if (i < 300 || i >= 350) {
                    w.setInt(1, i);
                }
                w.setString(2, "row " + i);
                w.setLong(3, i * 7L);
                w.setDouble(4, i / 2.0);
                w.nextRow();
            }
        }
        plain = AlbisTable.open(path);
        counting = new CountingStorage(LocalStorage.INSTANCE);
        table = AlbisTable.open(counting, path);
        assertEquals(ROW_GROUPS, table.rowGroups().size());
    }

    private ColumnGroup group(String name) {
        return plain.schema().groups().stream().filter(g -> g.name().equals(name)).findFirst().orElseThrow();
    }

    private ColumnGroupMetadata meta(RowGroupRef rg, ColumnGroup g) throws IOException {
        return plain.metadata(rg, g, plain.presentGroups(rg));
    }

    /** Reads all rows of a query, returning the ids; leaves the reader's stats in {@code statsOut}. */
    private List<Integer> readIds(ReadOptions options, long[] statsOut) throws IOException {
        List<Integer> ids = new ArrayList<>();
        try (AlbisReader r = table.newReader(options)) {
            int idColumn = -1;
            for (int i = 0; i < r.columnCount(); i++) {
                if (r.column(i).name().equals("id")) {
                    idColumn = i;
                }
            }
            while (r.advance()) {
                ids.add(r.getInt(idColumn));
                assertEquals("row " + r.getInt(idColumn), r.getString(0), "payload of the returned row");
            }
            statsOut[0] = r.stats().segmentsSkipped();
            statsOut[1] = r.stats().segmentsRead();
        }
        return ids;
    }

    /**
     * Rows of a row group the statistics of the ids group cannot rule out for a filter, as
     * {@code mayMatch} over a segment's min/max of id (sorted, so exact) and null count of maybe.
     */
    private boolean[] rowsKept(RowGroupRef rg, SegmentMayMatch mayMatch) throws IOException {
        ColumnGroupMetadata m = meta(rg, group("ids"));
        boolean[] kept = new boolean[(int) m.rowCount()];
        for (SegmentMetadata s : m.segments()) {
            ColumnStats id = s.stats(0);
            assertTrue(id.hasMinMax() && id.sorted(), "id statistics of " + s);
            assertEquals(rg.index() * ROWS_PER_GROUP + s.firstRow(), id.minLong(), "segment min is its first id");
            assertEquals(rg.index() * ROWS_PER_GROUP + s.endRow() - 1, id.maxLong(), "segment max is its last id");
            if (mayMatch.test(id.minLong(), id.maxLong(), s.stats(1).nullCount())) {
                for (long r = s.firstRow(); r < s.endRow(); r++) {
                    kept[(int) r] = true;
                }
            }
        }
        return kept;
    }

    /** Segments {@link #assertOnlyKeptSegmentsRead} saw read. */
    private long segmentsRead;

    interface SegmentMayMatch {
        boolean test(long minId, long maxId, int nullsOfMaybe);
    }

    /**
     * For every read group: a segment with no kept row was never read (no read overlaps its bytes
     * or padding); a segment with kept rows was read at most once. Returns the pruned segment count.
     */
    private long assertOnlyKeptSegmentsRead(List<ColumnGroup> readGroups, SegmentMayMatch mayMatch) throws IOException {
        long pruned = 0;
        segmentsRead = 0;
        for (RowGroupRef rg : plain.rowGroups()) {
            boolean[] kept = rowsKept(rg, mayMatch);
            for (ColumnGroup g : readGroups) {
                String data = table.dataPath(rg, g);
                List<Read> reads = counting.reads(data);
                for (SegmentMetadata s : meta(rg, g).segments()) {
                    boolean anyKept = false;
                    for (long r = s.firstRow(); r < s.endRow(); r++) {
                        anyKept |= kept[(int) r];
                    }
                    long from = s.offset();
                    long to = s.offset() + s.length() + s.padding();
                    long overlapping = reads.stream().filter(x -> x.overlaps(from, to)).count();
                    String what = data + " segment at " + from + " (rows " + s.firstRow() + ".." + (s.endRow() - 1) + ")";
                    if (anyKept) {
                        // Once, or not at all in a group the filter does not read when its vector
                        // evaluation kept none of the segment's rows.
                        assertTrue(overlapping <= 1, what + " holds candidate rows and is read at most once");
                        segmentsRead += overlapping;
                    } else {
                        assertEquals(0, overlapping, what + " is pruned and must not be read");
                        pruned++;
                    }
                }
                for (Read x : reads) {
                    // The only read allowed outside segments is the check of the 8-byte file header.
                    assertTrue(x.position() >= 8 || (x.position() == 0 && x.length() == 8),
                            data + ": a read starting in the header " + x);
                }
            }
        }
        return pruned;
    }

    private void assertGroupNeverOpened(ColumnGroup g) {
        for (RowGroupRef rg : table.rowGroups()) {
            assertFalse(counting.wasOpened(table.dataPath(rg, g)), "data of unread group " + g.name() + " opened");
            assertFalse(counting.wasOpened(table.metadataPath(rg, g)), "metadata of unread group " + g.name() + " opened");
        }
    }

    private static List<Integer> idsWhere(LongPredicate p) {
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < ROWS_PER_GROUP * ROW_GROUPS; i++) {
            if (p.test(i)) {
                ids.add(i);
            }
        }
        return ids;
    }

    @Test
    void selectiveRangeFilterReadsOnlyTheSegmentsThatMayMatch() throws IOException {
        Predicate filter = and(ge("id", 610), lt("id", 640));
        long[] stats = new long[2];
        List<Integer> ids = readIds(ReadOptions.all().withColumns("payload", "id").withFilter(filter), stats);
        assertEquals(idsWhere(i -> i >= 610 && i < 640), ids);
        long pruned = assertOnlyKeptSegmentsRead(List.of(group("ids"), group("text")),
                (min, max, nulls) -> max >= 610 && min < 640);
        assertTrue(pruned > 30, "most segments are pruned: " + pruned);
        assertEquals(pruned, stats[0], "ReadStats.segmentsSkipped agrees");
        assertGroupNeverOpened(group("rest"));
        assertEquals(segmentsRead, stats[1], "ReadStats.segmentsRead counts the segments read");
    }

    @Test
    void isNullFilterPrunesSegmentsWithoutNulls() throws IOException {
        long[] stats = new long[2];
        List<Integer> ids = readIds(ReadOptions.all().withColumns("payload", "id").withFilter(isNull("maybe")), stats);
        assertEquals(idsWhere(i -> i >= 300 && i < 350), ids);
        long pruned = assertOnlyKeptSegmentsRead(List.of(group("ids"), group("text")), (min, max, nulls) -> nulls > 0);
        assertEquals(pruned, stats[0]);
        assertGroupNeverOpened(group("rest"));
    }

    @Test
    void disjunctionKeepsTheSegmentsOfEitherSide() throws IOException {
        Predicate filter = or(lt("id", 20), ge("id", 990));
        long[] stats = new long[2];
        List<Integer> ids = readIds(ReadOptions.all().withColumns("payload", "id").withFilter(filter), stats);
        assertEquals(idsWhere(i -> i < 20 || i >= 990), ids);
        long pruned = assertOnlyKeptSegmentsRead(List.of(group("ids"), group("text")),
                (min, max, nulls) -> min < 20 || max >= 990);
        assertEquals(pruned, stats[0]);
    }

    @Test
    void filterNoSegmentCanMatchReadsNoDataAtAll() throws IOException {
        long[] stats = new long[2];
        List<Integer> ids = readIds(ReadOptions.all().withColumns("payload", "id").withFilter(lt("id", 0)), stats);
        assertTrue(ids.isEmpty());
        for (RowGroupRef rg : table.rowGroups()) {
            for (ColumnGroup g : table.schema().groups()) {
                assertEquals(0, counting.bytesRead(table.dataPath(rg, g)), "no data bytes of " + g.name());
            }
        }
        assertEquals(0, stats[1], "segments read");
        assertGroupNeverOpened(group("rest"));
    }

    @Test
    void withoutFilterEverySegmentIsReadOnceAndPaddingNever() throws IOException {
        long[] stats = new long[2];
        List<Integer> ids = readIds(ReadOptions.all().withColumns("payload", "id"), stats);
        assertEquals(idsWhere(i -> true), ids);
        assertEquals(0, stats[0], "nothing skipped");
        for (RowGroupRef rg : plain.rowGroups()) {
            for (ColumnGroup g : List.of(group("ids"), group("text"))) {
                ColumnGroupMetadata m = meta(rg, g);
                long rowBytes = m.segments().stream().mapToLong(SegmentMetadata::length).sum();
                // Plus the one 8-byte read that checks the data file's header.
                assertEquals(rowBytes + 8, counting.bytesRead(table.dataPath(rg, g)), "exactly the row bytes are read");
                assertEquals(m.segments().size() + 1, counting.readCalls(table.dataPath(rg, g)), "one read per segment");
                for (SegmentMetadata s : m.segments()) {
                    long padFrom = s.offset() + s.length();
                    long padTo = padFrom + s.padding();
                    assertTrue(counting.reads(table.dataPath(rg, g)).stream().noneMatch(x -> x.overlaps(padFrom, padTo)),
                            "padding is never read");
                }
            }
        }
        assertGroupNeverOpened(group("rest"));
    }

    @Test
    void projectingOneGroupOpensOnlyThatGroupsFiles() throws IOException {
        try (AlbisReader r = table.newReader(ReadOptions.all().withColumns("extra"))) {
            int n = 0;
            while (r.advance()) {
                assertEquals(n / 2.0, r.getDouble(0));
                n++;
            }
            assertEquals(ROWS_PER_GROUP * ROW_GROUPS, n);
        }
        assertGroupNeverOpened(group("ids"));
        assertGroupNeverOpened(group("text"));
        Set<String> opened = Set.copyOf(counting.openedFiles());
        for (RowGroupRef rg : table.rowGroups()) {
            assertTrue(opened.contains(table.dataPath(rg, group("rest"))));
        }
    }
}
