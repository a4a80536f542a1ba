package io.albis.convert;

import io.albis.read.AlbisReader;
import io.albis.read.ReadOptions;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;

/**
 * Writes an Albis table (or one of its row groups) as one ORC file with orc-core's writer, rows
 * from the Albis reader's getters into {@link VectorizedRowBatch}es ({@link OrcBatchFiller});
 * types as {@link OrcSchemas#toOrc} maps them; default stripe size and row index stride.
 *
 * <p>The file is written through Hadoop's file system for its path ({@link ConvertOptions#hadoopConf()}),
 * as {@link OrcFiles} opens ORC files: local, file://, hdfs://, crail://. It is written under a
 * temporary name next to the target and renamed into place when complete, so a failed conversion
 * leaves no partial ORC file. An existing target is refused.
 */
public final class AlbisToOrc {

    private AlbisToOrc() {
    }

    /** Uncompressed, like Albis itself. */
    public static ConvertResult convert(AlbisTable table, String outFile, ConvertOptions options) throws IOException {
        return convert(table, outFile, options, CompressionKind.NONE);
    }

    public static ConvertResult convert(AlbisTable table, String outFile, ConvertOptions options, CompressionKind codec)
            throws IOException {
        return write(table, ReadOptions.all(), table.rowCount(), outFile, options, codec);
    }

    /** Only row group {@code rowGroup} of the table (the benchmark writes one file per row group). */
    public static ConvertResult convert(AlbisTable table, int rowGroup, String outFile, ConvertOptions options,
            CompressionKind codec) throws IOException {
        long rows = table.rowCount(table.rowGroup(rowGroup));
        return write(table, ReadOptions.all().withRowGroups(rowGroup), rows, outFile, options, codec);
    }

    private static ConvertResult write(AlbisTable table, ReadOptions read, long rows, String outFile, ConvertOptions options,
            CompressionKind codec) throws IOException {
        Objects.requireNonNull(codec, "codec");
        ProgressTicker ticker = new ProgressTicker(options.progress(), rows);
        Configuration conf = options.hadoopConf();
        OutputFile.write(outFile, conf, "ORC", temp -> copy(table, read, temp, conf, codec, ticker));
        ticker.finish();
        return new ConvertResult(ticker.done(), table.schema());
    }

    private static void copy(AlbisTable table, ReadOptions read, HadoopFile temp, Configuration conf, CompressionKind codec,
            ProgressTicker ticker) throws IOException {
        TypeDescription schema = OrcSchemas.toOrc(table.schema().fields());
        try (AlbisReader reader = table.newReader(read)) {
            VectorizedRowBatch batch = schema.createRowBatchV2();
            OrcBatchFiller filler = new OrcBatchFiller(table.schema().fields(), AlbisWriteSupport.columnsOf(reader), batch);
            Writer writer = OrcFiles.createWriter(temp, conf, schema, codec);
            boolean ok = false;
            try {
                long row = 0;
                while (reader.advance()) {
                    try {
                        filler.fill(reader, batch.size);
                    } catch (RuntimeException e) {
                        throw new IOException("table " + table.path() + ", row " + (row + 1)
                                + ": cannot write to ORC: " + e.getMessage(), e);
                    }
                    if (++batch.size == batch.getMaxSize()) {
                        writer.addRowBatch(batch);
                        batch.reset();
                    }
                    row++;
                    ticker.row();
                }
                if (batch.size > 0) {
                    writer.addRowBatch(batch);
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

    private static void closeQuietly(Writer writer) {
        try {
            writer.close();
        } catch (IOException | RuntimeException ignored) {
            // the temporary file is deleted next; its footer does not matter
        }
    }
}
