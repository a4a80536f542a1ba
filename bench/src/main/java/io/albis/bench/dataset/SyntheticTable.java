package io.albis.bench.dataset;

import io.albis.schema.Schema;
import io.albis.storage.LocalStorage;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.util.SplittableRandom;

/** Writes generated rows as {@link Dataset#PARTS} row groups of (nearly) equal row counts. */
final class SyntheticTable {

    /** Sets the values of one row (unset values are null). */
    @FunctionalInterface
    interface RowFiller {
        void fill(AlbisWriter writer, long row, SplittableRandom random) throws IOException;
    }

    private SyntheticTable() {}

    static void write(String path, Schema schema, long rows, long seed, RowFiller filler) throws IOException {
        if (rows < Dataset.PARTS) {
            throw new IllegalArgumentException("a dataset needs at least " + Dataset.PARTS + " rows, got " + rows);
        }
        for (int p = 0; p < Dataset.PARTS; p++) {
            long from = rows * p / Dataset.PARTS;
            long to = rows * (p + 1) / Dataset.PARTS;
            // One seed per part: the rows do not depend on how the parts are written.
            SplittableRandom random = new SplittableRandom(seed * 31 + p);
            WriterOptions options = TableCopy.oneRowGroupPerWriter(WriterOptions.DEFAULT_SEGMENT_SIZE);
            AlbisWriter writer = p == 0
                    ? AlbisWriter.create(LocalStorage.INSTANCE, path, schema, options)
                    : AlbisWriter.append(LocalStorage.INSTANCE, path, null, options);
            try {
                for (long r = from; r < to; r++) {
                    filler.fill(writer, r, random);
                    writer.nextRow();
                }
                writer.close();
            } catch (IOException | RuntimeException e) {
                writer.abort();
                throw e;
            }
        }
    }

    /** Rows at a scale: {@code base} rows at scale 1, at least {@link Dataset#PARTS}. */
    static long rows(long base, double scale) {
        return Math.max(Dataset.PARTS, Math.round(base * scale));
    }
}
