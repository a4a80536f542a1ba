package io.albis.evolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.error.CommitConflictException;
import io.albis.error.InvalidOptionException;
import io.albis.layout.TableLayout;
import io.albis.read.AlbisReader;
import io.albis.schema.ColumnGroup;
import io.albis.schema.ColumnGroupSpec;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.schema.SchemaChanges;
import io.albis.storage.LocalStorage;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.table.TableCleaner;
import io.albis.table.TableState;
import io.albis.table.TableVerifier;
import io.albis.write.AlbisWriter;
import io.albis.write.NewColumnGroupsWriter;
import io.albis.write.TableChange;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each evolution operation on a small local table: rows before and after, snapshots, conflicts, cleanup. */
class TableEvolutionTest {
    private static final Storage STORAGE = LocalStorage.INSTANCE;
    private static final WriterOptions OPTIONS = WriterOptions.defaults().withSegmentSize(4096).withRowGroupRows(7);
    private static final int ROWS = 20;

    @TempDir
    Path dir;

    /** id int not null, name string, price decimal(7,2), grouped as ids=[id] and rest=[name, price]; 3 row groups. */
    private String table() throws IOException {
        String t = dir.resolve("t").toString();
        Schema schema = Schema.builder().column("id", DataType.INT, false).column("name", DataType.STRING)
                .column("price", DataType.decimal(7, 2)).groups(Map.of("ids", List.of("id"))).build();
        try (AlbisWriter w = AlbisWriter.create(STORAGE, t, schema, OPTIONS)) {
            for (int i = 0; i < ROWS; i++) {
                w.setInt(0, i);
                if (i % 5 == 3) {
                    w.setNull(1);
                } else {
                    w.setString(1, "n" + i);
                }
                w.setDecimalUnscaled(2, i * 101L);
                w.nextRow();
            }
        }
        return t;
    }

    private TableEvolution evolve(String t) {
        return new TableEvolution(STORAGE, t, OPTIONS, 2, Retention.DEFAULT);
    }

