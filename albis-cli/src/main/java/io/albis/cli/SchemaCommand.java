package io.albis.cli;

import io.albis.schema.Column;
import io.albis.schema.ColumnGroup;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.table.AlbisTable;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;

/** {@code albis schema TABLE}: the fields as a tree, then the column groups. */
@Command(name = "schema", header = "Print a table's schema as a tree, and its column groups.")
final class SchemaCommand extends TableCommand {
    @Override
    public Integer call() throws Exception {
        AlbisTable t = table.open();
        PrintWriter out = spec.commandLine().getOut();
        Schema s = t.schema();
        out.println("table " + t.path() + " (schema version " + s.version() + ")");
        out.println("fields:");
        printFields(out, s.fields(), "  ");
        out.println("column groups:");
        for (ColumnGroup g : s.groups()) {
            List<String> names = new ArrayList<>();
            for (int c : g.columns()) {
                Column col = s.column(c);
                if (col.isStructMarker()) {
                    continue; // the struct's presence bit travels with its fields; not a value column
                }
                names.add(col.deleted() ? col.name() + " (deleted)" : col.name());
            }
            out.println("  " + g.name() + " (id " + g.id() + ", " + names.size() + " columns): " + String.join(", ", names));
        }
        out.flush();
        return 0;
    }

    private static void printFields(PrintWriter out, List<Field> fields, String indent) {
        for (Field f : fields) {
            String nullability = f.nullable() ? " (nullable)" : " (not null)";
            if (f.type().isStruct()) {
                out.println(indent + f.name() + ": struct" + nullability);
                printFields(out, f.type().fields(), indent + "  ");
            } else {
                out.println(indent + f.name() + ": " + f.type() + nullability);
            }
        }
    }
}
