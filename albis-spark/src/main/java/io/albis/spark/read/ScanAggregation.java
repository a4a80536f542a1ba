package io.albis.spark.read;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.NamedReference;
import org.apache.spark.sql.connector.expressions.aggregate.AggregateFunc;
import org.apache.spark.sql.connector.expressions.aggregate.Aggregation;
import org.apache.spark.sql.connector.expressions.aggregate.Count;
import org.apache.spark.sql.connector.expressions.aggregate.CountStar;
import org.apache.spark.sql.connector.expressions.aggregate.Max;
import org.apache.spark.sql.connector.expressions.aggregate.Min;
import org.apache.spark.sql.connector.expressions.aggregate.Sum;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * A partial aggregate Spark pushes into an Albis scan, as every task computes it over the rows it
 * reads ({@link RowGroupAggregates}): {@code count(*)}, {@code count(c)}, {@code sum(c)},
 * {@code min(c)} and {@code max(c)} of data columns, grouped by any partition or data columns
 * (Spark adds the tasks' partial rows up; it hands {@code avg} over as a sum and a count). Decided
 * once, on the driver ({@link #of}), and shipped to the tasks.
 *
 * <p>What a task computes exactly, and so what is pushed: sums of integers (into a long), of
 * decimals of up to 18 digits (into their unscaled long) and of floating point (into a double, in
 * row order, as Spark's own partial sum over the same rows adds them); minima and maxima of
 * booleans, integers, dates, timestamps, decimals of up to 18 digits, floating point (SQL's order:
 * NaN above every number) and strings (unsigned bytes); counts of any column. Group keys may be
 * booleans, integers, dates, timestamps, decimals of up to 18 digits or strings; nulls form one
 * group. Anything else (a wider decimal, a floating-point key, an expression, {@code DISTINCT})
 * is refused and Spark aggregates the rows itself.
 */
public final class ScanAggregation implements Serializable {
    private static final long serialVersionUID = 1L;

    enum Kind { COUNT_ROWS, COUNT_VALUES, SUM, MIN, MAX }

    /**
     * A group key: a partition column (its index in the partition schema; {@code column} -1) or a
     * data column (its index in {@link #columns()}; {@code partition} -1).
     */
    record Key(int partition, int column, DataType type) implements Serializable {}

    /**
     * One aggregate: what it computes over the data column {@code column} (an index in
     * {@link #columns()}; -1 for {@code count(*)}) of type {@code type}.
     */
    record Function(Kind kind, int column, DataType type) implements Serializable {
        /** The type of the partial value a task hands Spark: Spark's own result type of the function. */
        DataType result() {
            return switch (kind) {
                case COUNT_ROWS, COUNT_VALUES -> DataTypes.LongType;
                case MIN, MAX -> type;
                case SUM -> type instanceof DecimalType d ? DecimalType.apply(Math.min(DecimalType.MAX_PRECISION(),
                        d.precision() + 10), d.scale())
                        : floating(type) ? DataTypes.DoubleType : DataTypes.LongType;
            };
        }
    }

    private final StructType columns;
    private final Key[] keys;
    private final Function[] functions;
    private final StructType schema;

    private ScanAggregation(StructType columns, Key[] keys, Function[] functions, StructType schema) {
        this.columns = columns;
        this.keys = keys;
        this.functions = functions;
        this.schema = schema;
    }

    /** The data columns a task reads, in the table's order. */
    StructType columns() {
        return columns;
    }

    Key[] keys() {
        return keys;
    }

    Function[] functions() {
        return functions;
    }

    /** The rows a task hands Spark: the group keys, then the partial aggregates, in Spark's order. */
    public StructType schema() {
        return schema;
    }

    /** Whether every group key is a partition column (or there is none): a task then holds one group. */
    boolean oneGroupPerTask() {
        for (Key k : keys) {
            if (k.partition() < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The aggregation as the scan computes it, or null when some part of it is not computed
     * exactly here. Columns are found by name, as Spark names them after resolving them against
     * the table ({@code dataSchema} holds the stored columns, {@code partitionSchema} the others).
     */
    public static ScanAggregation of(Aggregation aggregation, StructType dataSchema, StructType partitionSchema) {
        List<String> read = new ArrayList<>();
        List<StructField> out = new ArrayList<>();
        Expression[] groupBy = aggregation.groupByExpressions();
        Key[] keys = new Key[groupBy.length];
        for (int k = 0; k < groupBy.length; k++) {
            String name = columnName(groupBy[k]);
            if (name == null) {
                return null;
            }
            int p = indexOf(partitionSchema, name);
            StructField f = p >= 0 ? partitionSchema.fields()[p] : field(dataSchema, name);
            if (f == null || (p < 0 && !groupable(f.dataType()))) {
                return null;
            }
            keys[k] = new Key(p, p >= 0 ? -1 : columnOf(read, f.name()), f.dataType());
            out.add(new StructField(f.name(), f.dataType(), true, f.metadata()));
        }
        AggregateFunc[] aggregates = aggregation.aggregateExpressions();
        Function[] functions = new Function[aggregates.length];
        for (int a = 0; a < aggregates.length; a++) {
            functions[a] = function(aggregates[a], dataSchema, read);
            if (functions[a] == null) {
                return null;
            }
            out.add(new StructField(aggregates[a].describe(), functions[a].result(), true,
                    org.apache.spark.sql.types.Metadata.empty()));
        }
        // the columns read in the table's order, each function and key pointing at its place
        List<StructField> ordered = new ArrayList<>();
        int[] place = new int[read.size()];
        for (StructField f : dataSchema.fields()) {
            int i = read.indexOf(f.name());
            if (i >= 0) {
                place[i] = ordered.size();
                ordered.add(f);
            }
        }
        for (int k = 0; k < keys.length; k++) {
            if (keys[k].column() >= 0) {
                keys[k] = new Key(-1, place[keys[k].column()], keys[k].type());
            }
        }
        for (int a = 0; a < functions.length; a++) {
            if (functions[a].column() >= 0) {
                functions[a] = new Function(functions[a].kind(), place[functions[a].column()], functions[a].type());
            }
        }
        return new ScanAggregation(new StructType(ordered.toArray(new StructField[0])), keys, functions,
                new StructType(out.toArray(new StructField[0])));
    }

    /** The function as the scan computes it, or null; its column is added to {@code read}. */
    private static Function function(AggregateFunc f, StructType dataSchema, List<String> read) {
        if (f instanceof CountStar) {
            return new Function(Kind.COUNT_ROWS, -1, DataTypes.LongType);
        }
        Kind kind;
        Expression argument;
        if (f instanceof Count c && !c.isDistinct()) {
            kind = Kind.COUNT_VALUES;
            argument = c.column();
        } else if (f instanceof Sum s && !s.isDistinct()) {
            kind = Kind.SUM;
            argument = s.column();
        } else if (f instanceof Min m) {
            kind = Kind.MIN;
            argument = m.column();
        } else if (f instanceof Max m) {
            kind = Kind.MAX;
            argument = m.column();
        } else {
            return null;
        }
        String name = columnName(argument);
        StructField column = name == null ? null : field(dataSchema, name);
        if (column == null) {
            return null;
        }
        DataType t = column.dataType();
        boolean computed = switch (kind) {
            case SUM -> summable(t);
            case MIN, MAX -> ordered(t);
            default -> true;
        };
        return computed ? new Function(kind, columnOf(read, column.name()), t) : null;
    }

    /** The name of a top-level column reference, or null for anything else. */
    private static String columnName(Expression e) {
        return e instanceof NamedReference r && r.fieldNames().length == 1 ? r.fieldNames()[0] : null;
    }

    /** The field of that name (exactly, else in any case), or null. */
    private static StructField field(StructType schema, String name) {
        int i = indexOf(schema, name);
        return i < 0 ? null : schema.fields()[i];
    }

    private static int indexOf(StructType schema, String name) {
        StructField[] fields = schema.fields();
        for (int i = 0; i < fields.length; i++) {
            if (fields[i].name().equals(name)) {
                return i;
            }
        }
        for (int i = 0; i < fields.length; i++) {
            if (fields[i].name().equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    /** {@code name}'s index in {@code read}, added when new. */
    private static int columnOf(List<String> read, String name) {
        int i = read.indexOf(name);
        if (i < 0) {
            read.add(name);
            i = read.size() - 1;
        }
        return i;
    }

    /** Whether a task reads values of type {@code t} as longs: booleans, integers, dates, timestamps, decimals of up to 18 digits. */
    static boolean longValued(DataType t) {
        return t instanceof BooleanType || integral(t) || t instanceof DateType || t instanceof TimestampType
                || t instanceof TimestampNTZType || (t instanceof DecimalType d && d.precision() <= Decimal.MAX_LONG_DIGITS());
    }

    static boolean integral(DataType t) {
        return t instanceof ByteType || t instanceof ShortType || t instanceof IntegerType || t instanceof LongType;
    }

    static boolean floating(DataType t) {
        return t instanceof FloatType || t instanceof DoubleType;
    }

    /** Whether a data column of type {@code t} can be a group key of a pushed aggregate. */
    public static boolean groupable(DataType t) {
        return longValued(t) || DataTypes.StringType.equals(t);
    }

    /** Whether the scan sums a data column of type {@code t} exactly (as Spark would). */
    public static boolean summable(DataType t) {
        return integral(t) || floating(t) || (t instanceof DecimalType d && d.precision() <= Decimal.MAX_LONG_DIGITS());
    }

    /** Whether the scan takes the minimum and maximum of a data column of type {@code t}. */
    public static boolean ordered(DataType t) {
        return longValued(t) || floating(t) || DataTypes.StringType.equals(t);
    }
}