    /** Every row as column name to value, in table order, of a fresh reader (or of {@code snapshot}). */
    private static List<Map<String, Object>> rows(AlbisTable table) throws IOException {
        List<Map<String, Object>> out = new ArrayList<>();
        try (AlbisReader r = table.newReader()) {
            while (r.advance()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int i = 0; i < r.columnCount(); i++) {
                    row.put(r.column(i).name(), r.getValue(i));
                }
                out.add(row);
            }
        }
        return out;
    }

    private static List<Map<String, Object>> rows(String t) throws IOException {
        return rows(AlbisTable.open(STORAGE, t));
    }

    private static void assertVerifies(String t) throws IOException {
        TableVerifier.Report report = TableVerifier.check(AlbisTable.open(STORAGE, t));
        assertTrue(report.ok(), report.problems().toString());
    }

    @Test
    void renameChangesOnlyTheSchema() throws IOException {
        String t = table();
        List<Map<String, Object>> before = rows(t);
        List<String> files = STORAGE.list(t).stream().filter(n -> TableLayout.rowGroupOf(n) != null).toList();
        evolve(t).rename("name", "title");
        List<Map<String, Object>> after = rows(t);
        assertEquals(ROWS, after.size());
        for (int i = 0; i < ROWS; i++) {
            assertEquals(before.get(i).get("name"), after.get(i).get("title"));
            assertFalse(after.get(i).containsKey("name"));
        }
        assertEquals(files, STORAGE.list(t).stream().filter(n -> TableLayout.rowGroupOf(n) != null).toList());
        assertThrows(InvalidOptionException.class, () -> evolve(t).rename("id", "price"));
        assertVerifies(t);
    }

    @Test
    void addedColumnsReadAsNullOrTakeTheValuesGivenPerRowGroup() throws IOException {
        String t = table();
        evolve(t).addColumns(List.of(Field.of("note", DataType.STRING)), null);
        for (Map<String, Object> row : rows(t)) {
            assertTrue(row.containsKey("note"));
            assertEquals(null, row.get("note"));
        }
        AlbisTable before = AlbisTable.open(STORAGE, t);
        evolve(t).addColumns(List.of(Field.required("twice", DataType.LONG)), "derived", (i, rg, w) -> {
            int c = w.schema().columnIndex("twice");
            long first = 0;
            for (int k = 0; k < i; k++) {
                first += before.state().rowGroups().get(k).rows();
            }
            for (long r = 0; r < rg.rows(); r++) {
                w.setLong(c, 2 * (first + r));
                w.nextRow();
            }
        });
        List<Map<String, Object>> after = rows(t);
        for (int i = 0; i < ROWS; i++) {
            assertEquals(i, after.get(i).get("id"));
            assertEquals(2L * i, after.get(i).get("twice"));
        }
        assertEquals(List.of("id", "name", "price", "note"), before.schema().liveColumnNames(),
                "a reader that opened before keeps its schema");
        assertEquals(ROWS, rows(before).size());
        assertThrows(InvalidOptionException.class,
                () -> evolve(t).addColumns(List.of(Field.required("x", DataType.INT)), null),
                "a NOT NULL column needs values");
        assertThrows(InvalidOptionException.class, () -> evolve(t).addColumns(List.of(Field.of("id", DataType.INT)), null));
        assertVerifies(t);
    }

    @Test
    void aValueCallbackThatWritesTooFewRowsLeavesTheTableAsItWas() throws IOException {
        String t = table();
        List<String> names = STORAGE.list(t);
        assertThrows(InvalidOptionException.class, () -> evolve(t).addColumns(List.of(Field.of("x", DataType.INT)),
                null, (i, rg, w) -> w.nextRow()));
        assertEquals(names, STORAGE.list(t), "nothing is left behind");
        assertEquals(List.of("id", "name", "price"), AlbisTable.open(STORAGE, t).schema().liveColumnNames());
    }

    @Test
    void lightHeavyAndWholeGroupDrops() throws IOException {
        String t = table();
        List<Map<String, Object>> before = rows(t);
        evolve(t).drop("price", TableEvolution.Drop.LIGHT);
        Schema light = AlbisTable.open(STORAGE, t).schema();
        assertEquals(List.of("id", "name"), light.liveColumnNames());
        assertTrue(light.column(2).deleted());
        assertEquals(before.get(4).get("name"), rows(t).get(4).get("name"));

        evolve(t).addColumns(List.of(Field.of("price", DataType.DOUBLE)), "p2");
        assertEquals(null, rows(t).get(0).get("price"), "a dropped name is reused by a new column");

        evolve(t).drop("name", TableEvolution.Drop.HEAVY);
        Schema heavy = AlbisTable.open(STORAGE, t).schema();
        assertEquals(List.of("id", "price"), heavy.liveColumnNames());
        assertFalse(heavy.columns().stream().anyMatch(c -> c.name().equals("name")), "the column is gone");
        List<Map<String, Object>> after = rows(t);
        for (int i = 0; i < ROWS; i++) {
            assertEquals(i, after.get(i).get("id"));
        }

        evolve(t).drop("price", TableEvolution.Drop.LIGHT);
        assertEquals(List.of("id"), AlbisTable.open(STORAGE, t).schema().liveColumnNames());
        assertEquals(1, AlbisTable.open(STORAGE, t).schema().groups().size(), "alone in its group: the group goes");
        assertThrows(InvalidOptionException.class, () -> evolve(t).drop("id", TableEvolution.Drop.LIGHT));
        assertVerifies(t);

        // Superseded groups' files go once no kept snapshot reads them.
        TableCleaner.clean(STORAGE, t, new Retention(Duration.ZERO, Duration.ZERO), System.currentTimeMillis() + 1);
        Schema last = AlbisTable.open(STORAGE, t).schema();
        for (String n : STORAGE.list(t)) {
            TableLayout.ColumnGroupFile f = TableLayout.columnGroupFile(n);
            if (f != null) {
                assertTrue(last.groups().stream().anyMatch(g -> g.id() == f.groupId()), n + " should be gone");
            }
        }
        assertEquals(ROWS, rows(t).size());
        assertVerifies(t);
    }

    @Test
    void rowsWrittenAfterALightDropOfANotNullColumnStoreNullInIt() throws IOException {
        String t = dir.resolve("t").toString();
        Schema schema = Schema.builder().column("id", DataType.INT, false).column("code", DataType.LONG, false).build();
        try (AlbisWriter w = AlbisWriter.create(STORAGE, t, schema, OPTIONS)) {
            for (int i = 0; i < 10; i++) {
                w.setInt(0, i);
                w.setLong(1, 100L + i);
                w.nextRow();
            }
        }
        evolve(t).drop("code", TableEvolution.Drop.LIGHT);
        try (AlbisWriter w = AlbisWriter.append(STORAGE, t, null, OPTIONS)) {
            w.setInt(0, 10);
            w.nextRow();
        }
        evolve(t).rebalance(2);
        List<Map<String, Object>> rows = rows(t);
        assertEquals(11, rows.size());
        for (int i = 0; i <= 10; i++) {
            assertEquals(Map.of("id", i), rows.get(i));
        }
        assertVerifies(t);
    }

    @Test
    void regroupAndRebalanceReadTheSameRowsInTheSameOrder() throws IOException {
        String t = table();
        List<Map<String, Object>> before = rows(t);
        Schema old = AlbisTable.open(STORAGE, t).schema();
        evolve(t).regroup(ColumnGroupSpec.parse("a=id,price"));
        Schema regrouped = AlbisTable.open(STORAGE, t).schema();
        assertEquals(2, regrouped.groups().size());
        assertEquals(List.of("a", ColumnGroupSpec.REST), regrouped.groups().stream().map(ColumnGroup::name).toList());
        assertFalse(old.groups().stream().anyMatch(g -> g.id() == regrouped.groups().get(0).id()), "a new group");
        assertEquals(before, rows(t));

        evolve(t).regroup(ColumnGroupSpec.COLUMN);
        assertEquals(3, AlbisTable.open(STORAGE, t).schema().groups().size());
        assertEquals(before, rows(t));

        evolve(t).rebalance(5);
        AlbisTable balanced = AlbisTable.open(STORAGE, t);
        assertEquals(5, balanced.rowGroups().size());
        assertEquals(List.of(4L, 4L, 4L, 4L, 4L), balanced.state().rowGroups().stream().map(TableState.Entry::rows).toList());
        assertEquals(before, rows(t));
        assertVerifies(t);
    }

    @Test
    void twoChangesRacingOneWinsAndTheOtherLeavesNothing() throws IOException {
        String t = table();
        TableChange first = TableChange.begin(STORAGE, t,
                s -> SchemaChanges.addColumns(s, List.of(Field.of("a", DataType.INT)), "a"), OPTIONS, Retention.DEFAULT);
        TableChange second = TableChange.begin(STORAGE, t,
                s -> SchemaChanges.addColumns(s, List.of(Field.of("b", DataType.INT)), "b"), OPTIONS, Retention.DEFAULT);
        assertTrue(second.schema().version() > first.schema().version(), "each takes its own schema version");
        for (TableState.Entry rg : first.baseState().rowGroups()) {
            try (NewColumnGroupsWriter w = first.writer(rg)) {
                for (long r = 0; r < rg.rows(); r++) {
                    w.nextRow();
                }
            }
            try (NewColumnGroupsWriter w = second.writer(rg)) {
                for (long r = 0; r < rg.rows(); r++) {
                    w.nextRow();
                }
            }
        }
        second.commit();
        List<String> afterWinner = STORAGE.list(t);
        assertThrows(CommitConflictException.class, first::commit);
        assertEquals(List.of("id", "name", "price", "b"), AlbisTable.open(STORAGE, t).schema().liveColumnNames());
        for (String n : STORAGE.list(t)) {
            TableLayout.ColumnGroupFile f = TableLayout.columnGroupFile(n);
            assertFalse(f != null && f.groupId() == first.newGroups().get(0).id(), n + " of the loser is left");
        }
        assertFalse(STORAGE.list(t).contains(TableLayout.schemaName(first.schema().version())));
        assertTrue(afterWinner.containsAll(STORAGE.list(t)));
        assertVerifies(t);
    }

    @Test
    void anAppendThatBeganBeforeAChangeFailsClearly() throws IOException {
        String t = table();
        AlbisWriter append = AlbisWriter.append(STORAGE, t, null, OPTIONS);
        append.setInt(0, 100);
        append.nextRow();
        evolve(t).addColumns(List.of(Field.of("x", DataType.INT)), null);
        assertThrows(CommitConflictException.class, append::close);
        assertEquals(ROWS, rows(t).size());
        assertVerifies(t);
    }

    @Test
    void historyTellsWhatEachVersionChanged() throws IOException {
        String t = table();
        evolve(t).rename("name", "title");
        evolve(t).addColumns(List.of(Field.of("x", DataType.INT)), "xs");
        evolve(t).drop("price", TableEvolution.Drop.LIGHT);
        List<SchemaHistory.Version> h = SchemaHistory.of(STORAGE, t);
        assertEquals(4, h.size());
        assertTrue(h.get(1).changes().contains("renamed name to title"), h.get(1).changes().toString());
        assertTrue(h.get(2).changes().get(0).startsWith("added x"), h.get(2).changes().toString());
        assertTrue(h.get(3).changes().get(0).startsWith("dropped price (light"), h.get(3).changes().toString());
        assertTrue(h.get(3).current());
    }
}
