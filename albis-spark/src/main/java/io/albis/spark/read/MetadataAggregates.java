package io.albis.spark.read;

import io.albis.schema.ColumnGroup;
import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.segment.ColumnGroupMetadata;
import io.albis.segment.ColumnStats;
import io.albis.segment.SegmentMetadata;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import io.albis.util.ValueOrder;
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
            Expression column = f instanceof Count c ? c.column() : f instanceof Min m ? m.column()
                    : f instanceof Max x ? x.column() : null;
            if (!(column instanceof NamedReference ref) || ref.fieldNames().length != 1) {
                throw new IllegalArgumentException("aggregate " + f + " is not answered from Albis metadata");
            }
            int c = schema.columnIndex(ref.fieldNames()[0]);
            ColumnGroup g = schema.groups().get(schema.groupOf(c));
            ColumnGroupMetadata meta = metadata.get(g.id());
            if (meta == null) {
                meta = table.metadata(rg, g, present);
                metadata.put(g.id(), meta);
            }
            int slot = schema.slotOf(c);
            values[a] = f instanceof Count ? nonNull(meta, slot) : extreme(meta, slot, schema.column(c).type(),
                    f instanceof Max, table.metadataPath(rg, g));
        }
        return new GenericInternalRow(values);
    }

    private static long nonNull(ColumnGroupMetadata meta, int slot) {
        long n = meta.rowCount();
        for (SegmentMetadata s : meta.segments()) {
            n -= s.stats(slot).nullCount();
        }
        return n;
    }

    /** The minimum or maximum over the segments, as Spark holds it; null when every value is null. */
    private static Object extreme(ColumnGroupMetadata meta, int slot, DataType t, boolean max, String file) {
        boolean found = false;
        long bestLong = 0;
        double bestDouble = 0;
        for (SegmentMetadata s : meta.segments()) {
            ColumnStats st = s.stats(slot);
            if (!st.hasMinMax()) {
                if (st.nullCount() < s.rowCount()) {
                    throw new IllegalStateException(file + ": segment at row " + s.firstRow()
                            + " has values but no minimum and maximum for slot " + slot);
                }
                continue;
            }
            switch (t.id()) {
                case FLOAT, DOUBLE -> {
                    double v = max ? st.maxDouble() : st.minDouble();
                    if (!found || (max ? ValueOrder.compareDouble(v, bestDouble) > 0 : ValueOrder.compareDouble(v, bestDouble) < 0)) {
                        bestDouble = v;
                    }
                }
                default -> {
                    long v = max ? st.maxLong() : st.minLong();
                    if (!found || (max ? v > bestLong : v < bestLong)) {
                        bestLong = v;
                    }
                }
            }
            found = true;
        }
        if (!found) {
            return null;
        }
        return switch (t.id()) {
            case BOOLEAN -> bestLong != 0;
            case BYTE -> (byte) bestLong;
            case SHORT -> (short) bestLong;
            case INT, DATE -> (int) bestLong;
            case LONG -> bestLong;
            case FLOAT -> (float) bestDouble;
            case DOUBLE -> bestDouble;
            default -> throw new IllegalArgumentException("min/max of " + t + " is not answered from Albis metadata");
        };
    }
}
