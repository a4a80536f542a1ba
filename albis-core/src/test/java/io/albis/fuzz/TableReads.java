package io.albis.fuzz;

import io.albis.read.AlbisReader;
import io.albis.read.RunReader;
import io.albis.read.ColumnBatch;
import io.albis.read.BatchColumn;
import io.albis.read.ReadOptions;
import io.albis.read.RowRun;
import io.albis.scan.ChecksumScan;
import io.albis.scan.ScanResult;
import io.albis.storage.Storage;
import io.albis.table.AlbisTable;
import io.albis.testing.TableChecks;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads a table through each read path and records what it returned in a form two reads can be
 * compared by: the row API (every value through {@code getValue}, the nested map, and each column
 * group's encoded row through {@code getBinaryRow}), the row runs ({@code nextRun}), the batches
 * ({@code nextBatch}) and the checksum scan ({@link ChecksumScan}). Each path opens the table
 * itself, so a failure of one leaves the others to run.
 */
final class TableReads {
    private static final HexFormat HEX = HexFormat.of();

    private TableReads() {}

    /** What the row API returned: each row's values (by reader column) and each row's encoded rows, one string per group. */
    record RowApi(List<Object[]> values, List<String> binaryRows) {}

    /** Every path's view of a table. */
    record Seen(RowApi rows, List<String> runs, List<String> batches, String scan) {
        static Seen of(Storage storage, String path, ReadOptions options, int batchCapacity) throws IOException {
            return new Seen(rowApi(storage, path, options, false), TableReads.runs(storage, path, options),
                    TableReads.batches(storage, path, options, batchCapacity), TableReads.scan(storage, path, options));
        }
    }

    /** Every row through the iterator ({@code hasNext}/{@code next}) or {@code advance()}. */
    static RowApi rowApi(Storage storage, String path, ReadOptions options, boolean iterator) throws IOException {
        List<Object[]> values = new ArrayList<>();
        List<String> binary = new ArrayList<>();
        try (AlbisReader r = AlbisTable.open(storage, path).newReader(options)) {
            int[] groups = r.readGroups();
            while (TableChecks.nextRow(r, iterator)) {
                values.add(TableChecks.values(r));
                StringBuilder encoded = new StringBuilder();
                for (int g : groups) {
                    encoded.append(HEX.formatHex(r.getBinaryRow(g).toByteArray())).append('|');
                }
                binary.add(encoded.toString());
            }
        }
        return new RowApi(values, binary);
    }

    /** The rows of every run, one string per row: each group's row bytes as the run describes them. */
    static List<String> runs(Storage storage, String path, ReadOptions options) throws IOException {
        List<String> out = new ArrayList<>();
        try (RunReader r = AlbisTable.open(storage, path).newRunReader(options)) {
            RowRun[] runs = r.newRuns();
            int[] groups = r.readGroups();
            int n;
            while ((n = r.nextRun(runs)) > 0) {
                for (int k = 0; k < n; k++) {
                    StringBuilder row = new StringBuilder();
                    for (int g : groups) {
                        byte[] bytes = new byte[runs[g].rowLength(k)];
                        ByteBuffer buffer = runs[g].buffer();
                        buffer.get(runs[g].rowOffset(k), bytes);
                        row.append(HEX.formatHex(bytes)).append('|');
                    }
                    out.add(row.toString());
                }
            }
        }
        return out;
    }

    /** The rows of every batch, one string per row of the cells of its columns. */
    static List<String> batches(Storage storage, String path, ReadOptions options, int capacity) throws IOException {
        List<String> out = new ArrayList<>();
        try (RunReader r = AlbisTable.open(storage, path).newRunReader(options)) {
            ColumnBatch batch = ColumnBatch.forReader(r, capacity);
            int n;
            while ((n = r.nextBatch(batch)) > 0) {
                for (int k = 0; k < n; k++) {
                    StringBuilder row = new StringBuilder();
                    for (int c = 0; c < batch.columnCount(); c++) {
                        row.append(cell(batch.column(c), k)).append('|');
                    }
                    out.add(row.toString());
                }
            }
        }
        return out;
    }

    /** The scan's counts and checksum (not its time). */
    static String scan(Storage storage, String path, ReadOptions options) throws IOException {
        ScanResult s = ChecksumScan.scan(AlbisTable.open(storage, path), options, 1);
        return s.rows() + " rows, " + s.logicalBytes() + " bytes, " + s.nulls() + " nulls, checksum " + s.checksumHex();
    }

    /** One cell of a batch, exactly (floating point by its bits, variable-width values by their bytes). */
    private static String cell(BatchColumn v, int r) {
        if (v.isNull(r)) {
            return "null";
        }
        return switch (v.type.id()) {
            case BOOLEAN, BYTE -> Byte.toString(v.bytes[r]);
            case SHORT -> Short.toString(v.shorts[r]);
            case INT, DATE -> Integer.toString(v.ints[r]);
            case LONG, TIMESTAMP, TIMESTAMP_NTZ -> Long.toString(v.longs[r]);
            case DECIMAL -> v.getDecimal(r).toString();
            case FLOAT -> Integer.toHexString(Float.floatToRawIntBits(v.floats[r]));
            case DOUBLE -> Long.toHexString(Double.doubleToRawLongBits(v.doubles[r]));
            case STRING, BINARY -> HEX.formatHex(v.getBytes(r));
            case LIST -> HEX.formatHex(v.getBytes(r)) + "=" + v.getList(r).toJava().size();
            case MAP -> HEX.formatHex(v.getBytes(r)) + "=" + v.getMap(r).toJava().size();
            case STRUCT -> "present";
        };
    }
}
