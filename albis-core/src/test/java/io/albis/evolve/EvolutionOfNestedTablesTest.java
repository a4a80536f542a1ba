package io.albis.evolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.read.AlbisReader;
import io.albis.schema.Column;
import io.albis.schema.ColumnGroupSpec;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.table.TableVerifier;
import io.albis.testing.ExpectedTable;
import io.albis.testing.RandomTables;
import io.albis.testing.RandomTables.DataProfile;
import io.albis.testing.RandomTables.Grouping;
import io.albis.testing.TableChecks;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Operations that copy rows (heavy drop, regroup, rebalance) on every kind of column: structs
 * (null and present), lists, maps, wide decimals, binary, timestamps, and a NOT NULL column
 * dropped lightly before.
 */
class EvolutionOfNestedTablesTest {
    private static final int ROWS = 25;

    @TempDir
    Path dir;

    private String table() throws IOException {
        String t = dir.resolve("t").toString();
        Schema schema = Schema.builder().column("id", DataType.INT, false)
                .field(Field.of("s", DataType.struct(Field.of("x", DataType.LONG), Field.of("y", DataType.STRING))))
                .column("l", DataType.list(DataType.INT, true))
                .column("m", DataType.map(DataType.STRING, DataType.DOUBLE, true))
                .column("w", DataType.decimal(30, 4)).column("b", DataType.BINARY).column("ts", DataType.TIMESTAMP)
                .column("req", DataType.SHORT, false)
                .groups(Map.of("g", List.of("id", "s", "req"))).build();
        try (AlbisWriter w = AlbisWriter.create(LocalStorage.INSTANCE, t, schema,
                WriterOptions.defaults().withSegmentSize(4096).withRowGroupRows(6))) {
            for (int i = 0; i < ROWS; i++) {
                w.setInt(0, i);
                if (i % 4 == 0) {
                    w.setNull(1);
                } else {
                    w.setValue(1, true);
                    w.setLong(2, i * 10L);
                    w.setString(3, "y" + i);
                }
                w.setValue(4, i % 3 == 0 ? null : Arrays.asList(i, null, -i));
                Map<String, Double> m = new LinkedHashMap<>();
                m.put("k" + i, i / 2.0);
                w.setValue(5, i % 5 == 0 ? null : m);
                w.setDecimal(6, new BigDecimal("123456789012345678901.5").add(BigDecimal.valueOf(i)));
                w.setBinary(7, new byte[] {(byte) i, 0, (byte) -i});
                w.setTimestampMicros(8, 1_700_000_000_000_000L + i);
                w.setShort(9, (short) i);
                w.nextRow();
            }
        }
        return t;
    }

    private static List<String> rows(String t) throws IOException {
        List<String> out = new ArrayList<>();
        try (AlbisReader r = AlbisTable.open(t).newReader()) {
            while (r.advance()) {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < r.columnCount(); i++) {
                    Object v = r.getValue(i);
                    sb.append(r.column(i).name()).append('=')
                            .append(v instanceof byte[] b ? Arrays.toString(b) : String.valueOf(v)).append(' ');
                }
                out.add(sb.toString());
            }
        }
        return out;
    }

    private static void assertVerifies(String t) throws IOException {
        TableVerifier.Report report = TableVerifier.check(AlbisTable.open(t));
        assertTrue(report.ok(), report.problems().toString());
    }

    @Test
    void copiedRowsKeepEveryValue() throws IOException {
        String t = table();
        TableEvolution evolve = new TableEvolution(LocalStorage.INSTANCE, t, WriterOptions.defaults(), 3,
                Retention.DEFAULT);
        List<String> before = rows(t);
        evolve.regroup(ColumnGroupSpec.COLUMN);
        assertEquals(before, rows(t));
        evolve.regroup(ColumnGroupSpec.parse("a=s,l;b=m,id"));
        assertEquals(before, rows(t));
        evolve.drop("req", TableEvolution.Drop.LIGHT);
        evolve.rebalance(2);
        assertEquals(2, AlbisTable.open(t).rowGroups().size());
        List<String> withoutReq = new ArrayList<>();
        for (String row : before) {
            withoutReq.add(row.replaceAll("req=\\S+ ", ""));
        }
        assertEquals(withoutReq, rows(t));
        evolve.drop("s.y", TableEvolution.Drop.HEAVY);
        List<String> after = rows(t);
        for (int i = 0; i < ROWS; i++) {
            assertEquals(withoutReq.get(i).replaceAll("s\\.y=\\S+ ", ""), after.get(i));
        }
        assertVerifies(t);
    }

    /**
     * A null struct stores its non-nullable fields as null; the copier must carry the struct's
     * null marker and leave those fields to the writer's struct-null rule, not set them null.
     */
    @Test
    void nullStructsWithRequiredFieldsSurviveRowCopies() throws IOException {
        RandomTables gen = new RandomTables(0);
        List<Field> fields = gen.everyTypeFields();
        Schema schema = gen.schema(fields, Grouping.ONE_GROUP);
        ExpectedTable expected = new ExpectedTable(schema, fields, gen.randomRows(schema, 60, DataProfile.typical()));
        String t = dir.resolve("every-type").toString();
        TableChecks.write(LocalStorage.INSTANCE, t, expected, WriterOptions.defaults().withRowGroupRows(25),
                new Random(1));
        int marker = schema.columns().stream().filter(Column::isStructMarker).findFirst().orElseThrow().index();
        assertTrue(expected.rows().stream().anyMatch(row -> row[marker] == null), "some rows hold a null struct");
        TableEvolution evolve = new TableEvolution(LocalStorage.INSTANCE, t, WriterOptions.defaults(), 2,
                Retention.DEFAULT);
        List<String> before = rows(t);
        evolve.rebalance(3);
        assertEquals(3, AlbisTable.open(t).rowGroups().size());
        assertEquals(before, rows(t));
        String dropped = fields.get(0).name();
        evolve.drop(dropped, TableEvolution.Drop.HEAVY);
        List<String> after = rows(t);
        for (int i = 0; i < before.size(); i++) {
            assertEquals(before.get(i).replaceFirst(dropped + "=\\S+ ", ""), after.get(i));
        }
        assertVerifies(t);
    }
}
