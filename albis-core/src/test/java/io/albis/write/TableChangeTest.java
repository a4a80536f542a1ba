package io.albis.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.evolve.SchemaHistory;
import io.albis.evolve.TableEvolution;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.SchemaChanges;
import io.albis.storage.LocalStorage;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.table.TableState;
import io.albis.testing.FormulaTable;
import io.albis.testing.RepairChecks;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commit protocol of a schema change, step by step, as an engine's driver and tasks run it. */
class TableChangeTest {
    private static final Storage STORAGE = LocalStorage.INSTANCE;
    private static final WriterOptions OPTIONS = WriterOptions.defaults().withSegmentSize(4096).withRowGroupRows(3);

    @TempDir
    Path dir;

    private String table() throws IOException {
        String t = dir.resolve("t").toString();
        try (AlbisWriter w = AlbisWriter.create(STORAGE, t, FormulaTable.base().build(), OPTIONS)) {
            FormulaTable.write(w, 0, 6);
        }
        return t;
    }

    @Test
    void theSchemaOfAChangeThatDiedGoesOnceTheChangeRunAgainCommits() throws IOException {
        String t = table();
        // A driver that died after publishing its schema: no commit, no abort, its job directory left.
        TableChange dead = TableChange.begin(STORAGE, t,
                s -> SchemaChanges.addColumns(s, List.of(Field.of("n5", DataType.LONG)), "n5"), OPTIONS, Retention.DEFAULT);
        new TableEvolution(STORAGE, t, OPTIONS, 1, Retention.DEFAULT).addColumns(List.of(Field.of("n5", DataType.LONG)),
                null);
        List<SchemaHistory.Version> history = SchemaHistory.of(STORAGE, t);
        assertEquals(List.of(1, dead.schema().version() + 1), history.stream().map(SchemaHistory.Version::version).toList(),
                "the dead change's version is not part of the table's history: " + history);
        assertTrue(history.get(1).changes().get(0).startsWith("added n5"), history.toString());
    }

    @Test
    void aRetriedTaskOfARowGroupNeverTouchesTheFilesItsFirstAttemptWrote() throws IOException {
        String t = table();
        TableChange change = TableChange.begin(STORAGE, t,
                s -> SchemaChanges.addColumns(s, List.of(Field.of("a2", DataType.LONG)), "a"), OPTIONS, Retention.DEFAULT);
        List<TableState.Entry> rgs = change.baseState().rowGroups();
        for (int i = 0; i < rgs.size(); i++) {
            try (NewColumnGroupsWriter w = TableChange.writer(STORAGE, change.descriptor(), rgs.get(i))) {
                FormulaTable.values(STORAGE, t, List.of("a2")).write(i, rgs.get(i), w);
            }
        }
        // A second attempt of row group 0's task (a retry after a lost reply, a speculative copy).
        // One that completes finds the first one's files in place and drops its own copy.
        try (NewColumnGroupsWriter again = TableChange.writer(STORAGE, change.descriptor(), rgs.get(0))) {
            FormulaTable.values(STORAGE, t, List.of("a2")).write(0, rgs.get(0), again);
        }
        // One that fails half-way removes only what it wrote.
        NewColumnGroupsWriter failing = TableChange.writer(STORAGE, change.descriptor(), rgs.get(0));
        failing.nextRow();
        failing.abort();

        change.commit();
        assertEquals(6, FormulaTable.check(AlbisTable.open(STORAGE, t)));
        RepairChecks.repairAndCheck(STORAGE, t, "after the commit");
        assertTrue(AlbisTable.open(STORAGE, t).schema().hasColumn("a2"));
    }
}
