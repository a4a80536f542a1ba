package io.albis.spark.read;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.sources.Filter;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The partial aggregates of one row group's rows ({@link ScanAggregation}), grouped: the rows the
 * filters keep are read in batches over the segment buffers ({@link RowGroupBatches}), each batch's
 * columns loaded once ({@link BatchValues}), its rows given their groups ({@link GroupIds}) and
 * added to every function ({@link PartialAggregate}). The task hands Spark one row per group, plus
 * one per split sum, which Spark's final aggregation adds up with the other tasks' rows.
 *
 * <p>A task holds at most {@code maxGroups} groups. When a row would start one more, it hands
 * Spark the rows of the groups it has, forgets them and goes on: a group may then come out in
 * several rows, which Spark adds up like rows of different tasks, so answers stay exact; at worst
 * (every row a group of its own) the task hands Spark one row per row it read, as a scan without
 * the aggregate would.
 */
final class RowGroupAggregates implements Iterator<InternalRow>, Closeable {
    /** Most groups a task holds by default (option {@code aggregateMaxGroups}). */
    static final int MAX_GROUPS = 1 << 16;

    private final RowGroupBatches batches;
    private final ScanAggregation.Key[] keys;
    /** Per key: its value when it is a partition column, else unused. */
    private final Object[] constants;
    /** Per key: its index among the data keys ({@link GroupIds#key}), or -1 for a partition column. */
    private final int[] dataKey;
    private final GroupIds groups;
    private final PartialAggregate[] functions;
    private final BatchValues values;
    private final int[] ids = new int[RowGroupBatches.MAX_ROWS];
    private final GenericInternalRow row;
    private final UnsafeProjection projection;

    private int batchRows;
    private int cursor;
    private boolean inputDone;
    /** Whether every row has been handed out. */
    private boolean finished;
    /** Rows of the groups held that are still to hand out: -1 while adding rows up. */
    private int toEmit = -1;
    private int emitted;

    private RowGroupAggregates(RowGroupBatches batches, ScanAggregation aggregation, InternalRow partitionValues,
            StructType partitionSchema, int maxGroups) {
        this.batches = batches;
        this.keys = aggregation.keys();
        this.constants = new Object[keys.length];
        this.dataKey = new int[keys.length];
        List<ScanAggregation.Key> data = new ArrayList<>();
        for (int k = 0; k < keys.length; k++) {
            int p = keys[k].partition();
            if (p >= 0) {
                constants[k] = partitionValues.get(p, partitionSchema.fields()[p].dataType());
                dataKey[k] = -1;
            } else {
                dataKey[k] = data.size();
                data.add(keys[k]);
            }
        }
        this.groups = GroupIds.of(data.toArray(new ScanAggregation.Key[0]), keys.length == 0, maxGroups);
        ScanAggregation.Function[] fs = aggregation.functions();
        this.functions = new PartialAggregate[fs.length];
        for (int f = 0; f < fs.length; f++) {
            functions[f] = PartialAggregate.of(fs[f]);
        }
        this.values = new BatchValues(aggregation.columns(), RowGroupBatches.MAX_ROWS);
        this.row = new GenericInternalRow(keys.length + fs.length);
        this.projection = UnsafeProjection.create(aggregation.schema());
    }

    /**
     * The partial aggregates of {@code file}'s row group, or none when {@code file} is not the
     * file that reads it.
     *
     * @param partitionValues the file's values of {@code partitionSchema}, which the aggregation's partition keys index
     * @param filters         the data filters the reader evaluates (pushed and runtime), all of the query's
     */
    static RowGroupAggregates open(RowGroupFile file, TableAsOf asOf, ScanAggregation aggregation,
            InternalRow partitionValues, StructType partitionSchema, Filter[] filters, int maxGroups) throws IOException {
        RowGroupBatches batches = RowGroupRows.readsRowGroup(file, asOf)
                ? RowGroupBatches.open(file, asOf, aggregation.columns(), new StructType(), InternalRow.empty(), filters,
                        MetadataColumns.Request.NONE)
                : null;
        try {
            return new RowGroupAggregates(batches, aggregation, partitionValues, partitionSchema, maxGroups);
        } catch (RuntimeException e) {
            if (batches != null) {
                batches.close();
            }
            throw e;
        }
    }

    /** What the reader has read, skipped and dropped so far ({@link ScanMetrics}); null without one. */
    io.albis.read.ReadStats stats() {
        return batches == null ? null : batches.stats();
    }

    @Override
    public boolean hasNext() {
        if (batches == null || finished) {
            return false;
        }
        while (toEmit < 0 || emitted == toEmit) {
            if (toEmit >= 0) {
                clear();
                if (inputDone) {
                    finished = true;
                    return false;
                }
            }
            addRows();
            toEmit = groups.count() + splits();
            emitted = 0;
        }
        return true;
    }

    /**
     * Adds the rows up until the groups are full (a row would start one more) or the row group
     * ends; the batch being read stays for the next call.
     */
    private void addRows() {
        while (true) {
            if (cursor == batchRows) {
                if (!batches.hasNext()) {
                    inputDone = true;
                    close();
                    return;
                }
                ColumnarBatch batch = batches.next();
                batchRows = batch.numRows();
                values.load(batch, batchRows);
                cursor = 0;
            }
            int end = groups.assign(values, cursor, batchRows, ids);
            int held = groups.count();
            for (PartialAggregate f : functions) {
                f.ensure(held);
                f.add(values, ids, cursor, end);
            }
            cursor = end;
            if (end < batchRows) {
                return;
            }
        }
    }

    private int splits() {
        int n = 0;
        for (PartialAggregate f : functions) {
            n += f.splits();
        }
        return n;
    }

    private void clear() {
        int held = groups.count();
        for (PartialAggregate f : functions) {
            f.clear(held);
        }
        groups.clear();
        toEmit = -1;
    }

    @Override
    public InternalRow next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        int i = emitted++;
        int held = groups.count();
        if (i < held) {
            keys(i);
            for (int f = 0; f < functions.length; f++) {
                functions[f].ensure(held);
                row.update(keys.length + f, functions[f].value(i));
            }
        } else {
            // a split sum: its group's keys, the split in its function's place, nothing in the others'
            int s = i - held;
            int owner = 0;
            while (s >= functions[owner].splits()) {
                s -= functions[owner].splits();
                owner++;
            }
            keys(functions[owner].splitGroup(s));
            for (int f = 0; f < functions.length; f++) {
                row.update(keys.length + f, f == owner ? functions[f].splitValue(s) : functions[f].nothing());
            }
        }
        return projection.apply(row);
    }

    /** Writes group {@code group}'s keys into the row. */
    private void keys(int group) {
        for (int k = 0; k < keys.length; k++) {
            row.update(k, dataKey[k] < 0 ? constants[k] : groups.key(group, dataKey[k]));
        }
    }

    @Override
    public void close() {
        if (batches != null) {
            batches.close();
        }
    }
}
