package io.albis.testing;

import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A process for the evolution kill tests: runs {@link EvolutionCycle}s on a table (a local path
 * or any URI a storage backend on the class path serves) forever and appends to a log file, after
 * each commit, "committed STATE ROWS COLUMNS" (the state version, its row count and live columns,
 * comma separated), so the test knows the last state the process saw committed when it kills it.
 * A file, not standard output: a line written before the kill is in the file, while killing a
 * process closes the pipe its unread output is in.
 *
 * <pre>EvolveLoop TABLE LOG</pre>
 */
public final class EvolveLoop {
    private EvolveLoop() {}

    public static void main(String[] args) throws IOException {
        String table = args[0];
        Path log = Path.of(args[1]);
        Storage storage = Storages.forPath(table);
        EvolutionCycle cycle = new EvolutionCycle(storage, table, Retention.DEFAULT);
        while (true) {
            // Above every state version so far: no column an earlier, killed cycle committed has this number.
            int k = AlbisTable.open(storage, table).state().version() + 1;
            for (EvolutionCycle.Step step : EvolutionCycle.Step.values()) {
                int version = cycle.run(step, k).stateVersion();
                AlbisTable t = AlbisTable.open(storage, table, version);
                String line = "committed " + version + " " + t.state().rowCount() + " "
                        + String.join(",", t.schema().liveColumnNames()) + "\n";
                Files.writeString(log, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
        }
    }
}
