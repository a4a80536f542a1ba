package io.albis;

import static io.albis.filter.Predicates.eq;
import static io.albis.filter.Predicates.in;
import static io.albis.filter.Predicates.ne;
import static io.albis.filter.Predicates.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.InvalidOptionException;
import io.albis.filter.Predicate;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.segment.ColumnBloomFilters;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import io.albis.table.WriteMode;
import io.albis.write.AlbisWriter;
import io.albis.write.WriteJob;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bloom filters at work (docs/FORMAT.md §8): on columns in random order, where a segment's
 * minimum and maximum span nearly every value, {@code =} and {@code IN} of keys no row holds skip
 * the segments min/max cannot, for every kind of value; {@code !=} and {@code NOT IN} never use
 * them; a key a row holds is always found. The same rows are written twice, with and without
 * bloom filters, so the difference is the filters'.
 */
class BloomFilterPruningTest {
    private static final int ROWS = 6000;
    private static final int ROW_GROUP_ROWS = 3000;
    private static final int SEGMENT = 4096;
    private static final List<String> INDEXED = List.of("k", "i", "s", "d", "f", "w", "dt");

    @TempDir
    static Path dir;

    private static AlbisTable withBlooms;
    private static AlbisTable without;
    /** Every row's values, by column name (ids are row numbers). */
    private static final long[] K = new long[ROWS];
    private static final int[] I = new int[ROWS];
    private static final String[] S = new String[ROWS];
    private static final double[] D = new double[ROWS];
    private static final float[] F = new float[ROWS];
    private static final BigDecimal[] W = new BigDecimal[ROWS];
    private static final int[] DT = new int[ROWS];

    /**
     * Columns: id (the row number, sorted), then in random order: k long (even numbers below
     * 2,000,000), i int (even), s string ("key-" and an even number), d double (whole), f float (an
     * even number and a half), w decimal(30, 2) (an even number of cents above 10^21), dt date (even
     * days), every tenth row null; payload in a group of its own.
     */
    private static Schema schema() {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        groups.put("keys", List.of("id", "k", "i", "s", "d", "f", "w", "dt"));
        groups.put("text", List.of("payload"));
        return Schema.builder().column("id", DataType.LONG, false).column("k", DataType.LONG)
                .column("i", DataType.INT).column("s", DataType.STRING).column("d", DataType.DOUBLE)
                .column("f", DataType.FLOAT).column("w", DataType.decimal(30, 2)).column("dt", DataType.DATE)
                .column("payload", DataType.STRING).groups(groups).build();
    }

    @BeforeAll
    static void writeTheTables() throws IOException {
        Random r = new Random(25);
        for (int row = 0; row < ROWS; row++) {
            K[row] = 2L * r.nextInt(1_000_000);
            I[row] = 2 * r.nextInt(1_000_000);
            S[row] = "key-" + 2 * r.nextInt(1_000_000);
            D[row] = r.nextInt(1_000_000);
            F[row] = r.nextInt(100_000) * 2 + 0.5f;
            W[row] = BigDecimal.valueOf(2L * r.nextInt(1_000_000), 2).add(new BigDecimal("1000000000000000000000"));
            DT[row] = 2 * r.nextInt(20_000);
        }
        WriterOptions options = WriterOptions.defaults().withSegmentSize(SEGMENT).withRowGroupRows(ROW_GROUP_ROWS);
        withBlooms = write("with", options.withBloomFilterColumns(INDEXED));
        without = write("without", options);
    }

