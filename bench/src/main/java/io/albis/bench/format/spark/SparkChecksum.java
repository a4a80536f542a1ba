package io.albis.bench.format.spark;

import io.albis.scan.ScanResult;
import io.albis.bench.format.ValueTotals;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * The totals of {@link io.albis.scan.ValueChecksum} over every value of a Spark Dataset of flat
 * columns and of lists and maps of them (a list adds its count and its elements, a map its count,
 * keys and values), summed
 * over its partitions inside Spark (the checksum is a wrapping sum, so partition order does not
 * matter): what the harness compares with its scan of the source table. Untimed.
 */
final class SparkChecksum {
    private SparkChecksum() {}

    static ScanResult of(Dataset<Row> df) {
        DataType[] types = new DataType[df.schema().fields().length];
        for (int i = 0; i < types.length; i++) {
            StructField f = df.schema().fields()[i];
            if (!isFlat(f.dataType()) && !isListOrMap(f.dataType())) {
                throw new IllegalArgumentException("Spark-level checksums take flat columns, lists and maps; column " + f.name()
                        + " is " + f.dataType().simpleString());
            }
            types[i] = f.dataType();
        }
        List<long[]> parts = df.queryExecution().toRdd().toJavaRDD().mapPartitions(new PartitionTotals(types))
                .collect();
        long[] sum = new long[4];
        for (long[] p : parts) {
            for (int i = 0; i < sum.length; i++) {
                sum[i] += p[i];
            }
        }
        return new ScanResult(sum[0], sum[1], sum[2], sum[3], 0);
    }

    /** Whether a Spark type is one value of a flat column: what the checksum and the floor source take. */
    static boolean isFlat(DataType t) {
        return t instanceof BooleanType || t instanceof ByteType || t instanceof ShortType || t instanceof IntegerType
                || t instanceof DateType || t instanceof LongType || t instanceof TimestampType
                || t instanceof TimestampNTZType || t instanceof FloatType || t instanceof DoubleType
                || t instanceof DecimalType || t instanceof StringType || t instanceof BinaryType;
    }

    /**
     * Whether a Spark type is a list or map of flat values or of lists and maps of them; the floor
     * source takes the same.
     */
    static boolean isListOrMap(DataType t) {
        if (t instanceof ArrayType a) {
            return isFlat(a.elementType()) || isListOrMap(a.elementType());
        }
        return t instanceof MapType m && (isFlat(m.keyType()) || isListOrMap(m.keyType()))
                && (isFlat(m.valueType()) || isListOrMap(m.valueType()));
    }

    /** One partition's rows, logical bytes, nulls and checksum, as {@link ValueTotals} adds them. */
    private record PartitionTotals(DataType[] types) implements FlatMapFunction<Iterator<InternalRow>, long[]> {
        @Override
        public Iterator<long[]> call(Iterator<InternalRow> rows) {
            ValueTotals totals = new ValueTotals();
            while (rows.hasNext()) {
                InternalRow row = rows.next();
                for (int i = 0; i < types.length; i++) {
                    add(totals, row, i, types[i]);
                }
                totals.endRow();
            }
            ScanResult r = totals.result();
            return List.of(new long[] {r.rows(), r.logicalBytes(), r.nulls(), r.checksum()}).iterator();
        }

        private static void add(ValueTotals totals, SpecializedGetters row, int i, DataType t) {
            if (row.isNullAt(i)) {
                totals.addNull();
            } else if (t instanceof BooleanType) {
                totals.addBoolean(row.getBoolean(i));
            } else if (t instanceof ByteType) {
                totals.addByte(row.getByte(i));
            } else if (t instanceof ShortType) {
                totals.addShort(row.getShort(i));
            } else if (t instanceof IntegerType || t instanceof DateType) {
                totals.addInt(row.getInt(i));
            } else if (t instanceof LongType || t instanceof TimestampType || t instanceof TimestampNTZType) {
                totals.addLong(row.getLong(i));
            } else if (t instanceof FloatType) {
                totals.addFloat(row.getFloat(i));
            } else if (t instanceof DoubleType) {
                totals.addDouble(row.getDouble(i));
            } else if (t instanceof DecimalType d && d.precision() <= 18) {
                totals.addLong(row.getDecimal(i, d.precision(), d.scale()).toUnscaledLong());
            } else if (t instanceof DecimalType d) {
                BigInteger unscaled = row.getDecimal(i, d.precision(), d.scale()).toJavaBigDecimal().unscaledValue();
                totals.addWideDecimal(unscaled.shiftRight(64).longValue(), unscaled.longValue());
            } else if (t instanceof ArrayType a) {
                ArrayData list = row.getArray(i);
                totals.addCount(list.numElements());
                for (int e = 0; e < list.numElements(); e++) {
                    add(totals, list, e, a.elementType());
                }
            } else if (t instanceof MapType m) {
                MapData map = row.getMap(i);
                totals.addCount(map.numElements());
                for (int e = 0; e < map.numElements(); e++) {
                    add(totals, map.keyArray(), e, m.keyType());
                    add(totals, map.valueArray(), e, m.valueType());
                }
            } else {
                byte[] b = t instanceof StringType ? row.getUTF8String(i).getBytes() : row.getBinary(i);
                totals.addBytes(b, 0, b.length);
            }
        }
    }
}
