package io.albis.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code albis rebalance TABLE N}. */
@Command(name = "rebalance", header = "Rewrite the rows, in the same order, into N row groups of nearly equal size.",
        description = {"More row groups let more readers work at once (Spark runs one task per row group); fewer",
            "make fewer files. The table reads exactly the same rows in the same order afterwards. The rows",
            "are copied by one thread here; for large tables see the Spark helper in the README."})
final class RebalanceCommand implements Callable<Integer> {
    @Mixin
    EvolutionRun run;

    @Parameters(index = "1", paramLabel = "N", description = "Row groups to have.")
    int rowGroups;

    @Override
    public Integer call() throws Exception {
        return run.run("rebalanced into " + Plural.of(rowGroups, "row group"), e -> e.rebalance(rowGroups));
    }
}
