package io.albis.bench.format.spark;

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
 * mode, where tasks run in this JVM and find the batches here.
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
            if (!SparkChecksum.isFlat(types[i])) {
                throw new IllegalArgumentException("the floor source holds flat columns only; column " + f.name()
                        + " of " + path + " is " + types[i].simpleString());
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
        } else {
            throw new IllegalArgumentException("the floor source cannot hold " + t.simpleString());
        }
    }
}
