package io.albis.spark.read;

import java.io.Serializable;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The metadata columns of an Albis table, for lineage and debugging: {@value #ROW_GROUP}, the name
 * of the row group a row was read from (stable across the table's versions, unlike its position),
 * and {@value #ROW_INDEX}, the row's position in that row group. A query names them to get them
 * (`SELECT _row_group, _row_index, * FROM t`); a data column of the same name hides them.
 */
public final class MetadataColumns {
    public static final String ROW_GROUP = "_row_group";
    public static final String ROW_INDEX = "_row_index";

    /** Every metadata column, in the order a scan returns them (after data and partition columns). */
    public static final StructType ALL = new StructType()
            .add(ROW_GROUP, DataTypes.StringType, false)
            .add(ROW_INDEX, DataTypes.LongType, false);

    private MetadataColumns() {}

    /** The metadata columns among {@code required}, in {@link #ALL}'s order. */
    public static StructType requested(StructType required) {
        return new StructType(Arrays.stream(ALL.fields())
                .filter(f -> Arrays.asList(required.fieldNames()).contains(f.name())).toArray(StructField[]::new));
    }

    /**
     * What a task adds to each row: the row group's name as one more constant after the partition
     * values, and the row's index as the row's last value.
     */
    record Request(boolean rowGroup, boolean rowIndex) implements Serializable {
        static final Request NONE = new Request(false, false);

        static Request of(StructType metadata) {
            return new Request(metadata.getFieldIndex(ROW_GROUP).isDefined(), metadata.getFieldIndex(ROW_INDEX).isDefined());
        }

        /** The constant columns of a row group: its partition columns, then its name if requested. */
        StructType constants(StructType partitionSchema) {
            return rowGroup ? partitionSchema.add(ALL.fields()[0]) : partitionSchema;
        }

        /** The values of {@link #constants}: the partition values, then the row group's name. */
        InternalRow constants(InternalRow partitionValues, StructType partitionSchema, String rowGroupName) {
            if (!rowGroup) {
                return partitionValues;
            }
            Object[] values = new Object[partitionSchema.length() + 1];
            for (int i = 0; i < partitionSchema.length(); i++) {
                values[i] = partitionValues.get(i, partitionSchema.fields()[i].dataType());
            }
            values[values.length - 1] = UTF8String.fromString(rowGroupName);
            return new GenericInternalRow(values);
        }
    }
}
