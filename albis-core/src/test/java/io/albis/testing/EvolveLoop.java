package io.albis.testing;

import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import java.io.IOException;

/**
 * A process for the evolution kill tests: runs {@link EvolutionCycle}s on a table (a local path
 * or any URI a storage backend on the class path serves) forever and prints, after each commit,
 * "committed STATE ROWS COLUMNS" (the state version, its row count and live columns, comma
 * separated), so the test knows the last state the process saw committed when it kills it.
 */
public final class EvolveLoop {
    private EvolveLoop() {}

    public static void main(String[] args) throws IOException {
        String table = args[0];
        Storage storage = Storages.forPath(table);
        EvolutionCycle cycle = new EvolutionCycle(storage, table, Retention.DEFAULT);
        while (true) {
            // Above every state version so far: no column an earlier, killed cycle committed has this number.
            int k = AlbisTable.open(storage, table).state().version() + 1;
            for (EvolutionCycle.Step step : EvolutionCycle.Step.values()) {
                int version = cycle.run(step, k).stateVersion();
                AlbisTable t = AlbisTable.open(storage, table, version);
                System.out.println("committed " + version + " " + t.state().rowCount() + " "
                        + String.join(",", t.schema().liveColumnNames()));
                System.out.flush();
            }
        }
    }
}
