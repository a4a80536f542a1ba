package io.albis;

import static io.albis.filter.Predicates.and;
import static io.albis.filter.Predicates.eq;
import static io.albis.filter.Predicates.ge;
import static io.albis.filter.Predicates.gt;
import static io.albis.filter.Predicates.in;
import static io.albis.filter.Predicates.isNull;
import static io.albis.filter.Predicates.le;
import static io.albis.filter.Predicates.lt;
import static io.albis.filter.Predicates.ne;
import static io.albis.filter.Predicates.not;
import static io.albis.filter.Predicates.or;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.albis.error.InvalidOptionException;
import io.albis.error.SchemaMismatchException;
import io.albis.filter.Predicate;
import io.albis.filter.Predicates;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.read.RowRun;
import io.albis.read.RunReader;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.table.AlbisTable;
import io.albis.testing.ExpectedTable;
import io.albis.testing.MemoryStorage;
import io.albis.testing.PredicateOracle;
import io.albis.testing.RandomPredicates;
import io.albis.testing.RandomTables;
import io.albis.testing.RandomTables.DataProfile;
import io.albis.testing.RandomTables.Grouping;
import io.albis.testing.RowAssertions;
import io.albis.testing.TableChecks;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Random projections and random predicates, checked against a brute-force SQL evaluator over
 * the expected rows: the reader must return exactly the rows for which the predicate is TRUE, in
 * order, with exactly the projected values. Small segments make segment pruning take part, so a
 * wrongly pruned segment shows as missing rows.
 */
class ProjectionAndFilterTest {
    private static final int SEEDS = 60;
    private static final int QUERIES_PER_TABLE = 40;

    private MemoryStorage storage;

    @BeforeEach
    void freshStorage() {
        storage = new MemoryStorage();
    }

    /** A random table: a sorted "seq" column, a clustered "cluster" column, then random fields. */
    private record TestTable(AlbisTable table, ExpectedTable expected, int rowsPerGroup) {}

    private TestTable randomTable(long seed) throws IOException {
        RandomTables gen = new RandomTables(seed);
        Random random = gen.random();
        List<Field> fields = new ArrayList<>();
        fields.add(Field.required("seq", DataType.INT));
        fields.add(Field.of("cluster", DataType.LONG));
        fields.addAll(gen.randomFields(8, 2));
        Grouping grouping = Grouping.values()[random.nextInt(Grouping.values().length)];
        Schema schema = gen.schema(fields, grouping);
        int rowCount = random.nextInt(6) == 0 ? random.nextInt(3) : random.nextInt(300);
        List<Object[]> rows = gen.randomRows(schema, rowCount, DataProfile.typical().withNulls(0.15));
        for (int r = 0; r < rowCount; r++) {
            rows.get(r)[0] = r;
            rows.get(r)[1] = random.nextInt(10) == 0 ? null : (long) (r / 17) * 3;
        }
        ExpectedTable expected = new ExpectedTable(schema, fields, rows);
        int rowsPerGroup = 1 + random.nextInt(Math.max(1, rowCount));
        WriterOptions options = WriterOptions.defaults().withSegmentSize(64 + random.nextInt(400))
                .withRowGroupRows(rowsPerGroup);
        AlbisTable table = TableChecks.write(storage, "t" + seed, expected, options, random);
        return new TestTable(table, expected, rowsPerGroup);
    }

