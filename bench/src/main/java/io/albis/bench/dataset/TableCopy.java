package io.albis.bench.dataset;

import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.schema.Column;
import io.albis.schema.Schema;
import io.albis.schema.TypeId;
import io.albis.table.AlbisTable;
import io.albis.table.RowGroupRef;
import io.albis.write.AlbisWriter;
import io.albis.write.WriterOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Copies the rows of a flat Albis table (a list or map is one column, so it counts as flat) into a
 * new table with another layout (column groups, segment size), cutting row groups where the
 * caller says: each part is written by its own writer, whose options never close a row group
 * early, so every part is exactly one row group.
 */
public final class TableCopy {
    private TableCopy() {}

    /** Writer options under which one writer writes exactly one row group. */
    public static WriterOptions oneRowGroupPerWriter(int segmentSize) {
        return WriterOptions.defaults().withSegmentSize(segmentSize).withRowGroupRows(Long.MAX_VALUE)
                .withRowGroupBytes(Long.MAX_VALUE);
    }

    /** Copies with one target row group per source row group. */
    public static void copyRowGroups(AlbisTable source, String target, Schema schema, int segmentSize)
            throws IOException {
        List<Long> rows = new ArrayList<>();
        for (RowGroupRef rg : source.rowGroups()) {
            rows.add(source.rowCount(rg));
        }
        copy(source, target, schema, segmentSize, rows.stream().mapToLong(Long::longValue).toArray());
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
        copy(source, target, schema, segmentSize, rows);
    }

    /**
     * Copies every row of {@code source} into a new table at {@code target} with {@code schema}
     * (the source's fields, any column groups), {@code rowsPerPart[i]} rows in row group i.
     */
    public static void copy(AlbisTable source, String target, Schema schema, int segmentSize, long[] rowsPerPart)
            throws IOException {
        checkFlat(source.schema());
        WriterOptions options = oneRowGroupPerWriter(segmentSize);
        try (AlbisReader reader = source.newReader(ReadOptions.all())) {
            int n = reader.columnCount();
            int[] targetColumn = new int[n];
            TypeId[] types = new TypeId[n];
            boolean[] wide = new boolean[n];
            for (int i = 0; i < n; i++) {
                Column c = reader.column(i);
                targetColumn[i] = schema.columnIndex(c.name());
                types[i] = c.type().id();
                wide[i] = c.type().isWideDecimal();
            }
            byte[] scratch = new byte[256];
            for (int p = 0; p < rowsPerPart.length; p++) {
                AlbisWriter writer = p == 0
                        ? AlbisWriter.create(source.storage(), target, schema, options)
                        : AlbisWriter.append(source.storage(), target, null, options);
                try {
                    for (long r = 0; r < rowsPerPart[p]; r++) {
                        if (!reader.advance()) {
                            throw new IOException(source.path() + " ended before the " + (r + 1) + "th row of part " + p);
                        }
                        for (int i = 0; i < n; i++) {
                            if (reader.isNull(i)) {
                                continue; // values not set are null
                            }
                            int t = targetColumn[i];
                            switch (types[i]) {
                                case BOOLEAN -> writer.setBoolean(t, reader.getBoolean(i));
                                case BYTE -> writer.setByte(t, reader.getByte(i));
                                case SHORT -> writer.setShort(t, reader.getShort(i));
                                case INT -> writer.setInt(t, reader.getInt(i));
                                case LONG -> writer.setLong(t, reader.getLong(i));
                                case FLOAT -> writer.setFloat(t, reader.getFloat(i));
                                case DOUBLE -> writer.setDouble(t, reader.getDouble(i));
                                case DATE -> writer.setDate(t, reader.getDate(i));
                                case TIMESTAMP -> writer.setTimestampMicros(t, reader.getTimestampMicros(i));
                                case DECIMAL -> {
                                    if (wide[i]) {
                                        writer.setDecimalWide(t, reader.wideHigh(i), reader.wideLow(i));
                                    } else {
                                        writer.setDecimalUnscaled(t, reader.getLong(i));
                                    }
                                }
                                case STRING, BINARY, LIST, MAP -> {
                                    // Lists and maps are copied as their stored bytes, as strings are.
                                    int len = reader.getBytesLength(i);
                                    if (scratch.length < len) {
                                        scratch = new byte[Math.max(len, scratch.length * 2)];
                                    }
                                    reader.copyBytes(i, scratch, 0);
                                    switch (types[i]) {
                                        case STRING -> writer.setUtf8(t, scratch, 0, len);
                                        case BINARY -> writer.setBinary(t, scratch, 0, len);
                                        default -> writer.setNestedBytes(t, scratch, 0, len);
                                    }
                                }
                                case STRUCT -> throw new IllegalStateException("flat tables have no structs");
                                case TIMESTAMP_NTZ -> throw new IllegalStateException("bench tables have no timestamp_ntz columns");
                            }
                        }
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

    /** The harness's datasets are flat; nested structs would need marker handling not worth having here. */
    static void checkFlat(Schema schema) {
        for (Column c : schema.columns()) {
            if (c.isStructMarker() || c.path().size() > 1) {
                throw new IllegalArgumentException("benchmark tables must be flat, but column '" + c.name()
                        + "' is inside a struct");
            }
        }
    }
}
