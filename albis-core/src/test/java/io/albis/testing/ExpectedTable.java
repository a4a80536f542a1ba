package io.albis.testing;

import io.albis.schema.Column;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The oracle of a test: the rows written, as plain Java values indexed by schema column (the
 * representation {@code AlbisRow.getValue} returns: Boolean, Byte, Short, Integer, Long, Float,
 * Double, BigDecimal, LocalDate, Instant, String, byte[]; TRUE or null for a struct marker).
 * Built without any code of the format, so it can judge the reader.
 */
public final class ExpectedTable {
    private final Schema schema;
    private final List<Field> fields;
    private final List<Object[]> rows;

    public ExpectedTable(Schema schema, List<Field> fields, List<Object[]> rows) {
        this.schema = schema;
        this.fields = List.copyOf(fields);
        this.rows = rows;
    }

    public Schema schema() {
        return schema;
    }

    /** The fields as declared when the schema was built. */
    public List<Field> fields() {
        return fields;
    }

    public List<Object[]> rows() {
        return rows;
    }

    public int rowCount() {
        return rows.size();
    }

    public Object value(int row, int column) {
        return rows.get(row)[column];
    }

    /** True when {@code path} lies strictly below one of the given struct paths. */
    public static boolean isBelowAny(List<String> path, Set<List<String>> structPaths) {
        for (int d = 1; d < path.size(); d++) {
            if (structPaths.contains(path.subList(0, d))) {
                return true;
            }
        }
        return false;
    }

    /** True when column {@code column} lies below a struct that is null in row {@code row}. */
    public boolean isBelowNullStruct(int row, int column) {
        List<String> path = schema.column(column).path();
        for (Column c : schema.columns()) {
            if (c.isStructMarker() && rows.get(row)[c.index()] == null && c.path().size() < path.size()
                    && path.subList(0, c.path().size()).equals(c.path())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The schema columns a projection reads, as the format defines it: each name in order adds the
     * live column of that name and every column below it (a struct's marker and leaves), in schema
     * order, skipping columns already added.
     */
    public int[] projectionColumns(List<String> names) {
        List<Integer> out = new ArrayList<>();
        for (String name : names) {
            for (Column c : schema.columns()) {
                if (!c.deleted() && (c.name().equals(name) || c.name().startsWith(name + "."))
                        && !out.contains(c.index())) {
                    out.add(c.index());
                }
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Every live column in schema order (what a reader without projection returns). */
    public int[] allColumns() {
        return schema.columns().stream().filter(c -> !c.deleted()).mapToInt(Column::index).toArray();
    }

    /**
     * The row as nested maps built from the declared fields: a struct is a map of its fields, a
     * null struct is null. Independent of the reader's own rebuilding.
     */
    public Map<String, Object> nestedRow(int row) {
        int[] cursor = {0};
        return nest(fields, rows.get(row), cursor);
    }

    private Map<String, Object> nest(List<Field> fs, Object[] row, int[] cursor) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Field f : fs) {
            if (!f.type().isStruct()) {
                out.put(f.name(), row[cursor[0]++]);
                continue;
            }
            if (f.nullable()) {
                Object marker = row[cursor[0]++];
                if (marker == null) {
                    cursor[0] += leafCount(f.type().fields());
                    out.put(f.name(), null);
                    continue;
                }
            }
            out.put(f.name(), nest(f.type().fields(), row, cursor));
        }
        return out;
    }

    /** Flattened columns (leaves and nullable-struct markers) a list of fields occupies. */
    static int leafCount(List<Field> fs) {
        int n = 0;
        for (Field f : fs) {
            if (f.type().isStruct()) {
                n += (f.nullable() ? 1 : 0) + leafCount(f.type().fields());
            } else {
                n++;
            }
        }
        return n;
    }
}
