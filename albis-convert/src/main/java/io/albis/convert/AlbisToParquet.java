package io.albis.convert;

import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;

/**
 * Writes an Albis table (or one of its row groups) as one Parquet file with parquet-java, rows
 * straight from the Albis reader's getters ({@link AlbisWriteSupport}); types as
 * {@link AlbisParquetSchema} maps them.
 *
 * <p>The file is written under a temporary name next to the target and renamed into place when
 * complete, so a failed conversion leaves no partial Parquet file. An existing target is refused.
 */
public final class AlbisToParquet {

    private AlbisToParquet() {
    }

    /** Uncompressed, like Albis itself. */
    public static ConvertResult convert(AlbisTable table, Path outFile, ConvertOptions options) throws IOException {
        return convert(table, outFile, options, CompressionCodecName.UNCOMPRESSED);
    }

    public static ConvertResult convert(AlbisTable table, Path outFile, ConvertOptions options, CompressionCodecName codec)
            throws IOException {
        return convert(table, ReadOptions.all(), table.rowCount(), outFile, options, codec);
    }

    /** Only row group {@code rowGroup} of the table (the benchmark writes one file per row group). */
    public static ConvertResult convert(AlbisTable table, int rowGroup, Path outFile, ConvertOptions options,
            CompressionCodecName codec) throws IOException {
        long rows = table.rowCount(table.rowGroup(rowGroup));
        return convert(table, ReadOptions.all().withRowGroups(rowGroup), rows, outFile, options, codec);
    }

    private static ConvertResult convert(AlbisTable table, ReadOptions read, long rows, Path outFile,
            ConvertOptions options, CompressionCodecName codec) throws IOException {
        Objects.requireNonNull(codec, "codec");
        ProgressTicker ticker = new ProgressTicker(options.progress(), rows);
        OutputFile.write(outFile, "Parquet", temp -> write(table, read, temp, codec, ticker));
        ticker.finish();
        return new ConvertResult(ticker.done(), table.schema());
    }

    private static void write(AlbisTable table, ReadOptions read, Path temp, CompressionCodecName codec,
            ProgressTicker ticker) throws IOException {
        try (AlbisReader reader = table.newReader(read)) {
            AlbisWriteSupport support = new AlbisWriteSupport(table.schema().fields(), AlbisWriteSupport.columnsOf(reader),
                    Map.of());
            // createTempFile made the file; parquet-java must be allowed to write over it.
            ParquetWriter<AlbisReader> writer = new AlbisParquetWriterBuilder(new LocalOutputFile(temp), support)
                    .withWriteMode(org.apache.parquet.hadoop.ParquetFileWriter.Mode.OVERWRITE)
                    .withCompressionCodec(codec)
                    .build();
            boolean ok = false;
            try {
                long row = 0;
                while (reader.advance()) {
                    try {
                        writer.write(reader);
                    } catch (RuntimeException e) {
                        throw new IOException("table " + table.path() + ", row " + (row + 1)
                                + ": cannot write to Parquet: " + e.getMessage(), e);
                    }
                    row++;
                    ticker.row();
                }
                ok = true;
            } finally {
                if (ok) {
                    writer.close();
                } else {
                    closeQuietly(writer);
                }
            }
        }
    }

    private static void closeQuietly(ParquetWriter<?> writer) {
        try {
            writer.close();
        } catch (IOException | RuntimeException ignored) {
            // the temporary file is deleted next; its footer does not matter
        }
    }
}
