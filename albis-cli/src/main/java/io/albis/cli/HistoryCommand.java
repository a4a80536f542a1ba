package io.albis.cli;

import io.albis.evolve.SchemaHistory;
import io.albis.storage.Storages;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code albis history TABLE}: schema versions and what changed in each. */
@Command(name = "history", header = "List the table's schema versions and what changed in each.",
        description = "The version readers use is marked 'current'; a newer one belongs to a change that has not"
                + " committed (running, or interrupted: 'albis repair' removes it).")
final class HistoryCommand extends TableCommand {
    @Override
    public Integer call() throws Exception {
        table.open(); // refuses what is not a table, naming why
        List<SchemaHistory.Version> versions = SchemaHistory.of(Storages.forPath(table.path()), table.path());
        PrintWriter out = spec.commandLine().getOut();
        for (SchemaHistory.Version v : versions) {
            out.printf("schema version %d%s%n", v.version(), v.current() ? " (current)" : v.pending()
                    ? " (not committed)" : "");
            for (String change : v.changes()) {
                out.println("  " + change);
            }
        }
        out.flush();
        return 0;
    }
}
