package io.albis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.testing.ExpectedTable;
import io.albis.testing.MemoryStorage;
import io.albis.testing.RandomTables;
import io.albis.testing.RandomTables.DataProfile;
import io.albis.testing.RandomTables.Grouping;
import io.albis.testing.TableChecks;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Property: whatever the schema, data, column grouping, segment size and row-group roll-over, the
 * reader returns exactly the rows written. Each seed makes a random schema over every type and
 * random rows full of edge cases, writes them under every configuration and reads them back.
 */
class RoundTripPropertyTest {
    private static final int SEEDS = 80;

    @TempDir
    Path dir;

    private int tableCounter;

    private String freshTablePath() {
        return dir.resolve("t" + tableCounter++).toString();
    }

    /** A roll-over configuration: none, by rows, or by bytes. */
    private record RollOver(String name, long rows, long bytes) {}

    @TestFactory
    Stream<DynamicTest> randomSchemaAndDataUnderEveryConfiguration() {
        return IntStream.range(0, SEEDS).mapToObj(seed -> DynamicTest.dynamicTest("seed " + seed,
                () -> roundTripEveryConfiguration(seed)));
    }

    /**
     * Tables of the random configurations live in memory (thousands of small files would make the
     * local file system the bottleneck); the fixed cases below use the local file system.
     */
    private void roundTripEveryConfiguration(long seed) throws IOException {
        MemoryStorage memory = new MemoryStorage();
        RandomTables gen = new RandomTables(seed);
        Random random = gen.random();
        List<Field> fields = seed % 5 == 0 ? gen.everyTypeFields() : gen.randomFields(10, 3);
        int smallSegment = 64 + random.nextInt(600);
        int rowCount = random.nextInt(5) == 0 ? random.nextInt(3) : random.nextInt(160);
        DataProfile profile = DataProfile.typical().withHuge(0.02, smallSegment + 1 + random.nextInt(2 * smallSegment));
        Schema first = gen.schema(fields, Grouping.ONE_GROUP);
        List<Object[]> rows = gen.randomRows(first, rowCount, profile);
        for (Grouping grouping : Grouping.values()) {
            Schema schema = gen.schema(fields, grouping);
            ExpectedTable expected = new ExpectedTable(schema, fields, rows);
            for (int segment : new int[] {smallSegment, WriterOptions.DEFAULT_SEGMENT_SIZE}) {
                List<RollOver> rollOvers = List.of(
                        new RollOver("none", Long.MAX_VALUE, WriterOptions.DEFAULT_ROW_GROUP_BYTES),
                        new RollOver("rows", Math.max(1, rowCount / (1 + random.nextInt(8))),
                                WriterOptions.DEFAULT_ROW_GROUP_BYTES),
                        new RollOver("bytes", Long.MAX_VALUE, bytesForSomeRowGroups(schema, rows, random)));
                for (RollOver ro : rollOvers) {
                    String context = "seed " + seed + ", " + grouping + ", segment " + segment + ", roll-over by "
                            + ro.name() + " (" + ro.rows() + " rows, " + ro.bytes() + " bytes)";
                    WriterOptions options = WriterOptions.defaults().withSegmentSize(segment)
                            .withRowGroupRows(ro.rows()).withRowGroupBytes(ro.bytes());
                    AlbisTable table = TableChecks.write(memory, "t" + tableCounter++, expected, options, random);
                    if (ro.name().equals("rows")) {
                        assertEquals((rowCount + ro.rows() - 1) / ro.rows(), table.rowGroups().size(),
                                context + ": row groups");
                    }
                    if (ro.name().equals("none")) {
                        assertEquals(rowCount == 0 ? 0 : 1, table.rowGroups().size(), context + ": row groups");
                    }
                    TableChecks.assertSegmentLayout(table, segment, context);
                    TableChecks.assertReadsBack(table, expected, random.nextBoolean(), context);
                }
            }
        }
    }

    /**
     * A row-group byte limit that cuts the table into a handful of row groups (1..7): the data
     * file headers of one row group plus a random share of the estimated encoded size.
     */
    private static long bytesForSomeRowGroups(Schema schema, List<Object[]> rows, Random random) {
        long estimate = 0;
        for (Object[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                DataType t = schema.column(c).type();
                estimate += t.fixedWidth() + 1;
                if (row[c] instanceof byte[] b) {
                    estimate += b.length;
                } else if (row[c] instanceof String str) {
                    estimate += str.length() * 2L;
                }
            }
        }
        long headers = 8L * schema.groups().size();
        return headers + 1 + estimate / (1 + random.nextInt(6));
    }

    /** Writes the rows under a grouping, checks the segment layout and reads everything back; returns the table. */
    private AlbisTable writeAndCheck(List<Field> fields, Grouping grouping, List<Object[]> rows, RandomTables gen,
            WriterOptions options, String context) throws IOException {
        Schema schema = gen.schema(fields, grouping);
        ExpectedTable expected = new ExpectedTable(schema, fields, rows);
        AlbisTable table = TableChecks.write(LocalStorage.INSTANCE, freshTablePath(), expected, options, gen.random());
        TableChecks.assertSegmentLayout(table, options.segmentSize(), context);
        TableChecks.assertReadsBack(table, expected, true, context);
        return table;
    }

