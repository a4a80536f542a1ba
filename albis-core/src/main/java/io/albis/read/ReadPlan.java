package io.albis.read;

import io.albis.error.SchemaMismatchException;
import io.albis.filter.BoundPredicate;
import io.albis.filter.PredicateBinder;
import io.albis.filter.Predicates;
import io.albis.filter.VectorFilter;
import io.albis.row.RowLayout;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * What a reader reads, planned once from the schema and the options: its columns (the
 * projection first, then the markers of structs above projected fields, then columns only the
 * filter needs), where each lives (column group and slot), which column groups must be read, and
 * the filter bound to the reader's column indexes.
 */
final class ReadPlan {
    final Schema schema;
    /** Table column of each reader column. */
    final int[] tableColumn;
    /** Reader columns returned to the user: the first {@code projected} ones. */
    final int projected;
    /** Column group position (in the schema's group list) and slot of each reader column. */
    final int[] group;
    final int[] slot;
    final DataType[] type;
    /** Group positions read, ascending. */
    final int[] neededGroups;
    /** Row layout of each group position read, else null. */
    final RowLayout[] layouts;
    /** Null when every row is returned. */
    final BoundPredicate filter;

    ReadPlan(Schema schema, ReadOptions options) {
        this.schema = schema;
        List<Integer> cols = new ArrayList<>();
        if (options.columns() == null) {
            for (Column c : schema.columns()) {
                if (!c.deleted()) {
                    cols.add(c.index());
                }
            }
        } else {
            for (String name : options.columns()) {
                expand(name, cols);
            }
        }
        projected = cols.size();
        addStructMarkers(cols);
        if (options.filter() != null) {
            for (String name : Predicates.columns(options.filter())) {
                int c = filterColumn(name);
                if (!cols.contains(c)) {
                    cols.add(c);
                }
            }
        }
        int n = cols.size();
        tableColumn = cols.stream().mapToInt(Integer::intValue).toArray();
        group = new int[n];
        slot = new int[n];
        type = new DataType[n];
        layouts = new RowLayout[schema.groups().size()];
        TreeSet<Integer> needed = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            int c = tableColumn[i];
            int g = schema.groupOf(c);
            if (layouts[g] == null) {
                layouts[g] = new RowLayout(schema, schema.groups().get(g));
            }
            group[i] = g;
            slot[i] = schema.slotOf(c);
            type[i] = schema.column(c).type();
            needed.add(g);
        }
        neededGroups = needed.stream().mapToInt(Integer::intValue).toArray();
        filter = options.filter() == null ? null : PredicateBinder.bind(options.filter(), new PredicateBinder.Columns() {
            @Override
            public int resolve(String name) {
                return readerColumn(filterColumn(name));
            }

            @Override
            public DataType type(int column) {
                return type[column];
            }
        });
    }

    /**
     * Markers of the nullable structs above projected fields are read too (not returned as
     * columns), so a field of a null struct is seen as such.
     */
    private void addStructMarkers(List<Integer> cols) {
        for (int i = 0; i < projected; i++) {
            List<String> path = schema.column(cols.get(i)).path();
            for (int d = 1; d < path.size(); d++) {
                String parent = String.join(".", path.subList(0, d));
                if (schema.hasColumn(parent) && schema.column(schema.columnIndex(parent)).isStructMarker()
                        && !cols.contains(schema.columnIndex(parent))) {
                    cols.add(schema.columnIndex(parent));
                }
            }
        }
    }

    /** A leaf name adds itself; a struct name adds its marker (if any) and all its leaves. */
    private void expand(String name, List<Integer> out) {
        boolean found = false;
        for (Column c : schema.columns()) {
            if (!c.deleted() && (c.name().equals(name) || c.name().startsWith(name + "."))) {
                if (!out.contains(c.index())) {
                    out.add(c.index());
                }
                found = true;
            }
        }
        if (!found) {
            throw new SchemaMismatchException("no column named '" + name + "'; columns are " + schema.liveColumnNames());
        }
    }

    private int filterColumn(String name) {
        int c = schema.columnIndex(name);
        if (schema.column(c).isStructMarker()) {
            throw new SchemaMismatchException("'" + name + "' is a struct; filter on its fields");
        }
        return c;
    }

    private int readerColumn(int tableColumnIndex) {
        for (int i = 0; i < tableColumn.length; i++) {
            if (tableColumn[i] == tableColumnIndex) {
                return i;
            }
        }
        throw new IllegalStateException("column " + schema.column(tableColumnIndex).name() + " is not read");
    }

    /** Where each reader column's values lie in its group's rows, for {@link VectorFilter#split}. */
    VectorFilter.Places places() {
        return new VectorFilter.Places() {
            @Override
            public int group(int column) {
                return group[column];
            }

            @Override
            public boolean fixedWidth(int column) {
                return !layouts[group[column]].hasVariable();
            }

            @Override
            public long nullInfo(int column) {
                RowLayout l = layouts[group[column]];
                return (long) RowLayout.nullMask(slot[column]) << 32 | l.nullByte(slot[column]);
            }

            @Override
            public long valueInfo(int column) {
                RowLayout l = layouts[group[column]];
                return (long) type[column].fixedWidth() << 32 | l.fixedOffset(slot[column]);
            }

            @Override
            public DataType type(int column) {
                return type[column];
            }
        };
    }

    /** Reader columns, projected and not. */
    int columns() {
        return tableColumn.length;
    }

    Column column(int i) {
        return schema.column(tableColumn[i]);
    }
}
