package io.albis.cli;

import io.albis.evolve.TableEvolution;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code albis drop-column TABLE COLUMN [--heavy]}. */
@Command(name = "drop-column", header = "Drop a column or struct.",
        description = {"A column alone in its column group takes the group with it (its files go once no reader",
            "needs them). Otherwise the drop is light by default: the column is marked deleted and readers",
            "skip its bytes; with --heavy its column group is written anew without it (and without columns",
            "dropped lightly before). Either way its name may be used again."})
final class DropColumnCommand implements Callable<Integer> {
    @Mixin
    EvolutionRun run;

    @Parameters(index = "1", paramLabel = "COLUMN", description = "The column (or struct) to drop.")
    String column;

    @Option(names = "--heavy", description = "Rewrite the column's group without it instead of marking it deleted.")
    boolean heavy;

    @Override
    public Integer call() throws Exception {
        TableEvolution.Drop how = heavy ? TableEvolution.Drop.HEAVY : TableEvolution.Drop.LIGHT;
        return run.run("dropped " + column, e -> e.drop(column, how));
    }
}
