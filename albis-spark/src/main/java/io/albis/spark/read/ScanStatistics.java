package io.albis.spark.read;

import io.albis.schema.ColumnGroup;
import io.albis.schema.Schema;
import io.albis.segment.ColumnGroupMetadata;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.expressions.FieldReference;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.read.Statistics;
import org.apache.spark.sql.connector.read.colstats.ColumnStatistics;
import org.apache.spark.sql.execution.datasources.PartitionedFile;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * What a scan tells Spark's planner about the rows it reads, exactly and without reading a row:
 * the row count of the row groups it reads (from the table state), a size in bytes, and per column
 * read its null count, minimum and maximum (from the row groups' segment metadata, each column
 * group's metadata read once per scan; for a partition column, from the partition values, with
 * its number of distinct values too).
 *
 * <p>The size is what a compressed copy of those rows would take on disk, the measure Spark's
 * planner and its thresholds ({@code spark.sql.autoBroadcastJoinThreshold}) take for file sources:
 * rows times Spark's own estimate of a row of the columns read ({@link #rowWidth}, as
 * {@code EstimationUtils.getSizePerRow}: 8 bytes plus each type's default size), divided by
 * {@link #COMPRESSION}. Albis's own bytes on disk are raw (about 3 times Parquet's for TPC-DS), and
 * Spark's row width alone sizes rows in memory: either way Spark would plan shuffled joins where it
 * broadcasts the same table in Parquet. albis-spark/README.md, "Join planning", has the plans each
 * rule gives against Parquet's.
 *
 * <p>Distinct counts of stored columns are not given: segment metadata keeps none, and counting
 * them would mean reading every value or keeping a sketch per segment (a format change).
 */
final class ScanStatistics implements Statistics {
    /** Spark's fixed cost of a row in its size estimates ({@code EstimationUtils.getSizePerRow}). */
    static final long ROW_OVERHEAD = 8;

    /**
     * How many times smaller than Spark's row width estimate rows are on disk in Spark's default
     * format, Parquet with snappy: for the TPC-DS tables between 1.8 and 26 times, 2.5 for the
     * median table, 3 for the fact tables that dominate their bytes. Of the divisors 1 to 6, 3 has
     * Spark plan the same joins on Albis as on Parquet for the most TPC-DS queries
     * (albis-spark/README.md, "Join planning").
     */
    static final long COMPRESSION = 3;

    private final long rows;
    private final long sizeInBytes;
    private final Map<NamedReference, ColumnStatistics> columns;

    private ScanStatistics(long rows, long sizeInBytes, Map<NamedReference, ColumnStatistics> columns) {
        this.rows = rows;
        this.sizeInBytes = sizeInBytes;
        this.columns = columns;
    }

    /**
     * The statistics of a scan that reads the row groups of {@code files} (one file per row group)
     * in the snapshot {@code asOf}. With {@code aggregated}, the scan returns partial aggregates
     * ({@code readDataSchema} is then the aggregates' schema) and no column statistics: a row per
     * row group when {@code oneGroupPerTask}, else at most one per row read (the groups of
     * data columns, whose number no metadata bounds more closely).
     */
    static ScanStatistics of(List<PartitionedFile> files, TableAsOf asOf, StructType readDataSchema,
            StructType readPartitionSchema, boolean aggregated, boolean oneGroupPerTask) throws IOException {
        if (aggregated && oneGroupPerTask) {
            return new ScanStatistics(files.size(), sizeOf(files.size(), rowWidth(readDataSchema)), Map.of());
        }
        List<RowGroupRows.Listed> rowGroups = new ArrayList<>();
        long rows = 0;
        for (PartitionedFile f : files) {
            RowGroupRows.Listed rg = RowGroupRows.listed(RowGroupFile.of(f), asOf);
            rowGroups.add(rg);
            rows += rg.rows();
        }
        if (aggregated) {
            return new ScanStatistics(rows, sizeOf(rows, rowWidth(readDataSchema)), Map.of());
        }
        Map<NamedReference, ColumnStatistics> columns = new HashMap<>();
        storedColumns(rowGroups, readDataSchema, columns);
        partitionColumns(files, rowGroups, readPartitionSchema, columns);
        long width = rowWidth(readDataSchema) + rowWidth(readPartitionSchema) - ROW_OVERHEAD;
        return new ScanStatistics(rows, sizeOf(rows, width), columns);
    }

    /** The size in bytes of {@code rows} rows of Spark's estimated {@code width} once compressed; at least 1. */
    static long sizeOf(long rows, long width) {
        return Math.max(rows * width / COMPRESSION, 1);
    }

    /** Spark's estimate of a row's size in bytes: 8 plus each column type's default size. */
    static long rowWidth(StructType schema) {
        long width = ROW_OVERHEAD;
        for (StructField f : schema.fields()) {
            width += f.dataType().defaultSize();
        }
        return width;
    }

    /**
     * The null count, minimum and maximum of each column of {@code read} over the row groups'
     * segments. A column some row group's table does not have gets none (a directory of partition
     * tables may hold tables of several schemas).
     */
    private static void storedColumns(List<RowGroupRows.Listed> rowGroups, StructType read,
            Map<NamedReference, ColumnStatistics> out) throws IOException {
        StructField[] fields = read.fields();
        ColumnExtremes[] extremes = new ColumnExtremes[fields.length];
        boolean[] known = new boolean[fields.length];
        java.util.Arrays.fill(known, true);
        for (RowGroupRows.Listed rg : rowGroups) {
            Schema schema = rg.table().schema();
            Set<Integer> present = null;
            Map<Integer, ColumnGroupMetadata> metadata = new HashMap<>();
            for (int i = 0; i < fields.length; i++) {
                if (!known[i] || !schema.hasColumn(fields[i].name())) {
                    known[i] = false;
                    continue;
                }
                int c = schema.columnIndex(fields[i].name());
                if (extremes[i] == null) {
                    extremes[i] = new ColumnExtremes(schema.column(c).type());
                }
                ColumnGroup g = schema.groups().get(schema.groupOf(c));
                ColumnGroupMetadata meta = metadata.get(g.id());
                if (meta == null) {
                    present = present != null ? present : rg.table().presentGroups(rg.rowGroup());
                    meta = rg.table().metadata(rg.rowGroup(), g, present);
                    metadata.put(g.id(), meta);
                }
                extremes[i].add(meta, schema.slotOf(c));
            }
        }
        for (int i = 0; i < fields.length; i++) {
            if (known[i] && extremes[i] != null) {
                ColumnExtremes e = extremes[i];
                boolean exact = e.hasExtremes() && e.unknownAt() < 0;
                out.put(FieldReference.column(fields[i].name()), new Column(OptionalLong.empty(),
                        Optional.ofNullable(exact ? e.min() : null), Optional.ofNullable(exact ? e.max() : null),
                        OptionalLong.of(e.nullCount())));
            }
        }
    }

    /**
     * The null count, distinct count, minimum and maximum of each partition column read, from the
     * partition values of the row groups' files (in {@code read}'s order, as the scan plans them).
     */
    private static void partitionColumns(List<PartitionedFile> files, List<RowGroupRows.Listed> rowGroups,
            StructType read, Map<NamedReference, ColumnStatistics> out) {
        StructField[] fields = read.fields();
        for (int i = 0; i < fields.length; i++) {
            boolean ordered = !(fields[i].dataType() instanceof StringType || fields[i].dataType() instanceof BinaryType);
            Set<Object> distinct = new HashSet<>();
            long nulls = 0;
            Comparable<Object> min = null;
            Comparable<Object> max = null;
            for (int f = 0; f < files.size(); f++) {
                InternalRow values = files.get(f).partitionValues();
                if (values.isNullAt(i)) {
                    nulls += rowGroups.get(f).rows();
                    continue;
                }
                @SuppressWarnings("unchecked")
                Comparable<Object> v = (Comparable<Object>) values.get(i, fields[i].dataType());
                distinct.add(v);
                if (ordered && (min == null || v.compareTo(min) < 0)) {
                    min = v;
                }
                if (ordered && (max == null || v.compareTo(max) > 0)) {
                    max = v;
                }
            }
            out.put(FieldReference.column(fields[i].name()), new Column(OptionalLong.of(distinct.size()),
                    Optional.ofNullable(min), Optional.ofNullable(max), OptionalLong.of(nulls)));
        }
    }

    @Override
    public OptionalLong sizeInBytes() {
        return OptionalLong.of(sizeInBytes);
    }

    @Override
    public OptionalLong numRows() {
        return OptionalLong.of(rows);
    }

    @Override
    public Map<NamedReference, ColumnStatistics> columnStats() {
        return columns;
    }

    /** One column's statistics as Spark's connector API takes them; values as Spark holds them internally. */
    private record Column(OptionalLong distinctCount, Optional<Object> min, Optional<Object> max,
            OptionalLong nullCount) implements ColumnStatistics {}
}
