package io.albis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.layout.TableLayout;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.table.WriteMode;
import io.albis.write.AlbisWriter;
import io.albis.write.WriteJob;
import io.albis.write.WriterOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RepairCommandTest {
    @TempDir
    Path dir;

    private static List<String> names(Path t) throws Exception {
        try (Stream<Path> s = Files.list(t)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aDeadDriversJobIsKeptForItsRetentionAndRemovedWithRetentionZero() throws Exception {
        String t = AllTypesTable.write(dir, "t");
        long rows = AlbisTable.open(t).rowCount();
        List<String> before = names(Path.of(t));
        // A job whose driver dies after one task committed: nothing of it is visible.
        WriteJob job = WriteJob.begin(LocalStorage.INSTANCE, t, WriteMode.APPEND, WriterOptions.defaults());
        try (AlbisWriter w = job.newTask(0, 0)) {
            w.setValue(w.schema().columnIndex("req"), 1); // the one required column; the rest null
            w.nextRow();
        }
        assertEquals(rows, AlbisTable.open(t).rowCount());

        Cli.Run keep = Cli.run("repair", t);
        assertEquals(0, keep.exit(), keep.toString());
        assertTrue(keep.out().strip().endsWith("removed 0 leftovers"), keep.out());
        List<String> added = names(Path.of(t)).stream().filter(n -> !before.contains(n)).toList();
        assertTrue(added.contains("_job." + job.id()), "the job's directory stays: " + added);
        assertEquals(Set.of(TableLayout.rowGroupName(job.id(), 0, 0, 0)),
                added.stream().map(TableLayout::rowGroupOf).filter(Objects::nonNull).collect(Collectors.toSet()),
                "and so do its row group's files, and nothing else: " + added);
        assertEquals(added.size() - 1, 2 * AlbisTable.open(t).schema().groups().size(), added.toString());

        Cli.Run now = Cli.run("repair", t, "--retention", "0");
        assertEquals(0, now.exit(), now.toString());
        assertTrue(now.out().contains("removed _job." + job.id()), now.out());
        assertTrue(now.out().contains("removed rg-" + job.id()), now.out());
        assertEquals(before, names(Path.of(t)));
        assertEquals(0, Cli.run("verify", t).exit());
        assertEquals(rows, AlbisTable.open(t).rowCount());
    }

    @Test
    void aBadRetentionOrAMissingTableIsAOneLineError() throws Exception {
        String t = AllTypesTable.write(dir, "t");
        Cli.Run bad = Cli.run("repair", t, "--retention", "soon");
        assertTrue(bad.exit() != 0, bad.toString());
        assertTrue(bad.err().contains("not a duration"), bad.err());
        Cli.Run missing = Cli.run("repair", dir.resolve("nothing").toString());
        assertTrue(missing.exit() != 0, missing.toString());
        assertEquals(1, missing.err().strip().lines().count(), missing.err());
    }
}
