package io.albis.cli;

import io.albis.schema.ColumnSpec;
import io.albis.schema.DataType;
import io.albis.schema.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code albis add-columns TABLE COLUMNS}: new nullable columns in a new column group. */
@Command(name = "add-columns", header = "Add columns as a new column group; existing rows read them as null.",
        description = {"COLUMNS is name:type pairs separated by commas, e.g. note:string,score:decimal(9,2); types: "
            + ColumnSpec.TYPES + ".",
            "The table is not rewritten: each row group gets the new group's files, and one commit makes",
            "them visible. A name a dropped column had may be used again. To add columns computed from",
            "others, use the Spark helper (see the README)."})
final class AddColumnsCommand implements Callable<Integer> {
    @Mixin
    EvolutionRun run;

    @Parameters(index = "1", paramLabel = "COLUMNS", description = "name:type pairs, comma-separated.")
    String columns;

    @Option(names = "--group", paramLabel = "NAME", description = "Name of the new column group (default: the first"
            + " new column's name).")
    String group;

    @Override
    public Integer call() throws Exception {
        List<Field> fields = new ArrayList<>();
        for (Map.Entry<String, DataType> e : ColumnSpec.parse(columns).entrySet()) {
            fields.add(Field.of(e.getKey(), e.getValue()));
        }
        return run.run("added " + String.join(", ", fields.stream().map(Field::toString).toList()),
                e -> e.addColumns(fields, group));
    }
}
