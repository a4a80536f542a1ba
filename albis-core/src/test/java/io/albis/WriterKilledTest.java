package io.albis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.read.AlbisReader;
import io.albis.storage.LocalStorage;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.table.RowGroupRef;
import io.albis.table.TableCleaner;
import io.albis.table.TableVerifier;
import io.albis.testing.AppendLoop;
import io.albis.testing.TableFiles;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A writer process killed with SIGKILL at random moments of its commits: after each kill the
 * table holds whole jobs only (rows 0..n-1, n a multiple of the job size), verifies, and takes
 * the next writer's appends; repair then removes what the killed writers left.
 */
class WriterKilledTest {
    private static final int KILLS = 6;

    @TempDir
    Path dir;

    @Test
    void aWriterKilledAtRandomMomentsLeavesWholeCommitsOnly() throws Exception {
        String t = dir.resolve("t").toString();
        AlbisWriter.create(LocalStorage.INSTANCE, t, AppendLoop.schema(), WriterOptions.defaults()).close();
        Random random = new Random(7);
        long lastRows = -1;
        for (int k = 0; k < KILLS; k++) {
            Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), AppendLoop.class.getName(), t)
                    .redirectErrorStream(true).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line = out.readLine(); // the writer is committing jobs now
                assertTrue(line != null && line.startsWith("committed "), "the writer started: " + line);
                Thread.sleep(random.nextInt(400));
                child.destroyForcibly(); // SIGKILL on Linux
                assertTrue(child.waitFor(30, TimeUnit.SECONDS));
            }
            AlbisTable table = AlbisTable.open(t);
            long rows = table.rowCount();
            assertEquals(0, rows % AppendLoop.ROWS, "whole jobs only, after kill " + k + ": " + rows);
            assertTrue(rows > lastRows, "the writer made progress before kill " + k);
            lastRows = rows;
            assertIds(table, rows);
            TableVerifier.Report report = TableVerifier.check(table);
            assertTrue(report.ok(), "after kill " + k + ": " + report.problems());
        }
        TableCleaner.Report cleaned = TableCleaner.clean(LocalStorage.INSTANCE, t, Retention.none(),
                System.currentTimeMillis());
        AlbisTable table = AlbisTable.open(t);
        assertEquals(lastRows, table.rowCount());
        assertTrue(TableVerifier.check(table).ok());
        List<String> names = LocalStorage.INSTANCE.list(t);
        assertEquals(2, TableFiles.otherThanRowGroups(names).size(), "after repair (" + cleaned.removed().size()
                + " removed): the schema and the latest state: " + names);
        assertEquals(table.rowGroups().stream().map(RowGroupRef::name).collect(java.util.stream.Collectors.toSet()),
                TableFiles.rowGroupsIn(names), "and its row groups only");
    }

    private static void assertIds(AlbisTable table, long rows) throws IOException {
        int expected = 0;
        try (AlbisReader r = table.newReader()) {
            while (r.advance()) {
                assertEquals(expected, r.getInt(0));
                assertEquals("row " + expected, r.getString(1));
                expected++;
            }
        }
        assertEquals(rows, expected);
    }
}
