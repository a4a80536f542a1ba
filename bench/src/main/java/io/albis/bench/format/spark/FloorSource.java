package io.albis.bench.format.spark;

import java.io.Serializable;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.read.SupportsPushDownRequiredColumns;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The floor of experiments 9 and 10: a Spark source ({@code spark.read.format(FloorSource.class.getName())
 * .load(albisTable)}) that hands Spark the table's rows as prebuilt batches from memory
 * ({@link FloorTables}), of the columns the query reads, one task per row group as the Albis
 * source plans them. No format can bring rows into Spark faster, so it measures what the
 * framework itself costs, as the paper's authors did with a null source.
 */
public final class FloorSource implements TableProvider {

    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return FloorTables.get(path(options)).schema();
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new FloorTable(path(new CaseInsensitiveStringMap(properties)));
    }

    private static String path(CaseInsensitiveStringMap options) {
        String path = options.get("path");
        if (path == null) {
            throw new IllegalArgumentException("the floor source needs the path of an Albis table: load(path)");
        }
        return path;
    }

    private record FloorTable(String path) implements SupportsRead {
        @Override
        public String name() {
            return "floor:" + path;
        }

        @Override
        public StructType schema() {
            return FloorTables.get(path).schema();
        }

        @Override
        public Set<TableCapability> capabilities() {
            return Set.of(TableCapability.BATCH_READ);
        }

        @Override
        public ScanBuilder newScanBuilder(CaseInsensitiveStringMap options) {
            return new ColumnPruning(path);
        }
    }

    /**
     * Takes the columns a query reads, as the file sources do, so that a query of some columns
     * (experiment 9 ingests one at a time) runs the plan it runs on them: no projection over
     * columns it does not read.
     */
    private static final class ColumnPruning implements SupportsPushDownRequiredColumns {
        private final String path;
        private StructType required;

        ColumnPruning(String path) {
            this.path = path;
            this.required = FloorTables.get(path).schema();
        }

        @Override
        public void pruneColumns(StructType requiredSchema) {
            required = requiredSchema;
        }

        @Override
        public Scan build() {
            StructType schema = FloorTables.get(path).schema();
            if (required.equals(schema)) {
                return new FloorScan(path, schema, null);
            }
            int[] columns = new int[required.fields().length];
            StructField[] fields = new StructField[columns.length];
            for (int i = 0; i < columns.length; i++) {
                columns[i] = schema.fieldIndex(required.fields()[i].name());
                fields[i] = schema.fields()[columns[i]];
            }
            return new FloorScan(path, new StructType(fields), columns);
        }
    }

    /**
     * A scan of the loaded columns {@code columns}, in that order (null: all, the loaded batches as
     * they are); one partition per row group.
     */
    private record FloorScan(String path, StructType readSchema, int[] columns) implements Scan, Batch {
        @Override
        public Batch toBatch() {
            return this;
        }

        @Override
        public InputPartition[] planInputPartitions() {
            int n = FloorTables.get(path).rowGroups().size();
            InputPartition[] out = new InputPartition[n];
            for (int i = 0; i < n; i++) {
                out[i] = new RowGroup(path, i, columns);
            }
            return out;
        }

        @Override
        public PartitionReaderFactory createReaderFactory() {
            return new Readers();
        }
    }

    private record RowGroup(String path, int index, int[] columns) implements InputPartition {
        /** The row group's batches of the columns read: batches over the loaded vectors, nothing copied. */
        Iterator<ColumnarBatch> batches() {
            Iterator<ColumnarBatch> loaded = FloorTables.get(path).rowGroups().get(index).iterator();
            if (columns == null) {
                return loaded;
            }
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return loaded.hasNext();
                }

                @Override
                public ColumnarBatch next() {
                    ColumnarBatch b = loaded.next();
                    ColumnVector[] vectors = new ColumnVector[columns.length];
                    for (int i = 0; i < columns.length; i++) {
                        vectors[i] = b.column(columns[i]);
                    }
                    return new ColumnarBatch(vectors, b.numRows());
                }
            };
        }
    }

    private static final class Readers implements PartitionReaderFactory, Serializable {
        @Override
        public boolean supportColumnarReads(InputPartition partition) {
            return true;
        }

        @Override
        public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
            return new ListReader<>(((RowGroup) partition).batches());
        }

        /** Spark reads rows only when it cannot take batches; the rows of the same batches then. */
        @Override
        public PartitionReader<InternalRow> createReader(InputPartition partition) {
            Iterator<ColumnarBatch> batches = ((RowGroup) partition).batches();
            Iterator<InternalRow> rows = new Iterator<>() {
                private Iterator<InternalRow> current = java.util.Collections.emptyIterator();

                @Override
                public boolean hasNext() {
                    while (!current.hasNext() && batches.hasNext()) {
                        current = batches.next().rowIterator();
                    }
                    return current.hasNext();
                }

                @Override
                public InternalRow next() {
                    return current.next();
                }
            };
            return new ListReader<>(rows);
        }
    }

    /** Hands out what an iterator holds; nothing to close, the batches stay for the next run. */
    private static final class ListReader<T> implements PartitionReader<T> {
        private final Iterator<T> items;
        private T current;

        ListReader(Iterator<T> items) {
            this.items = items;
        }

        @Override
        public boolean next() {
            if (!items.hasNext()) {
                return false;
            }
            current = items.next();
            return true;
        }

        @Override
        public T get() {
            return current;
        }

        @Override
        public void close() {}
    }
}
