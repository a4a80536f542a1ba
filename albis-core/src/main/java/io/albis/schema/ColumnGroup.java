package io.albis.schema;

import java.util.Arrays;

/**
 * A vertical partition of the table: the columns stored together, in this order, in one data file
 * per row group.
 *
 * @param id      stable identifier; the group's directory name is derived from it
 * @param columns indexes into the schema's flattened columns, ascending
 */
public record ColumnGroup(int id, String name, int[] columns) {

    public ColumnGroup {
        columns = columns.clone();
    }

    @Override
    public int[] columns() {
        return columns.clone();
    }

    public int size() {
        return columns.length;
    }

    public int column(int i) {
        return columns[i];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ColumnGroup g && g.id == id && g.name.equals(name) && Arrays.equals(g.columns, columns);
    }

    @Override
    public int hashCode() {
        return 31 * Integer.hashCode(id) + Arrays.hashCode(columns);
    }

    @Override
    public String toString() {
        return name + "#" + id + Arrays.toString(columns);
    }
}
