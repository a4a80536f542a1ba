package io.albis.spark.read;

import io.albis.nested.ArrayValue;
import io.albis.nested.MapValue;
import io.albis.nested.NestedShape;
import io.albis.read.AlbisReader;
import io.albis.schema.Column;
import io.albis.schema.DataType;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.expressions.UnsafeMapData;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.catalyst.expressions.codegen.UnsafeRowWriter;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * The row path into Spark: the current row of an {@link AlbisReader} written as an
 * {@link UnsafeRow} of the query's columns followed by the file's partition values, planned once
 * per schema. Values are written from the reader's getters without boxing; a list or map is
 * written by Spark's projection of its type from Spark's view of the stored value
 * ({@link StoredValues}), a top-level struct, which Albis flattens into its leaves, is written as
 * a nested row. One instance per task; the row it returns is reused.
 */
final class RowConverter {
    private final UnsafeRowWriter writer;
    private final Writer[] data;
    private final InternalRow partitionValues;
    private final org.apache.spark.sql.types.DataType[] partitionTypes;
    private byte[] scratch = new byte[256];
    /** Whether {@link #constantsOnly} has written the constants. */
    private boolean constantsWritten;
    /** Where the row index goes, or -1 when the query does not read it. */
    private final int rowIndexSlot;

    /**
     * @param reader          reads the {@code required} columns, named as the top-level fields
     *                        (a struct's leaves under its name); null when none are required
     * @param partitionValues this file's partition values (and constant metadata), of {@code partitionSchema}
     * @param rowIndex        each row ends with the reader's row index ({@link MetadataColumns#ROW_INDEX})
     */
    RowConverter(AlbisReader reader, StructType required, StructType partitionSchema, InternalRow partitionValues,
            boolean rowIndex) {
        Map<String, Integer> byName = reader == null ? Map.of() : columnsByName(reader.columnCount(), i -> reader.column(i));
        this.rowIndexSlot = rowIndex ? required.fields().length + partitionSchema.fields().length : -1;
        this.writer = new UnsafeRowWriter(required.fields().length + partitionSchema.fields().length + (rowIndex ? 1 : 0));
        this.data = writers(required, "", byName, reader, writer);
        this.partitionValues = partitionValues;
        this.partitionTypes = new org.apache.spark.sql.types.DataType[partitionSchema.fields().length];
        for (int p = 0; p < partitionTypes.length; p++) {
            partitionTypes[p] = partitionSchema.fields()[p].dataType();
        }
    }

    /**
     * The reader's columns by name (a struct's leaves under its path, a nullable struct's marker
     * under the struct's name), as both paths into Spark find a field's column; none for no reader.
     */
    static Map<String, Integer> columnsByName(int columns, IntFunction<Column> column) {
        Map<String, Integer> byName = new HashMap<>();
        for (int i = 0; i < columns; i++) {
            byName.put(column.apply(i).name(), i);
        }
        return byName;
    }

    /** The current row of {@code r}; valid until the next call. */
    UnsafeRow convert(AlbisReader r) {
        writer.reset();
        writer.zeroOutNullBytes();
        write(r, data, writer);
        int at = data.length;
        for (int p = 0; p < partitionTypes.length; p++) {
            writePartitionValue(at + p, p);
        }
        if (rowIndexSlot >= 0) {
            writer.write(rowIndexSlot, r.rowIndex());
        }
        return writer.getRow();
    }

    /**
     * The row of a task that reads no column: the constants, written once, and the row index
     * {@code index} if read; valid until the next call.
     */
    UnsafeRow constantsOnly(long index) {
        if (!constantsWritten) {
            writer.reset();
            writer.zeroOutNullBytes();
            for (int p = 0; p < partitionTypes.length; p++) {
                writePartitionValue(p, p);
            }
            constantsWritten = true;
        }
        if (rowIndexSlot >= 0) {
            writer.write(rowIndexSlot, index); // a fixed-width slot: the constants stay as written
        }
        return writer.getRow();
    }

    private void write(AlbisReader r, Writer[] fields, UnsafeRowWriter w) {
        for (int f = 0; f < fields.length; f++) {
            fields[f].write(this, r, w, f);
        }
    }

    private Writer[] writers(StructType s, String prefix, Map<String, Integer> byName, AlbisReader reader,
            UnsafeRowWriter parent) {
        StructField[] fs = s.fields();
        Writer[] out = new Writer[fs.length];
        for (int f = 0; f < fs.length; f++) {
            String name = prefix + fs[f].name();
            if (fs[f].dataType() instanceof StructType st) {
                Integer marker = byName.get(name);
                UnsafeRowWriter child = new UnsafeRowWriter(parent, st.fields().length);
                out[f] = new StructWriter(marker == null ? -1 : marker, child,
                        writers(st, name + ".", byName, reader, child));
            } else {
                Integer column = byName.get(name);
                if (column == null) {
                    throw new IllegalStateException("the reader has no column '" + name + "'; it reads " + byName.keySet());
                }
                DataType type = reader.column(column).type();
                out[f] = type.isNested() ? new NestedWriter(column, fs[f].dataType(), NestedShape.of(type))
                        : new LeafWriter(column, type);
            }
        }
        return out;
    }

    /** Writes one field of the current row at an ordinal of a row writer. */
    private interface Writer {
        void write(RowConverter c, AlbisReader r, UnsafeRowWriter w, int ordinal);
    }

