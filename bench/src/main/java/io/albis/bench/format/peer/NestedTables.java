package io.albis.bench.format.peer;

import io.albis.schema.DataType;
import io.albis.schema.Field;
import io.albis.schema.TypeId;
import io.albis.table.AlbisTable;
import java.util.Set;

/**
 * Tables with list and map columns, as the Parquet and ORC peers write them. albis-convert's
 * writers ({@code AlbisToParquet}, {@code AlbisToOrc}) refuse lists and maps at this commit, so
 * those peers write such tables with writers of their own ({@code NestedParquetWriter},
 * {@code NestedOrcWriter}), for the shapes the benchmark measures: columns of int, long and string,
 * and lists and maps of those.
 */
public final class NestedTables {
    /** Types the nested writers write, at the top level and inside a list or map. */
    public static final Set<TypeId> LEAVES = Set.of(TypeId.INT, TypeId.LONG, TypeId.STRING);

    private NestedTables() {
    }

    /** True when the table has a list or map column. */
    public static boolean hasListOrMap(AlbisTable source) {
        return source.schema().fields().stream().anyMatch(f -> f.type().isNested());
    }

    /** Refuses, naming the first such column, a table with a column the nested writers do not write. */
    public static void checkWritable(AlbisTable source, String format) {
        for (Field f : source.schema().fields()) {
            DataType t = f.type();
            boolean ok = switch (t.id()) {
                case LIST -> LEAVES.contains(t.elementField().type().id());
                case MAP -> LEAVES.contains(t.keyField().type().id()) && LEAVES.contains(t.valueField().type().id());
                default -> LEAVES.contains(t.id());
            };
            if (!ok) {
                throw new IllegalArgumentException(format + ": column '" + f.name() + "' of " + source.path() + " is a "
                        + t + "; tables with lists or maps are written with columns of int, long and string"
                        + " and lists and maps of them only");
            }
        }
    }
}
