package io.albis.convert.parquet;

import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.HadoopFile;
import io.albis.convert.OutputFile;
import io.albis.convert.ProgressTicker;
import io.albis.convert.TableRows;
import io.albis.read.AlbisReader;
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
        return write(TableRows.all(table), outFile, options, codec, ParquetWriterSettings.DEFAULTS);
    }

    /** Only row group {@code rowGroup} of the table (the benchmark writes one file per row group). */
    public static ConvertResult convert(AlbisTable table, int rowGroup, String outFile, ConvertOptions options,
            CompressionCodecName codec) throws IOException {
        return convert(table, rowGroup, outFile, options, codec, ParquetWriterSettings.DEFAULTS);
    }

    /** Only row group {@code rowGroup}, with {@code settings} on parquet-java's writer (e.g. bloom filters). */
    public static ConvertResult convert(AlbisTable table, int rowGroup, String outFile, ConvertOptions options,
            CompressionCodecName codec, ParquetWriterSettings settings) throws IOException {
        return write(TableRows.ofRowGroup(table, rowGroup), outFile, options, codec, settings);
    }

    private static ConvertResult write(TableRows rows, String outFile, ConvertOptions options, CompressionCodecName codec,
            ParquetWriterSettings settings) throws IOException {
        Objects.requireNonNull(codec, "codec");
        Objects.requireNonNull(settings, "writer settings");
        Configuration conf = options.hadoopConf();
        return rows.writeFile(outFile, options, "Parquet", (reader, temp, ticker) -> copy(rows, reader, temp, conf, codec,
                settings, ticker));
    }

    private static void copy(TableRows rows, AlbisReader reader, HadoopFile temp, Configuration conf,
            CompressionCodecName codec, ParquetWriterSettings settings, ProgressTicker ticker) throws IOException {
        AlbisWriteSupport support = new AlbisWriteSupport(rows.table().schema().fields(), TableRows.columnsOf(reader),
                Map.of());
        AlbisParquetWriterBuilder builder = new AlbisParquetWriterBuilder(new ParquetFile(temp), support)
                .withConf(conf)
                .withWriteMode(ParquetFileWriter.Mode.CREATE)
                .withCompressionCodec(codec);
        settings.apply(builder);
        ParquetWriter<AlbisReader> writer = builder.build();
        boolean ok = false;
        try {
            long row = 0;
            while (reader.advance()) {
                try {
                    writer.write(reader);
                } catch (RuntimeException e) {
                    throw rows.rowFailure(row, "Parquet", e);
                }
                row++;
                ticker.row();
            }
            ok = true;
        } finally {
            OutputFile.close(writer, ok);
        }
    }
}
