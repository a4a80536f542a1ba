package io.albis.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code albis rename-column TABLE COLUMN NEW_NAME}. */
@Command(name = "rename-column", header = "Rename a column or struct; only the schema changes.",
        description = {"The last name of COLUMN's path becomes NEW_NAME (a.b renamed to c is a.c). Data files are",
            "not touched; readers see the new name from the commit on, and readers that opened the table",
            "before keep the old one."})
final class RenameColumnCommand implements Callable<Integer> {
    @Mixin
    EvolutionRun run;

    @Parameters(index = "1", paramLabel = "COLUMN", description = "The column (or struct) to rename.")
    String column;

    @Parameters(index = "2", paramLabel = "NEW_NAME", description = "Its new last name.")
    String newName;

    @Override
    public Integer call() throws Exception {
        return run.run("renamed " + column + " to " + newName, e -> e.rename(column, newName));
    }
}
