package io.albis.bench.format.parquet;

import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.peer.BatchSums;
import io.albis.bench.format.peer.ColumnSum;
import io.albis.bench.format.peer.PartReader;
import io.albis.bench.format.peer.ReadColumns;
import io.albis.bench.format.peer.RowFilter;
import io.albis.bench.format.peer.Tally;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.Type;
import org.apache.spark.sql.execution.datasources.parquet.VectorizedParquetRecordReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads one Parquet file with Spark's {@link VectorizedParquetRecordReader}, used directly (no
 * SparkSession): on-heap column vectors, batches of {@value #CAPACITY} rows, every value of every
 * projected vector read through its getters. The reader is opened with
 * {@code initialize(path, columns)}, which takes no filter, so the filter is applied row by row
 * here and nothing is skipped by statistics (with one 128 MiB row group per file, row-group
 * statistics would rarely skip anything anyway). The footer is read once more up front for the
 * column names, so a missing column is reported by name; that costs well under a millisecond a file.
 */
record SparkPartReader(ReadSpec spec) implements PartReader {
    static final int CAPACITY = 4096;

    @Override
    public void read(Path file, Tally into) throws IOException {
        ReadColumns cols = ReadColumns.resolve(fileColumns(file), spec, file);
        // No time zone conversion and no calendar rebasing: the values are read as stored.
        VectorizedParquetRecordReader reader =
                new VectorizedParquetRecordReader(null, "CORRECTED", "UTC", "CORRECTED", "UTC", false, CAPACITY);
        try {
            initialize(reader, file, cols.toRead());
            ColumnarBatch batch = reader.resultBatch();
            List<ColumnSum> sums = new ArrayList<>();
            for (String c : cols.projected()) {
                sums.add(SparkColumnSum.of(batch.column(cols.toRead().indexOf(c)), c, file));
            }
            RowFilter filter = cols.filter() == null ? null
                    : SparkFilter.of(batch.column(cols.toRead().indexOf(cols.filter())), spec.filterMax(), cols.filter(), file);
            BatchSums batchSums = new BatchSums(sums, filter);
            while (nextBatch(reader, file)) {
                batchSums.add(batch.numRows(), into);
            }
        } finally {
            reader.close();
        }
    }

    private static void initialize(VectorizedParquetRecordReader reader, Path file, List<String> columns)
            throws IOException {
        try {
            reader.initialize(file.toString(), columns);
        } catch (IOException | RuntimeException e) {
            throw new IOException(file + ": Spark's vectorized Parquet reader cannot open it: " + e.getMessage(), e);
        }
    }

    private static boolean nextBatch(VectorizedParquetRecordReader reader, Path file) throws IOException {
        try {
            return reader.nextBatch();
        } catch (IOException | RuntimeException e) {
            throw new IOException(file + ": Spark's vectorized Parquet reader failed: " + e.getMessage(), e);
        }
    }

    /** Top-level column names from the footer, so a missing column is reported by name with the file. */
    private static List<String> fileColumns(Path file) throws IOException {
        try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
            List<String> names = new ArrayList<>();
            for (Type t : r.getFooter().getFileMetaData().getSchema().getFields()) {
                names.add(t.getName());
            }
            return names;
        } catch (IOException | RuntimeException e) {
            throw new IOException(file + ": not a readable Parquet file: " + e.getMessage(), e);
        }
    }
}
