package io.albis.cli;

import io.albis.evolve.SchemaHistory;
import io.albis.storage.Storages;
import io.albis.table.TableHistory;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code albis history TABLE}: schema versions and what changed in each, or the table states kept. */
@Command(name = "history", header = "List the table's schema versions and what changed in each.",
        description = {"The version readers use is marked 'current'; a newer one belongs to a change that has not"
                + " committed (running, or interrupted: 'albis repair' removes it).",
            "With --states: the table states kept, newest first, each with its commit time (UTC), operation, rows,"
                + " row groups and schema version; each can be read as a snapshot."})
final class HistoryCommand extends TableCommand {
    @Option(names = "--states", description = "List the table states kept instead of the schema versions.")
    boolean states;

    @Override
    public Integer call() throws Exception {
        table.open(); // refuses what is not a table, naming why
        PrintWriter out = spec.commandLine().getOut();
        if (states) {
            for (TableHistory.Entry s : TableHistory.of(Storages.forPath(table.path()), table.path())) {
                out.printf("state %d  %s  %s: %s in %s, schema version %d%n", s.version(),
                        Instant.ofEpochMilli(s.commitMillis()), s.operation(), Plural.of(s.rows(), "row"),
                        Plural.of(s.rowGroups(), "row group"), s.schemaVersion());
            }
            out.flush();
            return 0;
        }
        List<SchemaHistory.Version> versions = SchemaHistory.of(Storages.forPath(table.path()), table.path());
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
