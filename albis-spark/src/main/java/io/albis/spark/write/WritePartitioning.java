package io.albis.spark.write;

import io.albis.error.SchemaMismatchException;
import io.albis.spark.table.HadoopPaths;
import io.albis.spark.table.SourceOptions;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.table.TableState;
import io.albis.table.TableStates;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.catalog.ExternalCatalogUtils;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.SQLExecution;
import org.apache.spark.sql.execution.datasources.DataSourceUtils;
import org.apache.spark.sql.execution.datasources.InsertIntoHadoopFsRelationCommand;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The partition columns of a Spark V1 write. Spark hands a V1 source the names of
 * {@code partitionBy} as an option, and their types nowhere; they are the partition columns of
 * the write command the driver runs ({@code InsertIntoHadoopFsRelationCommand}), found through
 * the query's execution. A table the write creates records them ({@link AlbisWrites#PARTITION_COLUMNS}).
 *
 * @param names the partition columns in directory order, none for an unpartitioned write
 * @param types the same columns with their types, or none when the write's command was not found
 *              (its table then records none and reads type them as Spark infers from directory names)
 */
record WritePartitioning(List<String> names, StructType types) {

    /** The partition columns of the V1 write Spark runs now into {@code root}, with the source options it was given. */
    static WritePartitioning of(Map<String, String> options, String root) {
        StructType types = ofCommand(root);
        if (types != null) {
            return new WritePartitioning(Arrays.asList(types.fieldNames()), types);
        }
        return new WritePartitioning(optionColumns(options), new StructType());
    }

    /** The columns of {@code partitionBy}, which Spark hands a V1 source as an option (DataSourceUtils), or none. */
    static List<String> optionColumns(Map<String, String> options) {
        String json = SourceOptions.value(options, DataSourceUtils.PARTITIONING_COLUMNS_KEY());
        return json == null ? List.of() : CollectionConverters.asJava(DataSourceUtils.decodePartitioningColumns(json));
    }

    /**
     * Refuses a write into the table at {@code root} whose partition columns are not the table's:
     * those it records, else those its first row group's directory names. A table without rows
     * takes any. Names are compared as written: they name directories ({@code p=1} is not {@code P=1}).
     */
    void check(String root) throws IOException {
        Storage storage = Storages.forPath(root);
        if (!storage.isDirectory(root)) {
            return;
        }
        int latest = TableStates.latestVersion(storage.list(root));
        if (latest == 0) {
            return;
        }
        List<String> table = columnsOf(TableStates.read(storage, root, latest));
        if (table != null && !table.equals(names)) {
            throw new SchemaMismatchException("cannot write to " + root + ": it is partitioned by " + describe(table)
                    + ", the rows by " + describe(names) + "; every partition of a table has the same columns");
        }
    }

    /** The partition columns of the state's table: recorded, else as its first row group lies; null when it has neither. */
    private static List<String> columnsOf(TableState state) {
        StructType recorded = AlbisWrites.partitionColumns(state.properties());
        if (recorded.length() > 0) {
            return Arrays.asList(recorded.fieldNames());
        }
        if (state.rowGroups().isEmpty()) {
            return null;
        }
        String partition = state.rowGroups().get(0).partition();
        List<String> out = new ArrayList<>();
        if (!partition.isEmpty()) {
            for (String component : partition.split("/")) {
                out.add(ExternalCatalogUtils.unescapePathName(component.substring(0, component.indexOf('='))));
            }
        }
        return out;
    }

    private static String describe(List<String> columns) {
        return columns.isEmpty() ? "no column" : "(" + String.join(", ", columns) + ")";
    }

    /** The partition columns of the write command the current query runs into {@code root}, all nullable, or null. */
    private static StructType ofCommand(String root) {
        SparkSession spark = SparkSession.getActiveSession().getOrElse(() -> null);
        String id = spark == null ? null : spark.sparkContext().getLocalProperty(SQLExecution.EXECUTION_ID_KEY());
        QueryExecution query = id == null ? null : SQLExecution.getQueryExecution(Long.parseLong(id));
        if (query != null && query.logical() instanceof InsertIntoHadoopFsRelationCommand insert
                && HadoopPaths.storagePath(insert.outputPath()).equals(root)) {
            StructType out = new StructType();
            for (Attribute a : CollectionConverters.asJava(insert.partitionColumns())) {
                out = out.add(a.name(), a.dataType(), true); // a later write may bring nulls (Spark's default partition)
            }
            return out;
        }
        return null;
    }
}
