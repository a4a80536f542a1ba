package io.albis.spark.read;

import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;

/**
 * {@code count(*)}, {@code count(c)}, {@code min(c)} and {@code max(c)} of one row group from its
 * segment metadata (docs/FORMAT.md §8), without reading a row: the row count, each segment's null
 * count, minimum and maximum. Spark combines the row groups' results. Spark pushes only these
 * aggregates, over booleans, integers, floating point and dates, and only without data filters
 * ({@code AggregatePushDownUtils}); minima and maxima follow SQL's order (NaN above every number).
 */
final class MetadataAggregates {
    private MetadataAggregates() {}

    /**
     * One row of the aggregates' values, in the order given (Spark's internal representation);
     * {@code rows} is the row group's row count. Each column group's metadata is read once.
     */
    static GenericInternalRow of(AlbisTable table, RowGroupRef rg, long rows, AggregateFunc[] aggregates)
            throws IOException {
        Schema schema = table.schema();
        Set<Integer> present = table.presentGroups(rg);
        Map<Integer, ColumnGroupMetadata> metadata = new HashMap<>();
        Object[] values = new Object[aggregates.length];
        for (int a = 0; a < aggregates.length; a++) {
            AggregateFunc f = aggregates[a];
            if (f instanceof CountStar) {
                values[a] = rows;
                continue;
            }
            Expression argument = f instanceof Count c ? c.column() : f instanceof Min m ? m.column()
                    : f instanceof Max x ? x.column() : null;
            if (!(argument instanceof NamedReference ref) || ref.fieldNames().length != 1) {
                throw new IllegalArgumentException("aggregate " + f + " is not answered from Albis metadata");
            }
            int c = schema.columnIndex(ref.fieldNames()[0]);
            ColumnGroup g = schema.groups().get(schema.groupOf(c));
            ColumnGroupMetadata meta = metadata.get(g.id());
            if (meta == null) {
                meta = table.metadata(rg, g, present);
                metadata.put(g.id(), meta);
            }
            ColumnExtremes column = new ColumnExtremes(schema.column(c).type());
            column.add(meta, schema.slotOf(c));
            if (f instanceof Count) {
                values[a] = meta.rowCount() - column.nullCount();
                continue;
            }
            if (!column.hasExtremes()) {
                throw new IllegalArgumentException("min/max of " + schema.column(c).type()
                        + " is not answered from Albis metadata");
            }
            if (column.unknownAt() >= 0) {
                throw new IllegalStateException(table.metadataPath(rg, g) + ": segment at row " + column.unknownAt()
                        + " has values but no minimum and maximum for column " + schema.column(c).name());
            }
            values[a] = f instanceof Max ? column.max() : column.min();
        }
        return new GenericInternalRow(values);
    }
}
