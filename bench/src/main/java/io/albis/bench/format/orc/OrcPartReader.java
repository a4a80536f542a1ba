package io.albis.bench.format.orc;

import io.albis.bench.format.ReadSpec;
import io.albis.bench.format.peer.BatchSums;
import io.albis.bench.format.peer.ColumnSum;
import io.albis.bench.format.peer.PartReader;
import io.albis.bench.format.peer.ReadColumns;
import io.albis.bench.format.peer.Tally;
import io.albis.convert.orc.OrcFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.ql.io.sarg.PredicateLeaf;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgument;
import org.apache.hadoop.hive.ql.io.sarg.SearchArgumentFactory;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;

/**
 * Reads one ORC file with orc-core's {@code RecordReader.nextBatch(VectorizedRowBatch)}, batches
 * of {@value #BATCH} rows (ORC's default): projection through {@code Reader.Options.include};
 * the batch made with {@code RowBatchVersion.USE_DECIMAL64}, so decimals of up to 18 digits arrive in
 * {@code Decimal64ColumnVector}s as unscaled longs, the fastest path orc-core offers (no
 * HiveDecimalWritable per value). The filter goes to orc-core as a SearchArgument, which skips row
 * groups of the row index (10,000 rows) by their statistics; the rows it returns are checked here,
 * strictly.
 */
record OrcPartReader(ReadSpec spec, Configuration conf) implements PartReader {
    static final int BATCH = VectorizedRowBatch.DEFAULT_SIZE;

    @Override
    public void read(Path file, Tally into) throws IOException {
        try (Reader reader = OrcFiles.openReader(file.toString(), conf)) {
            TypeDescription schema = reader.getSchema();
            ReadColumns cols = ReadColumns.resolve(schema.getFieldNames(), spec, file);
            Reader.Options options = reader.options().include(include(schema, cols.toRead()));
            if (cols.filter() != null) {
                SearchArgument sarg = SearchArgumentFactory.newBuilder().startAnd()
                        .lessThanEquals(cols.filter(), PredicateLeaf.Type.LONG, spec.filterMax()).end().build();
                // The leaves name their columns; orc-core 2.x does not use the second argument.
                options.searchArgument(sarg, null);
            }
            VectorizedRowBatch batch = schema.createRowBatch(TypeDescription.RowBatchVersion.USE_DECIMAL64, BATCH);
            List<ColumnSum> sums = new ArrayList<>();
            for (String c : cols.projected()) {
                int idx = schema.getFieldNames().indexOf(c);
                sums.add(OrcColumnSum.of(batch.cols[idx], schema.getChildren().get(idx), c, file));
            }
            OrcFilter filter = null;
            if (cols.filter() != null) {
                int idx = schema.getFieldNames().indexOf(cols.filter());
                filter = OrcFilter.of(batch.cols[idx], schema.getChildren().get(idx), spec.filterMax(), cols.filter(), file);
            }
            BatchSums batchSums = new BatchSums(sums, filter);
            try (RecordReader rows = reader.rows(options)) {
                while (nextBatch(rows, batch, file)) {
                    // orc-core fills a selected vector only when asked to (useSelected); this reader never asks.
                    if (batch.selectedInUse) {
                        throw new IllegalStateException(file + ": orc-core returned a batch with a selected vector");
                    }
                    batchSums.add(batch.size, into);
                }
            }
        }
    }

    /** Root plus every column id under the top-level columns read. */
    private static boolean[] include(TypeDescription schema, List<String> columns) {
        boolean[] include = new boolean[schema.getMaximumId() + 1];
        include[0] = true;
        for (String c : columns) {
            TypeDescription child = schema.getChildren().get(schema.getFieldNames().indexOf(c));
            for (int id = child.getId(); id <= child.getMaximumId(); id++) {
                include[id] = true;
            }
        }
        return include;
    }

    private static boolean nextBatch(RecordReader rows, VectorizedRowBatch batch, Path file) throws IOException {
        try {
            return rows.nextBatch(batch);
        } catch (IOException | RuntimeException e) {
            throw new IOException(file + ": orc-core's reader failed: " + e.getMessage(), e);
        }
    }
}
