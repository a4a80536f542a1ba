package io.albis.cli;

import io.albis.schema.ColumnGroupSpec;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code albis regroup TABLE SPEC}. */
@Command(name = "regroup", header = "Partition the columns into other column groups; the rows read the same.",
        description = {"SPEC is single, column, or name1=a,b;name2=c,d (columns not named go to a group called rest),",
            "as --column-groups of convert. A group holding exactly the columns of an existing one keeps",
            "its files; every other group is written anew for every row group, which then reads exactly the",
            "same rows in the same order. Columns dropped lightly before leave the table. Large tables: see",
            "the Spark helper in the README."})
final class RegroupCommand implements Callable<Integer> {
    @Mixin
    EvolutionRun run;

    @Parameters(index = "1", paramLabel = "SPEC", converter = ColumnGroupsConverter.class,
            description = "single, column, or name1=a,b;name2=c,d.")
    ColumnGroupSpec groups;

    @Override
    public Integer call() throws Exception {
        return run.run("regrouped as " + groups, e -> e.regroup(groups));
    }
}
