package io.albis.bench.format;

import io.albis.schema.TypeId;
import java.util.Arrays;
import java.util.List;

/**
 * A {@link ReadSpec} resolved against a flat table's columns, for formats that filter rows
 * themselves: which columns are projected, and which one (if any) a row must have
 * {@code <= filterMax} in, non-null, to be counted.
 */
public record ReadPlan(List<FlatColumn> columns, boolean[] projected, int filterColumn, long filterMax) {

    public static ReadPlan of(List<FlatColumn> columns, ReadSpec spec) {
        boolean[] projected = new boolean[columns.size()];
        if (spec.columns() == null) {
            Arrays.fill(projected, true);
        } else {
            for (String name : spec.columns()) {
                projected[FlatColumn.indexOf(columns, name)] = true;
            }
        }
        int filter = -1;
        if (spec.hasFilter()) {
            filter = FlatColumn.indexOf(columns, spec.filterColumn());
            TypeId t = columns.get(filter).type().id();
            if (t != TypeId.INT && t != TypeId.LONG) {
                throw new IllegalArgumentException("filter column '" + spec.filterColumn() + "' is "
                        + columns.get(filter).typeText() + "; the benchmark filters int and long columns only");
            }
        }
        return new ReadPlan(List.copyOf(columns), projected, filter, spec.filterMax());
    }

    public boolean hasFilter() {
        return filterColumn >= 0;
    }

    /** Whether column {@code i} has to be read at all. */
    public boolean needed(int i) {
        return projected[i] || i == filterColumn;
    }
}
