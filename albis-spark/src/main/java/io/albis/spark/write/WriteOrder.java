package io.albis.spark.write;

import io.albis.error.InvalidOptionException;
import io.albis.spark.table.SourceOptions;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The order a write gives its rows, from the albis source's {@code sortBy} and {@code sortScope}
 * options, or the table properties of the same names: rows sorted by the columns {@code sortBy}
 * names (comma-separated), ascending with nulls first as Spark sorts by default, within each
 * task's output in every partition directory, so a segment's minimum and maximum of the leading
 * column are tight and its {@code sorted} flag is set. A write option wins over a property;
 * {@code sortBy} given empty turns a table's order off for one write.
 *
 * @param columns the sort columns as the rows spell them; none: rows are written as they come
 * @param global  {@code sortScope} {@code global}: a V2 write also range-partitions its rows by
 *                the partition and sort columns, so each task holds one range of keys and the row
 *                groups of one write do not overlap
 */
public record WriteOrder(List<String> columns, boolean global) implements Serializable {
    public static final String SORT_BY = "sortBy";
    public static final String SORT_SCOPE = "sortScope";
    private static final String TASK = "task";
    private static final String GLOBAL = "global";

    public WriteOrder {
        columns = List.copyOf(columns);
    }

    /** Whether rows are sorted at all. */
    public boolean sorts() {
        return !columns.isEmpty();
    }

    /**
     * The order the write's {@code options} name, else the one {@code properties} (the table's, as
     * its latest state records them) name, checked against the rows: {@code data} is their stored
     * columns, {@code partitionColumns} the names of the partition columns beside them. Refuses a
     * bad value naming the option, a column the rows lack, one named twice, a partition column and
     * a column Spark cannot sort or segments keep no extremes of (arrays, maps, structs).
     */
    public static WriteOrder of(Map<String, String> options, Map<String, String> properties, StructType data,
            List<String> partitionColumns) {
        String sortBy = SourceOptions.value(options, SORT_BY);
        if (sortBy == null) {
            sortBy = SourceOptions.value(properties, SORT_BY);
        }
        String scope = SourceOptions.value(options, SORT_SCOPE);
        if (scope == null) {
            scope = SourceOptions.value(properties, SORT_SCOPE);
        }
        List<String> named = parseColumns(sortBy);
        List<String> resolved = new ArrayList<>();
        for (String name : named) {
            resolved.add(resolve(name, data, partitionColumns));
        }
        return new WriteOrder(resolved, parseScope(scope));
    }

    /** Refuses bad syntax of the options before anything is written (their columns are checked when the write begins). */
    static void check(Map<String, String> options) {
        parseColumns(SourceOptions.value(options, SORT_BY));
        parseScope(SourceOptions.value(options, SORT_SCOPE));
    }

    /** The names of a {@code sortBy} value: none for null or blank; an empty name or a name given twice is refused. */
    public static List<String> parseColumns(String sortBy) {
        if (sortBy == null || sortBy.isBlank()) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (String part : sortBy.split(",", -1)) {
            String name = part.trim();
            if (name.isEmpty()) {
                throw refused(SORT_BY, "'" + sortBy + "' has an empty column name; give column names separated by commas");
            }
            if (out.stream().anyMatch(name::equalsIgnoreCase)) {
                throw refused(SORT_BY, "'" + sortBy + "' names column '" + name + "' twice");
            }
            out.add(name);
        }
        return out;
    }

    private static boolean parseScope(String scope) {
        if (scope == null) {
            return false;
        }
        return switch (scope.trim().toLowerCase(Locale.ROOT)) {
            case TASK -> false;
            case GLOBAL -> true;
            default -> throw refused(SORT_SCOPE, "'" + scope + "' is neither " + TASK + " (each task sorts its rows) nor "
                    + GLOBAL + " (rows range-partitioned by the sort columns first)");
        };
    }

    /** The stored column {@code name} names, as the rows spell it (an exact match first, then one in any case). */
    private static String resolve(String name, StructType data, List<String> partitionColumns) {
        if (partitionColumns.stream().anyMatch(name::equalsIgnoreCase)) {
            throw refused(SORT_BY, "'" + name + "' is a partition column: every row of a partition directory has the"
                    + " same value of it, so sort by other columns");
        }
        StructField found = null;
        for (StructField f : data.fields()) {
            if (f.name().equals(name)) {
                found = f;
                break;
            }
            if (found == null && f.name().equalsIgnoreCase(name)) {
                found = f;
            }
        }
        if (found == null) {
            throw refused(SORT_BY, "the rows have no column '" + name + "'; they have " + String.join(", ", data.fieldNames()));
        }
        DataType t = found.dataType();
        if (t instanceof StructType || t instanceof ArrayType || t instanceof MapType) {
            throw refused(SORT_BY, "column '" + found.name() + "' is " + t.simpleString() + ": rows sort by columns of"
                    + " one value each (numbers, booleans, dates, timestamps, strings, binaries), whose segments keep a"
                    + " minimum and maximum; not by structs, arrays or maps");
        }
        return found.name();
    }

    /** A column as the V2 write API names it: one part, however the name is spelled (dots, spaces, backquotes). */
    static NamedReference reference(String column) {
        return Expressions.column("`" + column.replace("`", "``") + "`");
    }

    private static InvalidOptionException refused(String option, String why) {
        return new InvalidOptionException("option " + option + ": " + why);
    }
}