    private static AlbisTable write(String name, WriterOptions options) throws IOException {
        String path = dir.resolve(name).toString();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, path, schema(), options)) {
            for (int row = 0; row < ROWS; row++) {
                w.setLong(0, row);
                if (row % 10 != 9) {
                    w.setLong(1, K[row]);
                    w.setInt(2, I[row]);
                    w.setString(3, S[row]);
                    w.setDouble(4, D[row]);
                    w.setFloat(5, F[row]);
                    w.setDecimal(6, W[row]);
                    w.setDate(7, DT[row]);
                }
                w.setString(8, "row " + row);
                w.nextRow();
            }
        }
        return AlbisTable.open(path);
    }

    private static boolean isNull(int row) {
        return row % 10 == 9;
    }

    /** A read of the ids and payloads of the rows {@code filter} keeps. */
    private record Read(List<Long> ids, long segmentsSkipped, long segmentsRead) {}

    private static Read read(AlbisTable t, Predicate filter) throws IOException {
        List<Long> ids = new ArrayList<>();
        try (AlbisReader r = t.newReader(ReadOptions.all().withColumns("id", "payload").withFilter(filter))) {
            while (r.advance()) {
                ids.add(r.getLong(0));
                assertEquals("row " + r.getLong(0), r.getString(1));
            }
            return new Read(ids, r.stats().segmentsSkipped(), r.stats().segmentsRead());
        }
    }

    private static List<Long> rowsWhere(IntPredicate p) {
        List<Long> ids = new ArrayList<>();
        for (int row = 0; row < ROWS; row++) {
            if (!isNull(row) && p.test(row)) {
                ids.add((long) row);
            }
        }
        return ids;
    }

    /** Segments of the two groups a read of id and payload filtered on a key column needs. */
    private static long segments(AlbisTable t) throws IOException {
        long n = 0;
        for (RowGroupRef rg : t.rowGroups()) {
            for (ColumnGroup g : t.schema().groups()) {
                n += t.metadata(rg, g, t.presentGroups(rg)).segments().size();
            }
        }
        return n;
    }

    /** Filters of keys no row holds, of every kind of value, each between the extremes of nearly every segment. */
    private static List<Predicate> nonMembers() {
        return List.of(eq("k", 1_000_001L), eq("k", 1_000_001), in("k", 1_000_001L, 333_333L, 1_555_555L),
                eq("i", 777_777), in("i", 777_777, 1_234_567), eq("s", "key-5000001"), in("s", "key-3", "key-7777777"),
                eq("d", 500_000.5), in("d", 250_000.5, 750_000.25), eq("f", 100_001.25f), eq("w", new BigDecimal("1000000000000000005000.01")),
                eq("dt", LocalDate.ofEpochDay(10_001)), in("dt", LocalDate.ofEpochDay(1), LocalDate.ofEpochDay(9_999)));
    }

    @Test
    void keysNoRowHoldsSkipTheSegmentsMinAndMaxCannot() throws IOException {
        long all = segments(withBlooms);
        assertEquals(all, segments(without), "the same rows in the same segments");
        for (Predicate p : nonMembers()) {
            Read bloom = read(withBlooms, p);
            Read minMax = read(without, p);
            assertEquals(List.of(), bloom.ids(), p.toString());
            assertEquals(List.of(), minMax.ids(), p.toString());
            assertTrue(minMax.segmentsSkipped() <= all / 10, p + ": min/max skip " + minMax.segmentsSkipped()
                    + " of " + all + " segments");
            assertTrue(bloom.segmentsSkipped() >= all * 9 / 10, p + ": bloom filters skip " + bloom.segmentsSkipped()
                    + " of " + all + " segments");
            assertTrue(bloom.segmentsRead() < minMax.segmentsRead() / 5, p.toString());
        }
    }

    @Test
    void notEqualAndNotInNeverConsultTheFilters() throws IOException {
        for (Predicate p : List.of(ne("k", 1_000_001L), not(in("k", 1_000_001L, 3L)), not(in("s", "key-1", "key-3")),
                ne("d", 500_000.5))) {
            Read bloom = read(withBlooms, p);
            Read minMax = read(without, p);
            assertEquals(minMax.ids(), bloom.ids(), p.toString());
            assertEquals(minMax.segmentsSkipped(), bloom.segmentsSkipped(), p.toString());
        }
    }

    @Test
    void everyKeyARowHoldsIsFound() throws IOException {
        Random r = new Random(5);
        for (int probe = 0; probe < 40; probe++) {
            int row = r.nextInt(ROWS);
            if (isNull(row)) {
                continue;
            }
            int other = r.nextInt(ROWS);
            assertEquals(rowsWhere(x -> K[x] == K[row]), read(withBlooms, eq("k", K[row])).ids());
            assertEquals(rowsWhere(x -> K[x] == K[row] || K[x] == K[other] || K[x] == 5),
                    read(withBlooms, in("k", K[row], K[other], 5L)).ids());
            assertEquals(rowsWhere(x -> I[x] == I[row]), read(withBlooms, eq("i", (long) I[row])).ids(),
                    "an int column by a long literal");
            assertEquals(rowsWhere(x -> S[x].equals(S[row]) || S[x].equals(S[other])),
                    read(withBlooms, in("s", S[row], S[other], "absent")).ids());
            assertEquals(rowsWhere(x -> D[x] == D[row]), read(withBlooms, eq("d", D[row])).ids());
            assertEquals(rowsWhere(x -> F[x] == F[row]), read(withBlooms, eq("f", (double) F[row])).ids());
            assertEquals(rowsWhere(x -> W[x].equals(W[row])), read(withBlooms, eq("w", W[row])).ids());
            assertEquals(rowsWhere(x -> DT[x] == DT[row]), read(withBlooms, eq("dt", LocalDate.ofEpochDay(DT[row]))).ids());
        }
    }

    @Test
    void theFiltersAreKeptWithEachSegmentsMetadata() throws IOException {
        RowGroupRef rg = withBlooms.rowGroups().get(0);
        ColumnGroup keys = withBlooms.schema().groups().get(0);
        ColumnGroupMetadata m = withBlooms.metadata(rg, keys, withBlooms.presentGroups(rg));
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7), m.bloomFilters().stream().map(ColumnBloomFilters::slot).toList());
        for (ColumnBloomFilters b : m.bloomFilters()) {
            assertEquals(WriterOptions.DEFAULT_BLOOM_FILTER_FPP, b.fpp());
            assertEquals(m.segments().size(), b.segments().size());
        }
        assertEquals(null, m.bloomFilter(0, 0), "id has none");
        ColumnGroupMetadata text = withBlooms.metadata(rg, withBlooms.schema().groups().get(1),
                withBlooms.presentGroups(rg));
        assertEquals(List.of(), text.bloomFilters());
    }

    // ------------------------------------------------------------------ options

    @Test
    void badOptionsAreRefusedNamingTheColumnOrTheRate() throws IOException {
        for (double fpp : new double[] {0, 1, -0.5, 2, Double.NaN}) {
            InvalidOptionException e = assertThrows(InvalidOptionException.class,
                    () -> WriterOptions.defaults().withBloomFilterFpp(fpp));
            assertTrue(e.getMessage().contains("false-positive rate must be above 0 and below 1, got " + fpp),
                    e.getMessage());
        }
        assertThrows(InvalidOptionException.class, () -> WriterOptions.defaults().withBloomFilterColumns(List.of("")));
        Schema schema = Schema.builder().column("id", DataType.LONG)
                .column("tags", DataType.list(DataType.INT, true))
                .field(new Field("point", DataType.struct(Field.of("x", DataType.INT)), true)).build();
        Map<String, String> refusals = Map.of(
                "nope", "bloom filter column 'nope' is not a column of ",
                "ID", "bloom filter column 'ID' is not a column of ",
                "tags", "bloom filter column 'tags' of " + dir.resolve("refused") + " is a list<int>",
                "point", "bloom filter column 'point' of " + dir.resolve("refused") + " is a struct; name its fields");
        for (Map.Entry<String, String> refusal : refusals.entrySet()) {
            WriterOptions options = WriterOptions.defaults().withBloomFilterColumns(List.of("id", refusal.getKey()));
            String table = dir.resolve("refused").toString();
            InvalidOptionException e = assertThrows(InvalidOptionException.class,
                    () -> AlbisWriter.create(LocalStorage.INSTANCE, table, schema, options));
            assertTrue(e.getMessage().startsWith(refusal.getValue()), e.getMessage());
            assertFalse(Files.exists(Path.of(table)), "nothing written");
            String existing = withBlooms.path();
            assertThrows(InvalidOptionException.class, () -> WriteJob.begin(LocalStorage.INSTANCE, existing,
                    WriteMode.APPEND, WriterOptions.defaults().withBloomFilterColumns(List.of("nope"))),
                    "a job on an existing table checks its schema");
        }
        WriterOptions field = WriterOptions.defaults().withBloomFilterColumns(List.of("point.x"));
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, dir.resolve("field").toString(), schema, field)) {
            w.setInt(3, 7);
            w.nextRow();
        }
        AlbisTable t = AlbisTable.open(dir.resolve("field").toString());
        try (AlbisReader r = t.newReader(ReadOptions.all().withColumns("point.x").withFilter(eq("point.x", 7)))) {
            assertTrue(r.advance() && r.getInt(0) == 7 && !r.advance(), "a struct's field is found by its filter");
        }
    }
}
