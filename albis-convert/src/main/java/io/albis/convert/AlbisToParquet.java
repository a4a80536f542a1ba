package io.albis.convert;

import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Writes an Albis table (or one of its row groups) as one Parquet file with parquet-java, rows
 * straight from the Albis reader's getters ({@link AlbisWriteSupport}); types as
 * {@link ParquetSchemas#toParquet} maps them.
 *
 * <p>The file is written through Hadoop's file system for its path ({@link ConvertOptions#hadoopConf()}):
 * local, file://, hdfs://, crail://. It is written under a temporary name next to the target and
 * renamed into place when complete, so a failed conversion leaves no partial Parquet file. An
 * existing target is refused.
 */
public final class AlbisToParquet {

    private AlbisToParquet() {
    }

    /** Uncompressed, like Albis itself. */
    public static ConvertResult convert(AlbisTable table, String outFile, ConvertOptions options) throws IOException {
        return convert(table, outFile, options, CompressionCodecName.UNCOMPRESSED);
    }

    public static ConvertResult convert(AlbisTable table, String outFile, ConvertOptions options, CompressionCodecName codec)
            throws IOException {
        return convert(table, ReadOptions.all(), table.rowCount(), outFile, options, codec);
    }

    /** Only row group {@code rowGroup} of the table (the benchmark writes one file per row group). */
    public static ConvertResult convert(AlbisTable table, int rowGroup, String outFile, ConvertOptions options,
            CompressionCodecName codec) throws IOException {
        long rows = table.rowCount(table.rowGroup(rowGroup));
        return convert(table, ReadOptions.all().withRowGroups(rowGroup), rows, outFile, options, codec);
    }

    private static ConvertResult convert(AlbisTable table, ReadOptions read, long rows, String outFile,
            ConvertOptions options, CompressionCodecName codec) throws IOException {
        Objects.requireNonNull(codec, "codec");
        ProgressTicker ticker = new ProgressTicker(options.progress(), rows);
        Configuration conf = options.hadoopConf();
        OutputFile.write(outFile, conf, "Parquet", temp -> write(table, read, temp, conf, codec, ticker));
        ticker.finish();
        return new ConvertResult(ticker.done(), table.schema());
    }

    private static void write(AlbisTable table, ReadOptions read, HadoopFile temp, Configuration conf,
            CompressionCodecName codec, ProgressTicker ticker) throws IOException {
        try (AlbisReader reader = table.newReader(read)) {
            AlbisWriteSupport support = new AlbisWriteSupport(table.schema().fields(), AlbisWriteSupport.columnsOf(reader),
                    Map.of());
            ParquetWriter<AlbisReader> writer = new AlbisParquetWriterBuilder(new ParquetFile(temp), support)
                    .withConf(conf)
                    .withWriteMode(ParquetFileWriter.Mode.CREATE)
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
