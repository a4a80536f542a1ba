package io.albis.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.filter.Predicate;
import io.albis.filter.Predicates;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.testing.PredicateOracle;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a filter's work is split, as {@link ReadStats#rowsDropped} shows it: stretches the
 * statistics prove to match entirely are read untested (no row dropped, no row tested), the
 * others tested in vectors or row by row; the rows returned are the matching ones either way.
 * Column {@code id} is sorted (tight min/max per segment), {@code key} is {@code id * 7919 mod
 * ROWS} (no order), {@code s} a string in a group of its own.
 */
class FilterStretchesTest {
    @TempDir
    Path dir;

    private static final int ROWS = 30_000;

    private AlbisTable table() throws IOException {
        Schema schema = Schema.builder().column("id", DataType.INT, false).column("key", DataType.LONG, false)
                .column("s", DataType.STRING).groups(java.util.Map.of("text", List.of("s"))).build();
        String t = dir.resolve("t").toString();
        WriterOptions options = WriterOptions.defaults().withSegmentSize(4096).withRowGroupRows(12_000);
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema, options)) {
            for (int i = 0; i < ROWS; i++) {
                w.setInt(0, i);
                w.setLong(1, (long) i * 7919 % ROWS);
                w.setString(2, "v" + i);
                w.nextRow();
            }
        }
        return AlbisTable.open(t);
    }

    /** The ids a read with {@code filter} returns, and its stats. */
    private static List<Long> ids(AlbisTable t, Predicate filter, ReadStats[] stats) throws IOException {
        List<Long> out = new ArrayList<>();
        try (AlbisReader r = t.newReader(ReadOptions.all().withColumns("id", "s").withFilter(filter))) {
            while (r.advance()) {
                out.add((long) r.getInt(0));
                assertEquals("v" + r.getInt(0), r.getString(1));
            }
            stats[0] = r.stats();
        }
        return out;
    }

    private static List<Long> expected(LongPredicate idMatches) {
        return LongStream.range(0, ROWS).filter(idMatches).boxed().toList();
    }

    @Test
    void anInListCoveringEverySortedValueOfItsSegmentsReadsThemUntested() throws IOException {
        AlbisTable t = table();
        ReadStats[] stats = new ReadStats[1];
        // Every id from 1000 to 20999: whole segments lie inside, only the two at the ends are tested.
        List<Object> listed = new ArrayList<>();
        for (int i = 1000; i < 21_000; i++) {
            listed.add(i);
        }
        assertEquals(expected(i -> i >= 1000 && i < 21_000), ids(t, Predicates.in("id", listed), stats));
        assertTrue(stats[0].rowsDropped() < 2 * 4096, "only the end segments are tested: " + stats[0]);
        // A range the same: its segments inside are read untested.
        assertEquals(expected(i -> i >= 1000 && i < 21_000),
                ids(t, Predicates.and(Predicates.ge("id", 1000), Predicates.lt("id", 21_000)), stats));
        assertTrue(stats[0].rowsDropped() < 2 * 4096, "only the end segments are tested: " + stats[0]);
    }

    @Test
    void aFilterOnAColumnInNoOrderDropsRowsInVectorsAndTheRestRowByRow() throws IOException {
        AlbisTable t = table();
        ReadStats[] stats = new ReadStats[1];
        List<Object> keys = List.of(5L, 77L, 29_999L, 12_345L);
        LongPredicate keyListed = i -> keys.contains(i * 7919 % ROWS);
        assertEquals(expected(keyListed), ids(t, Predicates.in("key", keys), stats));
        assertEquals(ROWS - 4, stats[0].rowsDropped(), stats[0].toString());
        // With a string test the vector part keeps the keys' rows, the string test drops the rest.
        Predicate both = Predicates.and(Predicates.in("key", keys), Predicates.ne("s", "v" + firstId(77)));
        assertEquals(expected(i -> keyListed.test(i) && i != firstId(77)), ids(t, both, stats));
        assertEquals(ROWS - 3, stats[0].rowsDropped(), stats[0].toString());
    }

    /**
     * Every comparison on a long column whose values are the extremes of long and their
     * neighbours (and nulls): the rows the vector loop keeps are the ones Java's own comparison
     * keeps (the tests' own evaluation of the predicate), so its branch-free unsigned range test
     * wraps nowhere.
     */
    @Test
    void comparisonsAtTheExtremesOfLongKeepWhatJavaComparesAsKept() throws IOException {
        long[] edges = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -2, -1, 0, 1, 2, Long.MAX_VALUE - 1, Long.MAX_VALUE};
        Schema schema = Schema.builder().column("id", DataType.INT, false).column("v", DataType.LONG).build();
        String path = dir.resolve("edges").toString();
        int rows = edges.length * 3;
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, path, schema, WriterOptions.defaults())) {
            for (int i = 0; i < rows; i++) {
                w.setInt(0, i);
                if (i % 3 == 2) {
                    w.setNull(1);
                } else {
                    w.setLong(1, edges[i % edges.length]);
                }
                w.nextRow();
            }
        }
        AlbisTable t = AlbisTable.open(path);
        for (Predicate.Op op : Predicate.Op.values()) {
            for (long literal : edges) {
                Predicate filter = Predicates.compare("v", op, literal);
                List<Long> want = new ArrayList<>();
                for (int i = 0; i < rows; i++) {
                    Object[] row = {i, i % 3 == 2 ? null : edges[i % edges.length]};
                    if (Boolean.TRUE.equals(PredicateOracle.evaluate(filter, schema, row))) {
                        want.add((long) i);
                    }
                }
                List<Long> got = new ArrayList<>();
                try (AlbisReader r = t.newReader(ReadOptions.all().withColumns("id").withFilter(filter))) {
                    while (r.advance()) {
                        got.add((long) r.getInt(0));
                    }
                }
                assertEquals(want, got, "v " + op + " " + literal);
            }
        }
    }

    /** The id whose key is {@code key}. */
    private static long firstId(long key) {
        return LongStream.range(0, ROWS).filter(i -> i * 7919 % ROWS == key).findFirst().orElseThrow();
    }
}
