package io.albis.bench.dataset;

import io.albis.evolve.RowCopier;
import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.Schema;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies the rows of an Albis table into a new table with another layout (column groups, segment
 * size) through the library's {@link RowCopier}, cutting row groups where the caller says: each
 * part is written by its own writer, whose options never close a row group early, so every part
 * is exactly one row group.
 */
public final class TableCopy {
    private TableCopy() {}

    /** Writer options under which one writer writes exactly one row group. */
    public static WriterOptions oneRowGroupPerWriter(int segmentSize) {
        return WriterOptions.defaults().withSegmentSize(segmentSize).withRowGroupRows(Long.MAX_VALUE)
                .withRowGroupBytes(Long.MAX_VALUE);
    }

    /**
     * Copies with one target row group per source row group, written with {@code options} (which
     * must close no row group early: {@link #oneRowGroupPerWriter} and settings on top of it).
     */
    public static void copyRowGroups(AlbisTable source, String target, Schema schema, WriterOptions options)
            throws IOException {
        List<Long> rows = new ArrayList<>();
        for (RowGroupRef rg : source.rowGroups()) {
            rows.add(source.rowCount(rg));
        }
        copy(source, target, schema, options, rows.stream().mapToLong(Long::longValue).toArray());
    }

    /** Copies into {@code parts} row groups of (nearly) equal row counts. */
    public static void copyEvenly(AlbisTable source, String target, Schema schema, int segmentSize, int parts)
            throws IOException {
        long total = source.rowCount();
        if (total < parts) {
            throw new IllegalArgumentException(source.path() + " has " + total + " rows, fewer than the " + parts
                    + " row groups asked for");
        }
        long[] rows = new long[parts];
        for (int p = 0; p < parts; p++) {
            rows[p] = total * (p + 1) / parts - total * p / parts;
        }
        copy(source, target, schema, oneRowGroupPerWriter(segmentSize), rows);
    }

    /**
     * Copies every row of {@code source} into a new table at {@code target} with {@code schema}
     * (the source's fields, any column groups), {@code rowsPerPart[i]} rows in row group i.
     */
    private static void copy(AlbisTable source, String target, Schema schema, WriterOptions options,
            long[] rowsPerPart) throws IOException {
        try (AlbisReader reader = source.newReader(ReadOptions.all())) {
            RowCopier copier = RowCopier.byName(reader, schema);
            for (int p = 0; p < rowsPerPart.length; p++) {
                AlbisWriter writer = p == 0
                        ? AlbisWriter.create(source.storage(), target, schema, options)
                        : AlbisWriter.append(source.storage(), target, null, options);
                try {
                    for (long r = 0; r < rowsPerPart[p]; r++) {
                        if (!reader.advance()) {
                            throw new IOException(source.path() + " ended before the " + (r + 1) + "th row of part " + p);
                        }
                        copier.copy(reader, writer);
                        writer.nextRow();
                    }
                    writer.close();
                } catch (IOException | RuntimeException e) {
                    writer.abort();
                    throw e;
                }
            }
            if (reader.advance()) {
                throw new IOException(source.path() + " has more rows than the " + rowsPerPart.length
                        + " parts asked for");
            }
        }
    }
}
