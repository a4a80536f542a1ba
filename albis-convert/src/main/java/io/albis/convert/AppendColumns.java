package io.albis.convert;

import io.albis.error.SchemaMismatchException;
import io.albis.schema.Column;
import io.albis.schema.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether a source's columns can be appended to a table: the same columns (a struct's leaves and
 * markers included) in the same order with the same types, and no column that may hold nulls
 * where the table's may not. Rows are written by column position, so the order matters too.
 */
final class AppendColumns {
    private AppendColumns() {}

    /** Throws naming every column that differs; returns quietly when the source fits the table. */
    static void check(String table, Schema tableSchema, Schema source) {
        Map<String, Column> inTable = byName(tableSchema);
        Map<String, Column> inSource = byName(source);
        List<String> problems = new ArrayList<>();
        List<String> missing = new ArrayList<>(inTable.keySet());
        missing.removeAll(inSource.keySet());
        if (!missing.isEmpty()) {
            problems.add("not in the source: " + String.join(", ", missing));
        }
        List<String> extra = new ArrayList<>(inSource.keySet());
        extra.removeAll(inTable.keySet());
        if (!extra.isEmpty()) {
            problems.add("not in the table: " + String.join(", ", extra));
        }
        for (Map.Entry<String, Column> e : inSource.entrySet()) {
            Column t = inTable.get(e.getKey());
            Column s = e.getValue();
            if (t == null) {
                continue;
            }
            if (!t.type().equals(s.type())) {
                problems.add(e.getKey() + " is " + t.type() + " in the table but " + s.type() + " in the source");
            } else if (!t.nullable() && s.nullable()) {
                problems.add(e.getKey() + " is NOT NULL in the table but may be null in the source");
            }
        }
        if (problems.isEmpty() && !List.copyOf(inTable.keySet()).equals(List.copyOf(inSource.keySet()))) {
            problems.add("the columns are in another order: the table has " + String.join(", ", inTable.keySet())
                    + "; the source has " + String.join(", ", inSource.keySet()));
        }
        if (!problems.isEmpty()) {
            throw new SchemaMismatchException("cannot append to " + table + ", the source's columns differ: "
                    + String.join("; ", problems));
        }
    }

    private static Map<String, Column> byName(Schema schema) {
        Map<String, Column> out = new LinkedHashMap<>();
        for (Column c : schema.columns()) {
            if (!c.deleted()) {
                out.put(c.name(), c);
            }
        }
        return out;
    }
}