    @Test
    void emptyTableHasNoRowGroupsAndReadsNothing() throws IOException {
        RandomTables gen = new RandomTables(101);
        List<Field> fields = gen.everyTypeFields();
        for (Grouping grouping : Grouping.values()) {
            String path = freshTablePath();
            Schema schema = gen.schema(fields, grouping);
            AlbisWriter.create(LocalStorage.INSTANCE, path, schema, WriterOptions.defaults()).close();
            AlbisTable table = AlbisTable.open(path);
            assertEquals(0, table.rowGroups().size(), grouping + ": row groups of an empty table");
            assertEquals(0, table.rowCount());
            assertEquals(fields, table.schema().fields());
            TableChecks.assertReadsBack(table, new ExpectedTable(schema, fields, List.of()), false, "empty " + grouping);
        }
    }

    @Test
    void oneRowUnderEveryGrouping() throws IOException {
        RandomTables gen = new RandomTables(102);
        List<Field> fields = gen.everyTypeFields();
        List<Object[]> rows = gen.randomRows(gen.schema(fields, Grouping.ONE_GROUP), 1, DataProfile.typical());
        for (Grouping grouping : Grouping.values()) {
            writeAndCheck(fields, grouping, rows, gen, WriterOptions.defaults(), "one row, " + grouping);
        }
    }

    @Test
    void rowsLargerThanTheDefaultSegment() throws IOException {
        RandomTables gen = new RandomTables(103);
        List<Field> fields = List.of(Field.required("id", DataType.INT), Field.of("blob", DataType.BINARY),
                Field.of("text", DataType.STRING));
        List<Object[]> rows = new ArrayList<>();
        Random random = gen.random();
        for (int i = 0; i < 6; i++) {
            byte[] blob = new byte[i % 2 == 0 ? WriterOptions.DEFAULT_SEGMENT_SIZE + 1000 * i : 10];
            random.nextBytes(blob);
            rows.add(new Object[] {i, blob, i == 3 ? "€".repeat(400_000) : "small " + i});
        }
        writeAndCheck(fields, Grouping.ONE_GROUP, rows, gen, WriterOptions.defaults(), "huge rows, one group");
        writeAndCheck(fields, Grouping.GROUP_PER_COLUMN, rows, gen, WriterOptions.defaults(), "huge rows, per column");
    }

    @Test
    void everyRowBiggerThanTheSegmentSize() throws IOException {
        RandomTables gen = new RandomTables(104);
        List<Field> fields = List.of(Field.required("id", DataType.LONG), Field.required("text", DataType.STRING),
                Field.of("pad", DataType.decimal(38, 0)));
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            rows.add(new Object[] {(long) i, "x".repeat(70 + i) + "😀", null});
        }
        WriterOptions options = WriterOptions.defaults().withSegmentSize(WriterOptions.MIN_SEGMENT_SIZE);
        AlbisTable table = writeAndCheck(fields, Grouping.ONE_GROUP, rows, gen, options, "every row > segment");
        try (AlbisReader r = table.newReader()) {
            while (r.advance()) {
                // read all
            }
            assertEquals(50, r.stats().segmentsRead(), "one segment per row");
        }
    }

    @Test
    void allNullColumnsAndAllNullStructs() throws IOException {
        RandomTables gen = new RandomTables(105);
        List<Field> fields = gen.everyTypeFields();
        Schema schema = gen.schema(fields, Grouping.ONE_GROUP);
        DataProfile everyNullable = new DataProfile(1.0, 1.0, 10, 0, 0);
        List<Object[]> rows = gen.randomRows(schema, 40, everyNullable);
        for (Object[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                if (schema.column(c).nullable()) {
                    assertEquals(null, row[c], "generator: nullable columns are all null");
                }
            }
        }
        for (Grouping grouping : Grouping.values()) {
            writeAndCheck(fields, grouping, rows, gen, WriterOptions.defaults().withSegmentSize(128),
                    "all null, " + grouping);
        }
    }

    @Test
    void hundredThousandSmallRows() throws IOException {
        List<Field> fields = List.of(Field.required("n", DataType.INT), Field.of("b", DataType.BYTE),
                Field.required("s", DataType.SHORT));
        List<Object[]> rows = new ArrayList<>(100_000);
        for (int i = 0; i < 100_000; i++) {
            rows.add(new Object[] {i, i % 7 == 0 ? null : (byte) i, (short) (i * 31)});
        }
        Schema schema = Schema.builder().fields(fields).build();
        ExpectedTable expected = new ExpectedTable(schema, fields, rows);
        String path = freshTablePath();
        AlbisTable table = TableChecks.write(LocalStorage.INSTANCE, path, expected,
                WriterOptions.defaults().withRowGroupRows(30_000), new Random(106));
        assertEquals(4, table.rowGroups().size());
        TableChecks.assertSegmentLayout(table, WriterOptions.DEFAULT_SEGMENT_SIZE, "100k rows");
        int i = 0;
        try (AlbisReader r = table.newReader(ReadOptions.all())) {
            while (r.advance()) {
                assertEquals(i, r.getInt(0));
                assertEquals(i % 7 == 0, r.isNull(1));
                if (i % 7 != 0) {
                    assertEquals((byte) i, r.getByte(1));
                }
                assertEquals((short) (i * 31), r.getShort(2));
                i++;
            }
        }
        assertEquals(100_000, i);
        assertFalse(table.rowGroups().isEmpty());
        assertTrue(table.rowCount() == 100_000);
    }
}
