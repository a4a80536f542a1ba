package io.albis.bench.format.spark;

import io.albis.nested.ArrayValue;
import io.albis.nested.MapValue;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.spark.types.SparkTypes;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
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
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The tables the floor source serves, loaded once per JVM into Spark's own on-heap column
 * vectors: one list of batches ({@link #BATCH_ROWS} rows, as the Albis columnar path makes them)
 * per row group, so the floor plans the same tasks as the Albis source. The floor runs in local
 * mode, where tasks run in this JVM and find the batches here. It holds flat columns and lists and
 * maps of them (or of lists and maps of them), as Spark's vectors hold them: a list's or map's
 * offset and length in its own vector, its elements, or keys and values, in the child vectors.
 */
final class FloorTables {
    /** Rows per batch: the Albis columnar path's and Spark's Parquet reader's default. */
    static final int BATCH_ROWS = 4096;

    /** A table in memory: its Spark schema and each row group's batches. */
    record Floor(StructType schema, List<List<ColumnarBatch>> rowGroups) {}

    private static final Map<String, Floor> LOADED = new HashMap<>();

    private FloorTables() {}

    static synchronized Floor get(String path) {
        Floor f = LOADED.get(path);
        if (f == null) {
            try {
                f = load(path);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot load the Albis table " + path + " into memory", e);
            }
            LOADED.put(path, f);
        }
        return f;
    }

    private static Floor load(String path) throws IOException {
        AlbisTable table = AlbisTable.open(path);
        StructType schema = SparkTypes.toSpark(table.schema().fields());
        DataType[] types = new DataType[schema.fields().length];
        for (int i = 0; i < types.length; i++) {
            StructField f = schema.fields()[i];
            types[i] = f.dataType();
            // No structs: a struct column's leaves are columns of their own in the reader, and a
            // struct inside a list or map would need Spark's struct vectors, which nothing here fills.
            if (!SparkChecksum.isFlat(types[i]) && !SparkChecksum.isListOrMap(types[i])) {
                throw new IllegalArgumentException("the floor source holds flat columns and lists and maps of them"
                        + " (or of lists and maps of them), no structs; column " + f.name() + " of " + path + " is "
                        + types[i].simpleString());
            }
        }
        List<List<ColumnarBatch>> rowGroups = new ArrayList<>();
        for (int rg = 0; rg < table.rowGroups().size(); rg++) {
            List<ColumnarBatch> batches = new ArrayList<>();
            try (AlbisReader reader = table.newReader(ReadOptions.all().withRowGroups(rg))) {
                OnHeapColumnVector[] vectors = null;
                int rows = 0;
                while (reader.advance()) {
                    if (vectors == null) {
                        vectors = OnHeapColumnVector.allocateColumns(BATCH_ROWS, schema);
                    }
                    for (int c = 0; c < types.length; c++) {
                        put(vectors[c], rows, reader, c, types[c]);
                    }
                    if (++rows == BATCH_ROWS) {
                        batches.add(new ColumnarBatch(vectors, rows));
                        vectors = null;
                        rows = 0;
                    }
                }
                if (vectors != null) {
                    batches.add(new ColumnarBatch(vectors, rows));
                }
            }
            rowGroups.add(batches);
        }
        return new Floor(schema, rowGroups);
    }

    private static void put(OnHeapColumnVector v, int row, AlbisReader r, int c, DataType t) {
        if (r.isNull(c)) {
            v.putNull(row);
        } else if (t instanceof BooleanType) {
            v.putBoolean(row, r.getBoolean(c));
        } else if (t instanceof ByteType) {
            v.putByte(row, r.getByte(c));
        } else if (t instanceof ShortType) {
            v.putShort(row, r.getShort(c));
        } else if (t instanceof IntegerType) {
            v.putInt(row, r.getInt(c));
        } else if (t instanceof DateType) {
            v.putInt(row, r.getDate(c));
        } else if (t instanceof LongType) {
            v.putLong(row, r.getLong(c));
        } else if (t instanceof TimestampType || t instanceof TimestampNTZType) {
            v.putLong(row, r.getTimestampMicros(c));
        } else if (t instanceof FloatType) {
            v.putFloat(row, r.getFloat(c));
        } else if (t instanceof DoubleType) {
            v.putDouble(row, r.getDouble(c));
        } else if (t instanceof DecimalType d && d.precision() <= 18) {
            v.putDecimal(row, Decimal.createUnsafe(r.getDecimalUnscaled(c), d.precision(), d.scale()), d.precision());
        } else if (t instanceof DecimalType d) {
            v.putDecimal(row, Decimal.apply(r.getDecimal(c), d.precision(), d.scale()), d.precision());
        } else if (t instanceof StringType || t instanceof BinaryType) {
            byte[] b = new byte[r.getBytesLength(c)];
            r.copyBytes(c, b, 0);
            v.putByteArray(row, b, 0, b.length);
        } else if (t instanceof ArrayType a) {
            putList(v, row, r.getList(c), a.elementType());
        } else if (t instanceof MapType m) {
            putMap(v, row, r.getMap(c), m);
        } else {
            throw new IllegalArgumentException("the floor source cannot hold " + t.simpleString());
        }
    }

    /** Puts {@code list} at {@code row} of an array vector: its elements appended to the vector's element vector. */
    private static void putList(WritableColumnVector v, int row, ArrayValue list, DataType element) {
        v.putArray(row, append(v.arrayData(), list, element), list.count());
    }

    /**
     * Puts {@code map} at {@code row} of a map vector: its keys appended to the keys vector, its
     * values to the values vector; both take every entry, so they stay aligned at one offset.
     */
    private static void putMap(WritableColumnVector v, int row, MapValue map, MapType t) {
        int offset = append(v.getChild(0), map.keys(), t.keyType());
        append(v.getChild(1), map.values(), t.valueType());
        v.putArray(row, offset, map.count());
    }

    /**
     * Appends the elements of {@code values} to {@code v} after the ones it holds
     * ({@link WritableColumnVector#getElementsAppended()}) and returns where the first went.
     * Spark's {@code append} methods do the same for some types; putting at reserved positions
     * serves every type, decimals and lists included.
     */
    private static int append(WritableColumnVector v, ArrayValue values, DataType t) {
        int at = v.getElementsAppended();
        v.reserve(at + values.count());
        for (int i = 0; i < values.count(); i++) {
            putElement(v, at + i, values, i, t);
        }
        v.addElementsAppended(values.count());
        return at;
    }

    /** Puts element {@code i} of {@code values}, of Spark type {@code t}, at {@code at} of {@code v}. */
    private static void putElement(WritableColumnVector v, int at, ArrayValue values, int i, DataType t) {
        if (values.isNull(i)) {
            v.putNull(at);
        } else if (t instanceof BooleanType) {
            v.putBoolean(at, values.getBoolean(i));
        } else if (t instanceof ByteType) {
            v.putByte(at, values.getByte(i));
        } else if (t instanceof ShortType) {
            v.putShort(at, values.getShort(i));
        } else if (t instanceof IntegerType || t instanceof DateType) {
            v.putInt(at, values.getInt(i));
        } else if (t instanceof LongType || t instanceof TimestampType || t instanceof TimestampNTZType) {
            v.putLong(at, values.getLong(i));
        } else if (t instanceof FloatType) {
            v.putFloat(at, values.getFloat(i));
        } else if (t instanceof DoubleType) {
            v.putDouble(at, values.getDouble(i));
        } else if (t instanceof DecimalType d && d.precision() <= 18) {
            // Inside a list or map a decimal of up to 18 digits is its unscaled long.
            v.putDecimal(at, Decimal.createUnsafe(values.getLong(i), d.precision(), d.scale()), d.precision());
        } else if (t instanceof DecimalType d) {
            v.putDecimal(at, Decimal.apply(values.getDecimal(i), d.precision(), d.scale()), d.precision());
        } else if (t instanceof StringType || t instanceof BinaryType) {
            byte[] b = values.getBytes(i);
            v.putByteArray(at, b, 0, b.length);
        } else if (t instanceof ArrayType a) {
            putList(v, at, values.getList(i), a.elementType());
        } else if (t instanceof MapType m) {
            putMap(v, at, values.getMap(i), m);
        } else {
            throw new IllegalArgumentException("the floor source cannot hold " + t.simpleString()
                    + " in a list or map");
        }
    }
}
