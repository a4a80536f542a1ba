package io.albis.cli;

import io.albis.evolve.TableEvolution;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.AlbisTable;
import io.albis.table.Retention;
import io.albis.write.CommitResult;
import io.albis.write.WriterOptions;
import java.io.PrintWriter;
import me.tongfei.progressbar.ProgressBar;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * What the commands that change a table share: the table, the threads that write its row groups,
 * the writer's segment size, a progress bar over rows, and the line that reports the commit.
 */
public final class EvolutionRun {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Mixin
    TableArgument table;

    @Option(names = "--threads", paramLabel = "N",
            description = "Row groups written at once (default: the number of processors).")
    Integer threads;

    @Option(names = "--segment-size", paramLabel = "BYTES", converter = SizeConverter.class,
            description = "Segment size of the files written (binary suffixes k, m, g; default 1m).")
    Long segmentSize;

    /** One operation on the evolution API, given it with progress reporting wired in. */
    @FunctionalInterface
    interface Operation {
        CommitResult run(TableEvolution evolution) throws Exception;
    }

    /** Runs {@code operation} on the table and prints {@code what} with the commit's outcome. */
    int run(String what, Operation operation) throws Exception {
        int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (n < 1) {
            throw new ParameterException(spec.commandLine(), "--threads must be at least 1, got " + n);
        }
        WriterOptions options = LayoutOptions.withSegmentSize(spec, WriterOptions.defaults(), segmentSize);
        Storage storage = Storages.forPath(table.path());
        AlbisTable before = AlbisTable.open(storage, table.path()); // refuses what is not a table, naming why
        long start = System.nanoTime();
        CommitResult result;
        try (ProgressBar bar = Progress.rowsBar(spec.name())) {
            TableEvolution evolution = new TableEvolution(storage, table.path(), options, n, Retention.DEFAULT);
            if (bar != null) {
                bar.maxHint(before.state() == null ? -1 : before.state().rowCount());
                evolution = evolution.withProgress(bar::stepBy);
            }
            result = operation.run(evolution);
        }
        AlbisTable after = AlbisTable.open(storage, table.path(), result.stateVersion());
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%s: %s; schema version %d -> %d, table state %d (%s in %s), %.1f s%n", table.path(), what,
                before.schema().version(), after.schema().version(), result.stateVersion(),
                Plural.of(result.rows(), "row"), Plural.of(result.rowGroups(), "row group"),
                (System.nanoTime() - start) / 1e9);
        out.flush();
        return 0;
    }
}
