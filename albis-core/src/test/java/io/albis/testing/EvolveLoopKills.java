package io.albis.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Kills an {@link EvolveLoop} process with SIGKILL at random moments, again and again, on one
 * table: after each kill the table reads as the last state the process reported committed or the
 * one its next operation published, whole ({@link FormulaTable}'s rules hold, no committed row
 * is lost), and repair leaves nothing behind and verifies; then the next process carries on.
 */
public final class EvolveLoopKills {
    private EvolveLoopKills() {}

    /** What the process last logged: "committed STATE ROWS COLUMNS". */
    private record Committed(int state, long rows, List<String> columns) {
        static Committed parse(String line) {
            String[] f = line.split(" ");
            assertTrue(f.length == 4 && f[0].equals("committed"), "the evolving process printed: " + line);
            return new Committed(Integer.parseInt(f[1]), Long.parseLong(f[2]), Arrays.asList(f[3].split(",")));
        }
    }

    /**
     * Creates the table at {@code table} (a path or URI the child reaches through
     * {@link io.albis.storage.Storages}), then runs {@code kills} processes, each killed a random
     * time (under {@code maxMillis}) after its first commit. Returns the rows the table holds.
     */
    public static long run(Storage storage, String table, int kills, int maxMillis, Random random) throws Exception {
        EvolutionCycle.create(storage, table);
        long rows = 0;
        for (int k = 0; k < kills; k++) {
            Path log = Files.createTempFile("evolve-loop", ".log");
            try {
                Process child = start(table, log);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (Files.size(log) == 0) { // until it has committed once
                    assertTrue(child.isAlive() && System.nanoTime() < deadline, "the evolving process commits");
                    Thread.sleep(5);
                }
                Thread.sleep(random.nextInt(maxMillis));
                child.destroyForcibly(); // SIGKILL on Linux
                assertTrue(child.waitFor(30, TimeUnit.SECONDS));
                List<String> lines = Files.readAllLines(log);
                rows = checkAfterKill(storage, table, Committed.parse(lines.get(lines.size() - 1)), rows,
                        "after kill " + k + " (" + lines.size() + " commits)");
            } finally {
                Files.delete(log);
            }
        }
        return rows;
    }

    private static long checkAfterKill(Storage storage, String table, Committed last, long rowsBefore, String context)
            throws IOException {
        AlbisTable t = AlbisTable.open(storage, table);
        int state = t.state().version();
        assertTrue(state == last.state() || state == last.state() + 1, context + ": the table is at state " + state
                + ", the process last reported " + last.state());
        long rows = FormulaTable.check(t);
        if (state == last.state()) {
            assertEquals(last.rows(), rows, context);
            assertEquals(last.columns(), t.schema().liveColumnNames(), context);
        }
        assertTrue(rows >= last.rows() && rows >= rowsBefore, context + ": " + rows + " rows, " + last.rows()
                + " committed");
        RepairChecks.repairAndCheck(storage, table, context);
        AlbisTable repaired = AlbisTable.open(storage, table);
        assertEquals(rows, FormulaTable.check(repaired), context + ": repair changed the rows");
        assertEquals(t.schema().liveColumnNames(), repaired.schema().liveColumnNames(), context + ": and the columns");
        return rows;
    }

    /** A JVM like this one (class path, module flags, environment) running {@link EvolveLoop} on the table. */
    private static Process start(String table, Path log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("--add-opens") || arg.startsWith("--add-exports")) {
                command.add(arg);
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), EvolveLoop.class.getName(), table,
                log.toString()));
        return new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }
}
