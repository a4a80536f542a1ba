package io.albis.spark.write;

import io.albis.schema.DataType;
import io.albis.schema.Schema;
import io.albis.write.RowWriter;
import java.io.IOException;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Writes Spark rows into a {@link RowWriter}, planned once per schema: each field of the
 * Spark schema goes to the Albis column of the same name (a top-level struct's fields to the
 * columns Albis flattens it into, its nullability to the struct's marker column). Values are read
 * from the {@code UnsafeRow} layout: a short decimal is its unscaled long, and a list or map is
 * read element by element into the Java objects the writer encodes ({@link SparkNestedValues}). Spark's plans usually hand over {@code UnsafeRow}s
 * already; other rows are projected into one first. Used by one task at a time.
 */
public final class InternalRowWriter {
    private final StructType spark;
    private final Field[] fields;
    /** Made on the first row that is not an UnsafeRow (generated code: most writers never need it). */
    private UnsafeProjection toUnsafe;

    public InternalRowWriter(StructType spark, Schema albis) {
        this.spark = spark;
        this.fields = plan(spark, "", albis);
    }

    /** Sets the row's values and finishes the row. */
    public void write(InternalRow row, RowWriter w) throws IOException {
        InternalRow r = row;
        if (!(row instanceof UnsafeRow)) {
            if (toUnsafe == null) {
                toUnsafe = UnsafeProjection.create(spark);
            }
            r = toUnsafe.apply(row);
        }
        write(r, fields, w);
        w.nextRow();
    }

    private static void write(InternalRow row, Field[] fields, RowWriter w) throws IOException {
        for (int o = 0; o < fields.length; o++) {
            fields[o].write(row, o, w);
        }
    }

    private static Field[] plan(StructType s, String prefix, Schema albis) {
        StructField[] fs = s.fields();
        Field[] out = new Field[fs.length];
        for (int o = 0; o < fs.length; o++) {
            String name = prefix + fs[o].name();
            if (fs[o].dataType() instanceof StructType st) {
                int marker = albis.hasColumn(name) ? albis.columnIndex(name) : -1;
                out[o] = new Struct(marker, st.fields().length, plan(st, name + ".", albis));
            } else {
                int column = albis.columnIndex(name);
                out[o] = new Leaf(column, albis.column(column).type());
            }
        }
        return out;
    }

    /** Writes field {@code ordinal} of a row. */
    private interface Field {
        void write(InternalRow row, int ordinal, RowWriter w) throws IOException;
    }

    private record Leaf(int column, DataType type) implements Field {
        @Override
        public void write(InternalRow row, int o, RowWriter w) throws IOException {
            int c = column;
            if (row.isNullAt(o)) {
                w.setNull(c);
                return;
            }
            switch (type.id()) {
                case BOOLEAN -> w.setBoolean(c, row.getBoolean(o));
                case BYTE -> w.setByte(c, row.getByte(o));
                case SHORT -> w.setShort(c, row.getShort(o));
                case INT -> w.setInt(c, row.getInt(o));
                case DATE -> w.setDate(c, row.getInt(o));
                case LONG -> w.setLong(c, row.getLong(o));
                case TIMESTAMP, TIMESTAMP_NTZ -> w.setTimestampMicros(c, row.getLong(o));
                case FLOAT -> w.setFloat(c, row.getFloat(o));
                case DOUBLE -> w.setDouble(c, row.getDouble(o));
                case DECIMAL -> {
                    if (type.isWideDecimal()) {
                        w.setDecimal(c, row.getDecimal(o, type.precision(), type.scale()).toJavaBigDecimal());
                    } else {
                        w.setDecimalUnscaled(c, row.getLong(o)); // an UnsafeRow holds a short decimal's unscaled long
                    }
                }
                case STRING -> {
                    UTF8String s = row.getUTF8String(o);
                    if (s.getBaseObject() instanceof byte[] b) {
                        w.setUtf8(c, b, (int) (s.getBaseOffset() - Platform.BYTE_ARRAY_OFFSET), s.numBytes());
                    } else {
                        byte[] b = s.getBytes();
                        w.setUtf8(c, b, 0, b.length);
                    }
                }
                case BINARY -> w.setBinary(c, row.getBinary(o));
                case LIST, MAP -> w.setValue(c, SparkNestedValues.value(row, o, type));
                case STRUCT -> throw new IllegalStateException("struct marker planned as a leaf");
            }
        }
    }

    /** A top-level struct: Albis stores its leaves as columns and, when it is nullable, a marker. */
    private record Struct(int marker, int width, Field[] fields) implements Field {
        @Override
        public void write(InternalRow row, int o, RowWriter w) throws IOException {
            if (row.isNullAt(o)) {
                if (marker < 0) {
                    throw new io.albis.error.SchemaMismatchException("a struct that may not be null is null");
                }
                w.setNull(marker); // nulls every column below it
                return;
            }
            if (marker >= 0) {
                w.setValue(marker, Boolean.TRUE);
            }
            InternalRowWriter.write(row.getStruct(o, width), fields, w);
        }
    }
}
