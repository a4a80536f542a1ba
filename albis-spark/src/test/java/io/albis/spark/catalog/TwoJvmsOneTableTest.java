package io.albis.spark.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.storage.LocalStorage;
import io.albis.testing.RepairChecks;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JVMs ({@link SqlShellMain}, local[2] each) with one warehouse catalog over the same
 * directory, as two applications on one lake: one creates a table and appends batches to it while
 * the other reads it again and again, and every read sees whole batches (a row count that is a
 * multiple of the batch and exactly the sum of the ids of that many batches: never part of a
 * commit); once the appends are done both see every row. Then both append at once, and no append
 * is lost: every batch is in the table, each in a commit of its own, and the table verifies.
 */
class TwoJvmsOneTableTest {
    private static final int BATCH = 1000;
    /** Batches the first JVM appends while the second reads. */
    private static final int WRITTEN_WHILE_READ = 8;
    /** Batches each JVM appends while the other appends too. */
    private static final int EACH_CONCURRENTLY = 4;
    private static final String READ = "SELECT count(*), coalesce(sum(id), 0) FROM lake.db.t";

    @TempDir
    Path dir;

    @Test
    void readsSeeWholeAppendsAndConcurrentAppendsAllLand() throws Exception {
        Path warehouse = dir.resolve("warehouse");
        Path table = warehouse.resolve("db").resolve("t");
        try (SqlShell first = SqlShell.start(dir, "first", "local[2]", warehouse);
                SqlShell second = SqlShell.start(dir, "second", "local[2]", warehouse)) {
            first.run("CREATE NAMESPACE lake.db");
            first.run("CREATE TABLE lake.db.t (id BIGINT, batch INT) USING albis");
            assertEquals("0,0", second.run(READ), "the second JVM sees the table the first created");

            int lastAppend = 0;
            for (int b = 0; b < WRITTEN_WHILE_READ; b++) {
                lastAppend = first.submit(append(b));
            }
            TreeSet<Long> countsSeen = new TreeSet<>();
            while (first.answer(lastAppend) == null) {
                countsSeen.add(wholeBatches(second.run(READ)));
            }
            System.out.println("TwoJvmsOneTableTest: while the first JVM appended, the second read the row counts "
                    + countsSeen);
            first.awaitAllOk(60);
            String all = whole(WRITTEN_WHILE_READ);
            assertEquals(all, second.run(READ), "the reading JVM sees every batch once the appends are done");
            assertEquals(all, first.run(READ), "and so does the appending JVM");

            int batches = WRITTEN_WHILE_READ + 2 * EACH_CONCURRENTLY;
            for (int b = WRITTEN_WHILE_READ; b < batches; b += 2) {
                first.submit(append(b));
                second.submit(append(b + 1));
            }
            first.awaitAllOk(120);
            second.awaitAllOk(120);
            assertEquals(whole(batches), first.run(READ), "no append of either JVM is lost");
            assertEquals(whole(batches), second.run(READ));
            assertEquals(String.valueOf(1 + batches), second.run("SELECT count(*) FROM lake.db.t.history"),
                    "the create and one commit per append");
        }
        assertEquals(TableContent.range(0, (long) (WRITTEN_WHILE_READ + 2 * EACH_CONCURRENTLY) * BATCH,
                List.of("id", "batch")), TableContent.ofCore(table.toString()));
        RepairChecks.assertVerifies(LocalStorage.INSTANCE, table.toString(), "after the appends of two JVMs");
    }

    /**
     * Appends batch {@code b}: ids {@code b * BATCH} to {@code (b + 1) * BATCH - 1}, in two tasks
     * that sleep 100 ms each among their rows, so that reads fall between appends and the two
     * JVMs' appends run at the same time.
     */
    private static String append(int b) {
        return "INSERT INTO lake.db.t SELECT pause(id, 20), " + b + " FROM range(" + (long) b * BATCH + ", "
                + (long) (b + 1) * BATCH + ", 1, 2)";
    }

    /** What {@link #READ} answers for the first {@code batches} batches. */
    private static String whole(long batches) {
        TableContent c = TableContent.range(0, batches * BATCH, List.of());
        return c.rows() + "," + c.sumOfIds();
    }

    /** The rows of a read's answer, checked to be the first batches whole. */
    private static long wholeBatches(String answer) {
        long rows = Long.parseLong(answer.split(",")[0]);
        assertTrue(rows % BATCH == 0, "a read saw part of a batch: " + answer);
        assertEquals(whole(rows / BATCH), answer, "a read saw rows of batches other than the first " + rows / BATCH);
        return rows;
    }
}
