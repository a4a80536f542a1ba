package io.albis.spark.write;

import io.albis.table.WriteMode;
import io.albis.write.CommitPlan;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.connector.distributions.Distribution;
import org.apache.spark.sql.connector.distributions.Distributions;
import org.apache.spark.sql.connector.expressions.Expressions;
import org.apache.spark.sql.connector.expressions.SortDirection;
import org.apache.spark.sql.connector.expressions.SortOrder;
import org.apache.spark.sql.connector.expressions.filter.AlwaysTrue;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.RequiresDistributionAndOrdering;
import org.apache.spark.sql.connector.write.SupportsDynamicOverwrite;
import org.apache.spark.sql.connector.write.SupportsOverwriteV2;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;

/**
 * A V2 write into an Albis table, one Albis job and one commit whatever it does: an append; an
 * overwrite of the whole table (Spark's truncate, {@code INSERT OVERWRITE}, a filter that is
 * {@code true}); an overwrite of the partitions a filter on partition columns matches
 * ({@code INSERT OVERWRITE … PARTITION (p = 1)}, {@code writeTo(t).overwrite(col("p") === 1)}); or
 * a dynamic partition overwrite, which replaces the partitions the rows land in. A write that fails
 * leaves the table as it was.
 */
public final class AlbisWriteBuilder implements WriteBuilder, SupportsTruncate, SupportsOverwriteV2,
        SupportsDynamicOverwrite {
    private final String table;
    private final StructType dataSchema;
    private final StructType partitionSchema;
    private final Map<String, String> options;
    private final LogicalWriteInfo info;
    private final PartitionScope scope;
    private CommitPlan plan = CommitPlan.of(WriteMode.APPEND);
    private Predicate[] overwriteFilter;
    /** Whether the write replaces the table's columns too (a replace of the table by a query of other columns). */
    private boolean replaceSchema;

    /**
     * @param table           the table directory as the storage layer names it
     * @param dataSchema      the table's columns without its partition columns
     * @param partitionSchema its partition columns
     * @param options         the table's properties and the write's options (write options win)
     * @param scope           the partitions an overwrite filter matches
     */
    public AlbisWriteBuilder(String table, StructType dataSchema, StructType partitionSchema,
            Map<String, String> options, LogicalWriteInfo info, PartitionScope scope) {
        this.table = table;
        this.dataSchema = dataSchema;
        this.partitionSchema = partitionSchema;
        this.options = options;
        this.info = info;
        this.scope = scope;
    }

    @Override
    public WriteBuilder truncate() {
        plan = CommitPlan.of(WriteMode.OVERWRITE);
        overwriteFilter = null;
        return this;
    }

    private static boolean everything(Predicate[] predicates) {
        for (Predicate p : predicates) {
            if (!(p instanceof AlwaysTrue)) {
                return false;
            }
        }
        return true;
    }

    /** A filter Albis can honour exactly: {@code true}, or one on partition columns alone. */
    @Override
    public boolean canOverwrite(Predicate[] predicates) {
        return everything(predicates) || (partitionSchema.length() > 0 && scope.match(predicates) != null);
    }

    /** Spark has asked {@link #canOverwrite} first; the partitions are matched when the job begins. */
    @Override
    public WriteBuilder overwrite(Predicate[] predicates) {
        if (everything(predicates)) {
            return truncate();
        }
        overwriteFilter = predicates;
        return this;
    }

    /** Replaces the partitions the rows land in; without partition columns, the one partition: all of it. */
    @Override
    public WriteBuilder overwriteDynamicPartitions() {
        plan = CommitPlan.of(partitionSchema.length() > 0 ? WriteMode.OVERWRITE_WRITTEN_PARTITIONS : WriteMode.OVERWRITE);
        overwriteFilter = null;
        return this;
    }

    /**
     * Makes this write replace the whole table, its columns (the builder's data and partition
     * columns) included, in its one commit: {@code CREATE OR REPLACE TABLE … AS SELECT} of other
     * columns. Readers see the old columns and rows until it commits.
     */
    public AlbisWriteBuilder replacingSchema() {
        truncate();
        replaceSchema = true;
        return this;
    }

    /**
     * Refuses a bad {@code sortBy} or {@code sortScope} (option or table property) when Spark plans
     * the write. A write that replaces the columns takes its order from its options alone: the
     * table's would name the old columns.
     */
    @Override
    public Write build() {
        List<String> partitionColumns = List.of(partitionSchema.fieldNames());
        return new TableWrite(replaceSchema ? WriteOrder.of(options, Map.of(), dataSchema, partitionColumns)
                : AlbisWrites.order(table, options, dataSchema, partitionColumns));
    }

    /**
     * The write: rows clustered by partition within each task, so a task has one partition open at
     * a time, and then sorted by the table's order ({@link WriteOrder}); with {@code sortScope}
     * {@code global}, range-partitioned by the same columns first.
     */
    private final class TableWrite implements Write, RequiresDistributionAndOrdering {
        private final WriteOrder order;

        TableWrite(WriteOrder order) {
            this.order = order;
        }

        @Override
        public BatchWrite toBatch() {
            return TableWriteJob.begin(table, dataSchema, partitionSchema, plan, overwriteFilter, scope, options,
                    replaceSchema, info.queryId());
        }

        @Override
        public Distribution requiredDistribution() {
            return order.global() && order.sorts() ? Distributions.ordered(requiredOrdering())
                    : Distributions.unspecified();
        }

        /** The partition columns, then the sort columns; ascending puts nulls first. */
        @Override
        public SortOrder[] requiredOrdering() {
            List<String> columns = new ArrayList<>(List.of(partitionSchema.fieldNames()));
            columns.addAll(order.columns());
            SortOrder[] out = new SortOrder[columns.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = Expressions.sort(WriteOrder.reference(columns.get(i)), SortDirection.ASCENDING);
            }
            return out;
        }

        @Override
        public String description() {
            return "Albis " + plan.operation().toLowerCase(Locale.ROOT) + " of " + table;
        }
    }
}
