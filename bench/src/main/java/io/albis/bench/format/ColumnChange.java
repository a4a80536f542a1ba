package io.albis.bench.format;

/**
 * A change of a table's columns, as experiment 11 measures it: Albis changes the table in place
 * (a new column group, a heavy drop, a re-group), other formats rewrite the whole table.
 *
 * @param kind       what changes
 * @param column     ADD: the new column's name; DROP: the column dropped; REGROUP: unused
 * @param expression ADD: the Spark SQL expression over each row's columns that computes the new column
 * @param groups     REGROUP: the column groups, as a {@link io.albis.schema.ColumnGroupSpec}
 */
public record ColumnChange(Kind kind, String column, String expression, String groups) {

    public enum Kind {
        /** A column computed from each row's columns. */
        ADD,
        /** A heavy drop: the column's bytes leave the table. */
        DROP,
        /** The same columns in other column groups. */
        REGROUP
    }

    public static ColumnChange add(String column, String expression) {
        return new ColumnChange(Kind.ADD, column, expression, null);
    }

    public static ColumnChange drop(String column) {
        return new ColumnChange(Kind.DROP, column, null, null);
    }

    public static ColumnChange regroup(String groups) {
        return new ColumnChange(Kind.REGROUP, null, null, groups);
    }
}
