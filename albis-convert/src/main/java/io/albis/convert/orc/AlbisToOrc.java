package io.albis.convert.orc;

import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.HadoopFile;
import io.albis.convert.OutputFile;
import io.albis.convert.ProgressTicker;
import io.albis.convert.TableRows;
import io.albis.read.AlbisReader;
import io.albis.schema.Field;
import io.albis.table.AlbisTable;
import java.io.IOException;
import java.util.List;
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
        return write(TableRows.all(table), outFile, options, codec);
    }

    /** Only row group {@code rowGroup} of the table (the benchmark writes one file per row group). */
    public static ConvertResult convert(AlbisTable table, int rowGroup, String outFile, ConvertOptions options,
            CompressionKind codec) throws IOException {
        return write(TableRows.ofRowGroup(table, rowGroup), outFile, options, codec);
    }

    private static ConvertResult write(TableRows rows, String outFile, ConvertOptions options, CompressionKind codec)
            throws IOException {
        Objects.requireNonNull(codec, "codec");
        Configuration conf = options.hadoopConf();
        return rows.writeFile(outFile, options, "ORC", (reader, temp, ticker) -> copy(rows, reader, temp, conf, codec, ticker));
    }

    private static void copy(TableRows rows, AlbisReader reader, HadoopFile temp, Configuration conf, CompressionKind codec,
            ProgressTicker ticker) throws IOException {
        List<Field> fields = rows.table().schema().fields();
        TypeDescription schema = OrcSchemas.toOrc(fields);
        VectorizedRowBatch batch = schema.createRowBatchV2();
        OrcBatchFiller filler = new OrcBatchFiller(fields, TableRows.columnsOf(reader), batch);
        Writer writer = OrcFiles.createWriter(temp, conf, schema, codec);
        boolean ok = false;
        try {
            long row = 0;
            while (reader.advance()) {
                try {
                    filler.fill(reader, batch.size);
                } catch (RuntimeException e) {
                    throw rows.rowFailure(row, "ORC", e);
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
            OutputFile.close(writer, ok);
        }
    }
}