    private record LeafWriter(int column, DataType type) implements Writer {
        @Override
        public void write(RowConverter c, AlbisReader r, UnsafeRowWriter w, int ordinal) {
            int i = column;
            if (r.isNull(i)) {
                w.setNullAt(ordinal);
                return;
            }
            switch (type.id()) {
                case BOOLEAN -> w.write(ordinal, r.getBoolean(i));
                case BYTE -> w.write(ordinal, r.getByte(i));
                case SHORT -> w.write(ordinal, r.getShort(i));
                case INT -> w.write(ordinal, r.getInt(i));
                case DATE -> w.write(ordinal, r.getDate(i));
                case LONG -> w.write(ordinal, r.getLong(i));
                case TIMESTAMP, TIMESTAMP_NTZ -> w.write(ordinal, r.getTimestampMicros(i));
                case FLOAT -> w.write(ordinal, r.getFloat(i));
                case DOUBLE -> w.write(ordinal, r.getDouble(i));
                case DECIMAL -> {
                    if (type.isWideDecimal()) {
                        w.write(ordinal, Decimal.apply(r.getDecimal(i)), type.precision(), type.scale());
                    } else {
                        w.write(ordinal, r.getDecimalUnscaled(i)); // UnsafeRow holds a short decimal's unscaled long
                    }
                }
                case STRING, BINARY -> {
                    int n = r.getBytesLength(i);
                    if (c.scratch.length < n) {
                        c.scratch = new byte[Math.max(n, c.scratch.length * 2)];
                    }
                    r.copyBytes(i, c.scratch, 0);
                    w.write(ordinal, c.scratch, 0, n);
                }
                case LIST, MAP -> throw new IllegalStateException("a list or map read as a leaf");
                case STRUCT -> throw new IllegalStateException("struct marker read as a value");
            }
        }
    }

    /**
     * A list or map column: its stored value read through Spark's array or map of a column vector
     * ({@link StoredValues}) and written in Spark's layout by Spark's own projection of its type.
     */
    private static final class NestedWriter implements Writer {
        private final int column;
        private final NestedShape shape;
        private final org.apache.spark.sql.types.DataType type;
        private final GenericInternalRow holder = new GenericInternalRow(1);
        private final UnsafeProjection projection;

        NestedWriter(int column, org.apache.spark.sql.types.DataType type, NestedShape shape) {
            this.column = column;
            this.type = type;
            this.shape = shape;
            this.projection = UnsafeProjection.create(new org.apache.spark.sql.types.DataType[] {type});
        }

        @Override
        public void write(RowConverter c, AlbisReader r, UnsafeRowWriter w, int ordinal) {
            if (r.isNull(column)) {
                w.setNullAt(ordinal);
                return;
            }
            if (type instanceof ArrayType a) {
                ArrayValue v = r.getList(column);
                holder.update(0, StoredValues.list(a, shape, v.baseObject(), v.baseOffset(), v.sizeInBytes()));
                int before = w.cursor();
                w.write((UnsafeArrayData) projection.apply(holder).getArray(0));
                w.setOffsetAndSizeFromPreviousCursor(ordinal, before);
            } else {
                MapValue v = r.getMap(column);
                holder.update(0, StoredValues.map((MapType) type, shape, v.baseObject(), v.baseOffset(), v.sizeInBytes()));
                w.write(ordinal, (UnsafeMapData) projection.apply(holder).getMap(0));
            }
        }
    }

    /** A top-level struct: Albis stores its leaves as columns and, when it is nullable, a marker column. */
    private record StructWriter(int marker, UnsafeRowWriter child, Writer[] fields) implements Writer {
        @Override
        public void write(RowConverter c, AlbisReader r, UnsafeRowWriter w, int ordinal) {
            if (marker >= 0 && r.isNull(marker)) {
                w.setNullAt(ordinal);
                return;
            }
            int before = w.cursor();
            child.resetRowWriter();
            c.write(r, fields, child);
            w.setOffsetAndSizeFromPreviousCursor(ordinal, before);
        }
    }

    private void writePartitionValue(int ordinal, int p) {
        if (partitionValues.isNullAt(p)) {
            writer.setNullAt(ordinal);
            return;
        }
        org.apache.spark.sql.types.DataType t = partitionTypes[p];
        if (t instanceof BooleanType) {
            writer.write(ordinal, partitionValues.getBoolean(p));
        } else if (t instanceof ByteType) {
            writer.write(ordinal, partitionValues.getByte(p));
        } else if (t instanceof ShortType) {
            writer.write(ordinal, partitionValues.getShort(p));
        } else if (t instanceof IntegerType || t instanceof DateType) {
            writer.write(ordinal, partitionValues.getInt(p));
        } else if (t instanceof LongType || t instanceof TimestampType || t instanceof TimestampNTZType) {
            writer.write(ordinal, partitionValues.getLong(p));
        } else if (t instanceof FloatType) {
            writer.write(ordinal, partitionValues.getFloat(p));
        } else if (t instanceof DoubleType) {
            writer.write(ordinal, partitionValues.getDouble(p));
        } else if (t instanceof DecimalType d) {
            writer.write(ordinal, partitionValues.getDecimal(p, d.precision(), d.scale()), d.precision(), d.scale());
        } else if (t instanceof StringType) {
            writer.write(ordinal, partitionValues.getUTF8String(p));
        } else if (t instanceof BinaryType) {
            writer.write(ordinal, partitionValues.getBinary(p));
        } else {
            throw new IllegalArgumentException("partition column of type " + t.sql() + " is not supported by the albis source");
        }
    }
}
