package io.albis.schema;

import java.util.List;

/**
 * A leaf of the flattened schema: one value slot in a row.
 *
 * @param index   position in the table's flattened column list (the index the writer and reader use)
 * @param id      stable identifier; never reused, so evolution can tell columns apart
 * @param path    the names from the top-level field down to this leaf
 * @param deleted marked deleted by a light-weight drop: its bytes stay in the row, readers skip it
 */
public record Column(int index, int id, List<String> path, DataType type, boolean nullable, boolean deleted) {

    public Column {
        path = List.copyOf(path);
    }

    /** The path joined by '.', the name users refer to the column by. */
    public String name() {
        return String.join(".", path);
    }

    /** True for the zero-width marker of a nullable struct. */
    public boolean isStructMarker() {
        return type.id() == TypeId.STRUCT;
    }

    @Override
    public String toString() {
        return name() + ": " + (isStructMarker() ? "struct marker" : type.toString()) + (nullable ? "" : " not null")
                + (deleted ? " (deleted)" : "");
    }
}
