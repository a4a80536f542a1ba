package io.albis.spark.evolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.schema.SchemaChanges;
import io.albis.storage.LocalStorage;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.table.TableState;
import io.albis.write.AlbisWriter;
import io.albis.write.NewColumnGroupsWriter;
import io.albis.write.TableChange;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What Spark's retried and speculative task attempts rely on when several attempts write the new
 * column groups of one row group (AlbisEvolution): the first attempt to finish publishes its
 * files, a later one keeps them and drops its own, and an attempt that fails or is aborted never
 * removes another attempt's files.
 */
class ChangeAttemptsTest {
    @TempDir
    Path dir;

    private final Storage storage = LocalStorage.INSTANCE;
    private String table;
    private TableChange change;

    @BeforeEach
    void tableAndChange() throws IOException {
        table = dir.resolve("t").toString();
        Schema schema = Schema.builder().column("id", DataType.LONG).build();
        try (AlbisWriter w = AlbisWriter.create(storage, table, schema, WriterOptions.defaults().withRowGroupRows(10))) {
            for (long i = 0; i < 20; i++) {
                w.setLong(0, i);
                w.nextRow();
            }
        }
        change = TableChange.begin(storage, table,
                s -> SchemaChanges.addColumns(s, List.of(new Field("c", DataType.LONG, true)), "c"),
                WriterOptions.defaults(), Retention.DEFAULT);
    }

    @Test
    void theFirstAttemptToFinishPublishesAndALaterOneKeepsItsFiles() throws IOException {
        TableState.Entry rg = change.baseState().rowGroups().get(0);
        NewColumnGroupsWriter first = attempt(rg, 100);
        NewColumnGroupsWriter second = attempt(rg, 200);
        second.close(); // finishes first: its files are the row group's
        first.close();
        attempt(change.baseState().rowGroups().get(1), 110).close();
        change.commit();
        assertEquals(List.of(200L, 201L, 202L, 203L, 204L, 205L, 206L, 207L, 208L, 209L), values().subList(0, 10));
        assertEquals(110L, values().get(10));
        assertNoTemporaryFiles();
    }

    @Test
    void aFailedAttemptLeavesThePublishedFiles() throws IOException {
        TableState.Entry rg = change.baseState().rowGroups().get(0);
        NewColumnGroupsWriter failing = attempt(rg, 300);
        attempt(rg, 100).close();
        failing.abort(); // e.g. a speculative copy killed after the other attempt finished
        NewColumnGroupsWriter late = writer(rg);
        late.setLong(late.schema().columnIndex("c"), 1);
        late.nextRow();
        late.abort(); // an attempt that failed half-way
        attempt(change.baseState().rowGroups().get(1), 110).close();
        change.commit();
        assertEquals(100L, values().get(0));
        assertEquals(119L, values().get(19));
        assertNoTemporaryFiles();
    }

    /** An attempt at {@code rg}'s new group with every row written (c = first, first + 1, ...), not closed. */
    private NewColumnGroupsWriter attempt(TableState.Entry rg, long first) throws IOException {
        NewColumnGroupsWriter w = writer(rg);
        int c = w.schema().columnIndex("c");
        for (long i = 0; i < rg.rows(); i++) {
            w.setLong(c, first + i);
            w.nextRow();
        }
        return w;
    }

    private NewColumnGroupsWriter writer(TableState.Entry rg) throws IOException {
        return TableChange.writer(storage, change.descriptor(), rg);
    }

    /** Column c of every row, in table order. */
    private List<Long> values() throws IOException {
        List<Long> out = new ArrayList<>();
        try (AlbisReader r = AlbisTable.open(table).newReader(ReadOptions.all().withColumns("c"))) {
            while (r.advance()) {
                out.add(r.getLong(0));
            }
        }
        return out;
    }

    private void assertNoTemporaryFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir.resolve("t"))) {
            files.forEach(f -> assertFalse(f.getFileName().toString().startsWith("_tmp."), f.toString()));
        }
    }
}