    @TestFactory
    Stream<DynamicTest> randomProjectionsAndPredicatesMatchTheOracle() {
        return IntStream.range(0, SEEDS).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
            TestTable t = randomTable(1000 + seed);
            Random random = new Random(seed);
            RandomPredicates predicates = new RandomPredicates(random, t.expected());
            for (int q = 0; q < QUERIES_PER_TABLE; q++) {
                List<String> projection = random.nextInt(6) == 0 ? null : randomProjection(t.expected(), random);
                Predicate filter = random.nextInt(8) == 0 ? null : predicates.randomPredicate(3);
                int[] rowGroups = random.nextInt(5) == 0 ? randomRowGroups(t.table(), random) : null;
                assertQueryMatchesOracle(t, projection, filter, rowGroups, "seed " + seed + ", query " + q);
            }
        }));
    }

    /** Any subset of names in any order: leaves, struct names (nested ones too), sometimes repeated. */
    private static List<String> randomProjection(ExpectedTable expected, Random random) {
        Set<String> candidates = new LinkedHashSet<>();
        for (Column c : expected.schema().columns()) {
            for (int d = 1; d <= c.path().size(); d++) {
                candidates.add(String.join(".", c.path().subList(0, d)));
            }
        }
        List<String> all = new ArrayList<>(candidates);
        Collections.shuffle(all, random);
        List<String> names = new ArrayList<>(all.subList(0, 1 + random.nextInt(all.size())));
        if (random.nextInt(5) == 0) {
            names.add(names.get(random.nextInt(names.size())));
        }
        return names;
    }

    private static int[] randomRowGroups(AlbisTable table, Random random) {
        List<Integer> idx = new ArrayList<>();
        table.rowGroups().forEach(rg -> {
            if (random.nextBoolean()) {
                idx.add(rg.index());
            }
        });
        Collections.shuffle(idx, random);
        return idx.stream().mapToInt(Integer::intValue).toArray();
    }

    private void assertQueryMatchesOracle(TestTable t, List<String> projection, Predicate filter, int[] rowGroups,
            String context) throws IOException {
        ExpectedTable expected = t.expected();
        String where = context + " [columns " + projection + ", filter " + filter + ", row groups "
                + (rowGroups == null ? "all" : Arrays.toString(rowGroups)) + "]";
        List<Integer> candidates = new ArrayList<>();
        if (rowGroups == null) {
            IntStream.range(0, expected.rowCount()).forEach(candidates::add);
        } else {
            for (int rg : rowGroups) {
                int from = rg * t.rowsPerGroup();
                IntStream.range(from, Math.min(expected.rowCount(), from + t.rowsPerGroup())).forEach(candidates::add);
            }
        }
        List<Integer> matching = new ArrayList<>();
        for (int r : candidates) {
            if (filter == null || Boolean.TRUE.equals(PredicateOracle.evaluate(filter, expected.schema(),
                    expected.rows().get(r)))) {
                matching.add(r);
            }
        }
        int[] columns = projection == null ? expected.allColumns() : expected.projectionColumns(projection);
        ReadOptions options = new ReadOptions(projection, filter, rowGroups, true);
        try (AlbisReader reader = t.table().newReader(options)) {
            assertEquals(columns.length, reader.columnCount(), where + ": projected columns");
            for (int i = 0; i < columns.length; i++) {
                assertEquals(columns[i], reader.column(i).index(), where + ": reader column " + i);
            }
            int k = 0;
            while (reader.advance()) {
                if (k >= matching.size()) {
                    fail(where + ": returned more than the " + matching.size() + " matching rows; extra row has seq "
                            + extraSeq(reader, expected));
                }
                int r = matching.get(k);
                RowAssertions.assertRow(reader, expected.schema(), columns, expected.rows().get(r),
                        where + ", expected row " + r);
                k++;
            }
            assertEquals(matching.size(), k, where + ": matching rows returned; expected " + matching);
        }
        assertRunsMatch(t, options, matching, where);
    }

    /**
     * The runs a {@link RunReader} describes cover exactly the matching rows, in order, whether
     * they are taken one run at a time, gathered within the loaded segments (as Spark's batches
     * gather them) or as selections of a run's matching rows, with short runs as well as long ones.
     */
    private static void assertRunsMatch(TestTable t, ReadOptions options, List<Integer> matching, String where)
            throws IOException {
        Random random = new Random(matching.size() * 31L + where.hashCode());
        List<Integer> seen = new ArrayList<>();
        try (RunReader reader = t.table().newRunReader(options)) {
            RowRun[] runs = reader.newRuns();
            for (;;) {
                int maxRows = random.nextInt(4) == 0 ? 1 + random.nextInt(3) : Integer.MAX_VALUE;
                if (random.nextInt(3) == 0) {
                    // a selection: one run and the offsets of its matching rows
                    int[] selected = new int[Math.min(maxRows, 64)];
                    int k = reader.nextSelection(runs, selected);
                    if (k == 0) {
                        break;
                    }
                    long first = (long) reader.currentRowGroup() * t.rowsPerGroup() + reader.runFirstRowIndex();
                    for (int i = 0; i < k; i++) {
                        seen.add((int) (first + selected[i]));
                    }
                    continue;
                }
                int n = reader.nextRun(runs, maxRows);
                if (n == 0) {
                    break;
                }
                do {
                    long first = (long) reader.currentRowGroup() * t.rowsPerGroup() + reader.runFirstRowIndex();
                    for (int i = 0; i < n; i++) {
                        seen.add((int) (first + i));
                    }
                    n = random.nextBoolean() ? reader.nextRunInSegments(runs, maxRows) : 0;
                } while (n > 0);
            }
        }
        assertEquals(matching, seen, where + ": rows of the runs");
    }

    private static String extraSeq(AlbisReader reader, ExpectedTable expected) {
        for (int i = 0; i < reader.columnCount(); i++) {
            if (reader.column(i).name().equals("seq")) {
                return String.valueOf(reader.getInt(i));
            }
        }
        return "(seq not projected)";
    }

    // ------------------------------------------------------------------ fixed cases

    /** A small table with one column of each interesting kind; row r has id r. */
    private TestTable fixedTable() throws IOException {
        List<Field> fields = List.of(Field.required("id", DataType.INT), Field.of("i", DataType.INT),
                Field.of("d", DataType.decimal(5, 2)), Field.of("f", DataType.FLOAT), Field.of("x", DataType.DOUBLE),
                Field.of("s", DataType.STRING), Field.of("wide", DataType.decimal(38, 0)),
                Field.of("day", DataType.DATE), Field.of("ts", DataType.TIMESTAMP),
                new Field("st", DataType.struct(Field.required("a", DataType.INT)), true));
        Object[][] data = {
            {0, 1, new BigDecimal("1.00"), 0.0f, -0.0, "a", BigDecimal.ONE, LocalDate.of(2020, 1, 1), Instant.ofEpochSecond(0), true, 5},
            {1, 2, new BigDecimal("1.01"), -0.0f, 0.0, "é", new BigDecimal("99999999999999999999999999999999999999"), LocalDate.of(1969, 12, 31), Instant.parse("2400-01-01T00:00:00Z"), null, null},
            {2, 3, new BigDecimal("-1.00"), Float.NaN, Double.NaN, "😀", new BigDecimal("-99999999999999999999999999999999999999"), null, Instant.ofEpochSecond(-1, 999_999_000), true, 7},
            {3, null, null, null, null, null, null, null, null, null, null},
            {4, Integer.MAX_VALUE, new BigDecimal("999.99"), Float.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, "", BigDecimal.ZERO, LocalDate.of(2020, 1, 2), Instant.ofEpochSecond(1), true, 5},
            {5, Integer.MIN_VALUE, new BigDecimal("-999.99"), 2.5f, 0.1, "ab", new BigDecimal(BigInteger.ONE.shiftLeft(64)), LocalDate.of(2020, 1, 3), Instant.ofEpochSecond(0, 1000), true, 6},
        };
        Schema schema = Schema.builder().fields(fields).build();
        List<Object[]> rows = new ArrayList<>();
        for (Object[] d : data) {
            rows.add(d.clone());
        }
        ExpectedTable expected = new ExpectedTable(schema, fields, rows);
        AlbisTable table = TableChecks.write(storage, "fixed", expected, WriterOptions.defaults().withSegmentSize(64)
                .withRowGroupRows(4), new Random(7));
        return new TestTable(table, expected, 4);
    }

    /** The ids of rows the reader returns for a filter. */
    private static List<Integer> idsMatching(AlbisTable table, Predicate filter) throws IOException {
        List<Integer> ids = new ArrayList<>();
        try (AlbisReader r = table.newReader(ReadOptions.all().withColumns("id").withFilter(filter))) {
            while (r.advance()) {
                ids.add(r.getInt(0));
            }
        }
        return ids;
    }

    /** Checks the reader and the oracle agree on a filter and that both give {@code expectedIds}. */
    private static void assertMatches(TestTable t, Predicate filter, Integer... expectedIds) throws IOException {
        List<Integer> oracle = new ArrayList<>();
        for (int r = 0; r < t.expected().rowCount(); r++) {
            if (Boolean.TRUE.equals(PredicateOracle.evaluate(filter, t.expected().schema(), t.expected().rows().get(r)))) {
                oracle.add(r);
            }
        }
        assertEquals(List.of(expectedIds), oracle, "oracle for " + filter);
        assertEquals(List.of(expectedIds), idsMatching(t.table(), filter), "reader for " + filter);
    }

    @Test
    void literalsOfOtherNumericTypesCompareExactly() throws IOException {
        TestTable t = fixedTable();
        assertMatches(t, lt("i", 2.5), 0, 1, 5);
        assertMatches(t, le("i", new BigDecimal("2.999")), 0, 1, 5);
        assertMatches(t, gt("i", 2.5f), 2, 4);
        assertMatches(t, eq("i", 2.5), new Integer[0]);
        assertMatches(t, ne("i", 2.5), 0, 1, 2, 4, 5);
        assertMatches(t, eq("i", 2L), 1);
        assertMatches(t, lt("i", Long.MAX_VALUE), 0, 1, 2, 4, 5);
        assertMatches(t, gt("i", new BigDecimal("1e30")), new Integer[0]);
        assertMatches(t, ge("i", new BigDecimal("-1e30")), 0, 1, 2, 4, 5);
        assertMatches(t, eq("d", new BigDecimal("1.005")), new Integer[0]);
        assertMatches(t, gt("d", new BigDecimal("1.005")), 1, 4);
        assertMatches(t, eq("d", new BigDecimal("1.0100")), 1);
        assertMatches(t, eq("d", 1), 0);
        assertMatches(t, lt("d", 1.005), 0, 2, 5);
        assertMatches(t, eq("wide", new BigDecimal("99999999999999999999999999999999999999")), 1);
        assertMatches(t, gt("wide", 1.0e19), 1, 5);
        assertMatches(t, lt("wide", new BigDecimal("-1e38")), new Integer[0]);
        assertMatches(t, le("wide", new BigDecimal("-99999999999999999999999999999999999999")), 2);
        assertMatches(t, eq("wide", new BigInteger("18446744073709551616")), 5);
    }

    @Test
    void floatOrderingTreatsNegativeZeroAsZeroAndNaNAsLargest() throws IOException {
        TestTable t = fixedTable();
        assertMatches(t, eq("f", 0), 0, 1);
        assertMatches(t, eq("x", -0.0), 0, 1);
        assertMatches(t, eq("f", Float.NaN), 2);
        assertMatches(t, gt("x", Double.POSITIVE_INFINITY), 2);
        assertMatches(t, gt("f", Float.POSITIVE_INFINITY), 2);
        assertMatches(t, lt("f", Double.NaN), 0, 1, 4, 5);
        assertMatches(t, ne("x", Double.NaN), 0, 1, 4, 5);
        assertMatches(t, eq("x", 0.1), 5);
        assertMatches(t, eq("f", 2.5), 5);
        assertMatches(t, in("x", Double.NaN, Double.NEGATIVE_INFINITY), 2, 4);
    }

    @Test
    void nullsAreUnknownUnderNotAndNotIn() throws IOException {
        TestTable t = fixedTable();
        assertMatches(t, not(eq("i", 1)), 1, 2, 4, 5);
        assertMatches(t, not(in("i", 1, 2)), 2, 4, 5);
        assertMatches(t, in("i", 1, 2.5, 3), 0, 2);
        assertMatches(t, not(in("i", 2.5)), 0, 1, 2, 4, 5);
        assertMatches(t, not(in("i", 1, Integer.MAX_VALUE, Integer.MIN_VALUE)), 1, 2);
        assertMatches(t, or(isNull("i"), eq("i", 1)), 0, 3);
        assertMatches(t, not(or(isNull("i"), eq("i", 1))), 1, 2, 4, 5);
        assertMatches(t, not(and(eq("i", 1), eq("d", new BigDecimal("5")))), 0, 1, 2, 4, 5);
        assertMatches(t, or(gt("i", 0), not(gt("i", 0))), 0, 1, 2, 4, 5);
        assertMatches(t, isNull("st.a"), 1, 3);
        assertMatches(t, eq("st.a", 5), 0, 4);
        assertMatches(t, not(in("st.a", 5, 6)), 2);
    }

    @Test
    void stringsDatesAndTimestampsCompareInTheirOwnOrder() throws IOException {
        TestTable t = fixedTable();
        assertMatches(t, gt("s", "a"), 1, 2, 5);
        assertMatches(t, lt("s", "é"), 0, 4, 5);
        assertMatches(t, gt("s", "é"), 2);
        assertMatches(t, eq("s", ""), 4);
        assertMatches(t, eq("day", "2020-01-02"), 4);
        assertMatches(t, lt("day", LocalDate.of(2020, 1, 1)), 1);
        assertMatches(t, ge("day", Math.toIntExact(LocalDate.of(2020, 1, 2).toEpochDay())), 4, 5);
        assertMatches(t, gt("ts", Instant.parse("2300-01-01T00:00:00Z")), 1);
        assertMatches(t, lt("ts", Instant.ofEpochSecond(0)), 2);
        assertMatches(t, eq("ts", Instant.ofEpochSecond(0, 500)), new Integer[0]);
        assertMatches(t, gt("ts", Instant.ofEpochSecond(0, 500)), 1, 4, 5);
        assertMatches(t, eq("ts", 1L), 5);
        assertMatches(t, eq("ts", "1970-01-01T00:00:01Z"), 4);
    }

    @Test
    void projectionOfAStructExpandsToItsMarkerAndLeaves() throws IOException {
        TestTable t = fixedTable();
        try (AlbisReader r = t.table().newReader(ReadOptions.all().withColumns("st", "id"))) {
            assertEquals(3, r.columnCount());
            assertEquals(List.of("st", "st.a", "id"), List.of(r.column(0).name(), r.column(1).name(), r.column(2).name()));
            assertTrue(r.advance());
            assertEquals(Boolean.TRUE, r.getValue(0));
            assertEquals(5, r.getValue(1));
            assertTrue(r.advance());
            assertEquals(null, r.getValue(0));
            assertEquals(null, r.getValue(1), "a field of a null struct reads as null");
            assertEquals(1, r.getInt(2));
        }
    }

    @Test
    void badFiltersAndProjectionsAreRefusedClearly() throws IOException {
        TestTable t = fixedTable();
        assertThrows(InvalidOptionException.class, () -> eq("i", null));
        assertThrows(InvalidOptionException.class, () -> in("i", List.of()));
        assertThrows(InvalidOptionException.class, () -> in("i", Arrays.asList(1, null)));
        assertThrows(SchemaMismatchException.class, () -> t.table().newReader(ReadOptions.all().withColumns("nope")));
        assertThrows(SchemaMismatchException.class, () -> t.table().newReader(ReadOptions.all().withFilter(eq("nope", 1))));
        assertThrows(SchemaMismatchException.class, () -> t.table().newReader(ReadOptions.all().withFilter(isNull("st"))));
        assertThrows(SchemaMismatchException.class, () -> t.table().newReader(ReadOptions.all().withFilter(eq("i", "abc"))));
        assertThrows(SchemaMismatchException.class, () -> t.table().newReader(ReadOptions.all().withFilter(eq("i", Double.NaN))));
        assertThrows(SchemaMismatchException.class, () -> t.table().newReader(ReadOptions.all().withFilter(eq("s", 5))));
        assertThrows(SchemaMismatchException.class, () -> t.table().newReader(ReadOptions.all().withFilter(eq("day", 1.5))));
        assertThrows(InvalidOptionException.class, () -> t.table().newReader(ReadOptions.all().withRowGroups(7)));
        assertEquals(List.of("i", "s"), Predicates.columns(and(gt("i", 1), not(eq("s", "x")), isNull("i"))));
    }
}
