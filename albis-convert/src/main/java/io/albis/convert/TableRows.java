package io.albis.convert;

import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows a conversion out of Albis writes into one Parquet or ORC file: a whole table, or one of
 * its row groups (the benchmark writes a file per row group), and how many there are.
 *
 * @param table the table
 * @param read  what to read of it: every row, or one row group's
 * @param rows  how many rows that is, from the table state (no file read)
 */
public record TableRows(AlbisTable table, ReadOptions read, long rows) {
    /** Every row of {@code table}. */
    public static TableRows all(AlbisTable table) throws IOException {
        return new TableRows(table, ReadOptions.all(), table.rowCount());
    }

    /** The rows of row group {@code rowGroup} of {@code table}. */
    public static TableRows ofRowGroup(AlbisTable table, int rowGroup) throws IOException {
        return new TableRows(table, ReadOptions.all().withRowGroups(rowGroup), table.rowCount(table.rowGroup(rowGroup)));
    }

    /** A file writer's part: copies every row of {@code reader} into the file at {@code temp}. */
    @FunctionalInterface
    public interface FileBody {
        void write(AlbisReader reader, HadoopFile temp, ProgressTicker ticker) throws IOException;
    }

    /**
     * Writes the rows as the file {@code outFile} of {@code format} ("Parquet", "ORC"), which
     * appears only when complete ({@link OutputFile}), telling the options' progress listener.
     */
    public ConvertResult writeFile(String outFile, ConvertOptions options, String format, FileBody body)
            throws IOException {
        ProgressTicker ticker = new ProgressTicker(options.progress(), rows);
        OutputFile.write(outFile, options.hadoopConf(), format, temp -> {
            try (AlbisReader reader = table.newReader(read)) {
                body.write(reader, temp, ticker);
            }
        });
        ticker.finish();
        return new ConvertResult(ticker.done(), table.schema());
    }

    /** The failure to write row {@code row} (counted from 0) into a file of {@code format}, naming table and row. */
    public IOException rowFailure(long row, String format, RuntimeException cause) {
        return new IOException("table " + table.path() + ", row " + (row + 1) + ": cannot write to " + format + ": "
                + cause.getMessage(), cause);
    }

    /** The reader's column index for each column path (leaves and struct markers) of a reader of every live column. */
    public static Map<List<String>, Integer> columnsOf(AlbisReader reader) {
        Map<List<String>, Integer> m = new HashMap<>();
        for (int i = 0; i < reader.columnCount(); i++) {
            m.put(reader.column(i).path(), i);
        }
        return m;
    }
}
