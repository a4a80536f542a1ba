package io.albis.cli;

import io.albis.storage.Storages;
import io.albis.storage.Storage;
import io.albis.table.SchemaStore;
import io.albis.table.Retention;
import io.albis.table.TableCleaner;
import java.io.PrintWriter;
import java.time.Duration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code albis repair TABLE}: removes what interrupted or aborted writes left behind. */
@Command(name = "repair", header = "Remove what interrupted or aborted writes left behind.",
        description = "Removes row groups and task manifests of aborted jobs at once, of jobs whose driver died once"
                + " they are older than the retention, table states superseded longer than the retention ago and"
                + " the row groups only they list, and old temporary files. Never touches what the table's latest"
                + " state lists, so readers of it are unaffected. Prints what it removed.")
final class RepairCommand extends TableCommand {
    @Option(names = "--retention", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Keep superseded snapshots and unfinished jobs this long (e.g. 0, 30m, 1h, 2d). Default:"
                    + " snapshots 1h, unfinished jobs 24h. Use 0 only when no one is writing to or reading old"
                    + " snapshots of the table.")
    Duration retention;

    @Override
    public Integer call() throws Exception {
        Storage storage = Storages.forPath(table.path());
        // Refuse what is not a table before anything is removed; a table whose creation never
        // committed (a schema only) is one repair cleans up, so only a schema file is required.
        if (SchemaStore.currentVersion(storage, table.path()) < 0) {
            table.open(); // throws the reader's exact reason
        }
        Retention r = retention == null ? Retention.DEFAULT : new Retention(retention, retention);
        TableCleaner.Report report = TableCleaner.clean(storage, table.path(), r, System.currentTimeMillis());
        PrintWriter out = spec.commandLine().getOut();
        for (String name : report.removed()) {
            out.println("removed " + name);
        }
        out.printf("%s: removed %s%n", table.path(), Plural.of(report.removed().size(), "leftover"));
        out.flush();
        return 0;
    }
}
