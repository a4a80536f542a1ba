package io.albis.spark.write;

import io.albis.table.WriteMode;
import java.util.Map;
import org.apache.spark.sql.connector.expressions.filter.AlwaysTrue;
import org.apache.spark.sql.connector.expressions.filter.Predicate;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsDynamicOverwrite;
import org.apache.spark.sql.connector.write.SupportsOverwriteV2;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;

/**
 * A V2 write into an Albis table: an append, or an overwrite of the whole table (Spark's truncate,
 * {@code INSERT OVERWRITE}, an overwrite by the filter {@code true}, or a dynamic partition
 * overwrite of a table without partitions). Each is one Albis job ({@link TableWriteJob}) and
 * one commit, so a write that fails leaves the table as it was.
 */
public final class AlbisWriteBuilder implements WriteBuilder, SupportsTruncate, SupportsOverwriteV2,
        SupportsDynamicOverwrite {
    private final String table;
    private final StructType dataSchema;
    private final StructType partitionSchema;
    private final Map<String, String> options;
    private final LogicalWriteInfo info;
    private WriteMode mode = WriteMode.APPEND;

    /**
     * @param table           the table directory as the storage layer names it
     * @param dataSchema      the table's columns without its partition columns
     * @param partitionSchema its partition columns
     * @param options         the table's properties and the write's options (write options win)
     */
    public AlbisWriteBuilder(String table, StructType dataSchema, StructType partitionSchema,
            Map<String, String> options, LogicalWriteInfo info) {
        this.table = table;
        this.dataSchema = dataSchema;
        this.partitionSchema = partitionSchema;
        this.options = options;
        this.info = info;
    }

    @Override
    public WriteBuilder truncate() {
        mode = WriteMode.OVERWRITE;
        return this;
    }

    /** Overwrites by a filter Albis can honour exactly: {@code true}, the whole table. */
    @Override
    public boolean canOverwrite(Predicate[] predicates) {
        for (Predicate p : predicates) {
            if (!(p instanceof AlwaysTrue)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public WriteBuilder overwrite(Predicate[] predicates) {
        if (!canOverwrite(predicates)) {
            throw new UnsupportedOperationException("an Albis table is overwritten whole; a filter on its rows ("
                    + java.util.Arrays.toString(predicates) + ") would rewrite row groups");
        }
        return truncate();
    }

    /** Without partition columns, a dynamic partition overwrite replaces the table's one partition: all of it. */
    @Override
    public WriteBuilder overwriteDynamicPartitions() {
        if (partitionSchema.length() > 0) {
            throw new UnsupportedOperationException("dynamic partition overwrite of the partitioned table " + table
                    + " is not supported yet; overwrite the whole table");
        }
        return truncate();
    }

    @Override
    public Write build() {
        if (partitionSchema.length() > 0) {
            throw new UnsupportedOperationException("writes into the partitioned table " + table
                    + " through a catalog are not supported yet; write its path with partitionBy");
        }
        return new Write() {
            @Override
            public BatchWrite toBatch() {
                return TableWriteJob.begin(table, info.schema(), dataSchema, mode, options, info.queryId());
            }

            @Override
            public String description() {
                return "Albis " + mode.name().toLowerCase(java.util.Locale.ROOT) + " of " + table;
            }
        };
    }
}
