package io.albis.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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

    @Test
    void aRetriedTaskOfARowGroupFailsWithoutTouchingTheFilesItsFirstAttemptWrote() throws IOException {
        String t = dir.resolve("t").toString();
        try (AlbisWriter w = AlbisWriter.create(STORAGE, t, FormulaTable.base().build(), OPTIONS)) {
            FormulaTable.write(w, 0, 6);
        }
        TableChange change = TableChange.begin(STORAGE, t,
                s -> SchemaChanges.addColumns(s, List.of(Field.of("a2", DataType.LONG)), "a"), OPTIONS, Retention.DEFAULT);
        List<TableState.Entry> rgs = change.baseState().rowGroups();
        for (int i = 0; i < rgs.size(); i++) {
            try (AlbisWriter w = TableChange.writer(STORAGE, change.descriptor(), rgs.get(i))) {
                FormulaTable.values(STORAGE, t, List.of("a2")).write(i, rgs.get(i), w);
            }
        }
        // A second attempt of row group 0's task (a retry after a lost reply, a speculative copy).
        AlbisWriter again = TableChange.writer(STORAGE, change.descriptor(), rgs.get(0));
        assertThrows(IOException.class, () -> FormulaTable.values(STORAGE, t, List.of("a2")).write(0, rgs.get(0), again),
                "the row group's new files are there already");
        again.abort();

        change.commit();
        assertEquals(6, FormulaTable.check(AlbisTable.open(STORAGE, t)));
        RepairChecks.repairAndCheck(STORAGE, t, "after the commit");
        assertTrue(AlbisTable.open(STORAGE, t).schema().hasColumn("a2"));
    }
}
