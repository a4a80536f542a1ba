package io.albis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.read.AlbisReader;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.table.AlbisTable;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commands that change a table, run as a user runs them, and what the table reads afterwards. */
class EvolutionCommandsTest {
    private static final int ROWS = 30;

    @TempDir
    Path dir;

    private String table() throws Exception {
        String t = dir.resolve("t").toString();
        Schema schema = Schema.builder().column("id", DataType.LONG, false).column("name", DataType.STRING)
                .column("qty", DataType.INT).groups(Map.of("ids", List.of("id"))).build();
        try (AlbisWriter w = AlbisWriter.create(io.albis.storage.LocalStorage.INSTANCE, t, schema,
                WriterOptions.defaults().withRowGroupRows(8))) {
            for (int i = 0; i < ROWS; i++) {
                w.setLong(0, i);
                w.setString(1, "n" + i);
                w.setInt(2, i * 3);
                w.nextRow();
            }
        }
        return t;
    }

    private static Cli.Run ok(String... args) {
        Cli.Run run = Cli.run(args);
        assertEquals(0, run.exit(), run.toString());
        return run;
    }

    /** Every row's values, in table order, as text. */
    private static List<String> rows(String t) throws Exception {
        List<String> out = new ArrayList<>();
        try (AlbisReader r = AlbisTable.open(t).newReader()) {
            while (r.advance()) {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < r.columnCount(); i++) {
                    sb.append(r.column(i).name()).append('=').append(r.getValue(i)).append(' ');
                }
                out.add(sb.toString().trim());
            }
        }
        return out;
    }

    @Test
    void eachCommandChangesTheTableAndSaysWhat() throws Exception {
        String t = table();
        Cli.Run add = ok("add-columns", t, "note:string,score:decimal(9,2)", "--group", "extra");
        assertTrue(add.out().contains("added note: string, score: decimal(9,2); schema version 1 -> 2"), add.out());
        assertTrue(add.out().contains("30 rows in 4 row groups"), add.out());
        assertEquals("id=7 name=n7 qty=21 note=null score=null", rows(t).get(7));

        ok("rename-column", t, "qty", "quantity");
        assertEquals("id=7 name=n7 quantity=21 note=null score=null", rows(t).get(7));

        List<String> before = rows(t);
        ok("regroup", t, "column", "--threads", "2");
        assertEquals(before, rows(t));
        assertEquals(5, AlbisTable.open(t).schema().groups().size());

        ok("rebalance", t, "3");
        assertEquals(before, rows(t));
        assertEquals(3, AlbisTable.open(t).rowGroups().size());

        ok("drop-column", t, "name");
        assertEquals("id=7 quantity=21 note=null score=null", rows(t).get(7));
        ok("verify", t);

        Cli.Run history = ok("history", t);
        assertTrue(history.out().contains("schema version 1\n  created with 3 columns in 2 column groups"), history.out());
        assertTrue(history.out().contains("renamed qty to quantity"), history.out());
        assertTrue(history.out().contains("dropped name"), history.out());
        assertTrue(history.out().contains("(current)"), history.out());
    }

    @Test
    void badRequestsAreOneLineErrorsAndChangeNothing() throws Exception {
        String t = table();
        List<String> before = rows(t);
        for (String[] args : List.of(new String[] {"add-columns", t, "id:long"}, new String[] {"add-columns", t, "x:varchar"},
                new String[] {"rename-column", t, "nope", "x"}, new String[] {"drop-column", t, "nope"},
                new String[] {"regroup", t, "a=nope"}, new String[] {"rebalance", t, "0"},
                new String[] {"rename-column", t, "id", "name"})) {
            Cli.Run run = Cli.run(args);
            assertTrue(run.exit() != 0, run.toString());
            assertEquals(1, run.err().strip().lines().count(), run.toString());
            assertTrue(run.err().startsWith("albis: "), run.toString());
        }
        assertEquals(before, rows(t));
        assertEquals(1, AlbisTable.open(t).schema().version());
        Cli.Run missing = Cli.run("history", dir.resolve("none").toString());
        assertEquals(1, missing.exit(), missing.toString());
    }
}
