package io.albis.convert.orc;

import io.albis.convert.ConvertInputException;
import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.HadoopFile;
import io.albis.convert.InputFiles;
import io.albis.convert.OutputTable;
import io.albis.convert.ProgressTicker;
import io.albis.convert.RejectedValueException;
import io.albis.convert.SchemaDifference;
import io.albis.error.InvalidOptionException;
import io.albis.error.SchemaMismatchException;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.write.AlbisWriter;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;

/**
 * Converts an ORC file, or a directory of ORC files with one schema, into a new Albis table.
 * orc-core decodes batches of rows ({@link VectorizedRowBatch}); {@link OrcRowCopier} hands each
 * value to the Albis writer's typed setters. The type mapping is {@link OrcSchemas}'s.
 *
 * <p>The input is read through Hadoop's file system for its path ({@link ConvertOptions#hadoopConf()}),
 * as {@link OrcFiles} opens ORC files; the table is written through the Albis storage for its path.
 *
 * <p>Every file's schema and stripe footers are checked before the table is created. If the
 * conversion fails, no table is left behind. Refused per value with a {@link ConvertInputException}
 * naming file, row and column: timestamps with a fraction finer than a microsecond, null map keys,
 * and strings inside arrays and maps that are not valid UTF-8. A damaged file is refused as
 * "corrupt", naming the stripe and column where they can be found ({@link OrcCorruption}). Rows in
 * messages are counted from 1 within their file, stripes from 0.
 */
public final class OrcToAlbis {

    private OrcToAlbis() {
    }

    /** An ORC input file with its schema, the Albis fields it maps to and its row count, from its footer. */
    private record Source(HadoopFile file, TypeDescription schema, List<Field> fields, long rows) {
    }

    /** Converts into a table at {@code out}, on the Albis storage {@link Storages#forPath} gives for it. */
    public static ConvertResult convert(String in, String out, ConvertOptions options) throws IOException {
        return convert(in, Storages.forPath(out), out, options);
    }

    /**
     * @param in      an ORC file or a directory of ORC files
     * @param storage the storage the table is written to
     * @param out     the table's path on {@code storage}
     */
    public static ConvertResult convert(String in, Storage storage, String out, ConvertOptions options) throws IOException {
        Configuration conf = options.hadoopConf();
        List<Source> sources = new ArrayList<>();
        long total = 0;
        for (HadoopFile file : InputFiles.ORC.list(HadoopFile.of(in, conf))) {
            Source s = inspect(file, conf);
            if (!sources.isEmpty() && !s.fields().equals(sources.get(0).fields())) {
                Source first = sources.get(0);
                throw new SchemaMismatchException("ORC file " + file + " has another schema than " + first.file()
                        + ": " + SchemaDifference.of(first.file().fileName(), first.schema(), file.fileName(), s.schema()));
            }
            sources.add(s);
            total += s.rows();
        }
        Schema schema = OutputTable.schema(sources.get(0).fields(), options, sources.get(0).file().name());
        ProgressTicker ticker = new ProgressTicker(options.progress(), total);
        Schema written = OutputTable.write(storage, out, schema, options, writer -> {
            for (Source s : sources) {
                copy(s, conf, options.decodeDeadline(), writer, ticker);
            }
        });
        ticker.finish();
        return new ConvertResult(ticker.done(), written);
    }

    private static Source inspect(HadoopFile file, Configuration conf) throws IOException {
        try (Reader r = OrcFiles.openReader(file, conf)) {
            OrcCorruption.checkStripes(r, file.name());
            TypeDescription schema = r.getSchema();
            List<Field> fields;
            try {
                fields = OrcSchemas.toAlbis(schema);
            } catch (SchemaMismatchException e) {
                throw new SchemaMismatchException(file + ": " + e.getMessage());
            }
            return new Source(file, schema, fields, r.getNumberOfRows());
        }
    }

    private static void copy(Source s, Configuration conf, Duration deadline, AlbisWriter writer, ProgressTicker ticker)
            throws IOException {
        String name = s.file().name();
        try (Reader r = OrcFiles.openReader(s.file(), conf); OrcDecodeDeadline decode = new OrcDecodeDeadline(deadline)) {
            VectorizedRowBatch batch = r.getSchema().createRowBatchV2();
            OrcRowCopier copier = new OrcRowCopier(r.getSchema(), writer.schema(), writer, batch);
            long row = 0;
            try (RecordReader rows = rows(r, name, decode)) {
                while (nextBatch(r, rows, batch, name, row, decode)) {
                    for (int i = 0; i < batch.size; i++, row++) {
                        try {
                            copier.copy(i);
                            writer.nextRow();
                        } catch (RejectedValueException e) {
                            throw new ConvertInputException(name, "row " + (row + 1) + ", column '" + e.column() + "': "
                                    + e.getMessage());
                        } catch (SchemaMismatchException | InvalidOptionException e) {
                            throw new ConvertInputException(name, "row " + (row + 1) + ": " + e.getMessage(), e);
                        } catch (RuntimeException e) {
                            throw new ConvertInputException(name, "cannot convert row " + (row + 1) + ": "
                                    + ConvertInputException.describe(e), e);
                        }
                        ticker.row();
                    }
                }
            }
            if (row != s.rows()) {
                throw new ConvertInputException(name, "footer says " + s.rows() + " rows but the stripes hold " + row);
            }
        }
    }

    /** The file's rows; orc-core reads the first stripe here already. */
    private static RecordReader rows(Reader r, String name, OrcDecodeDeadline decode) throws ConvertInputException {
        try {
            return r.rows(r.options());
        } catch (IOException | RuntimeException e) {
            throw OrcCorruption.of(r, name, 0, e, decode);
        }
    }

    /** The next batch, after {@code row} rows of the file. */
    private static boolean nextBatch(Reader r, RecordReader rows, VectorizedRowBatch batch, String name, long row,
            OrcDecodeDeadline decode) throws IOException {
        try {
            return decode.nextBatch(rows, batch);
        } catch (InterruptedIOException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw OrcCorruption.of(r, name, row, e, decode);
        } catch (TimeoutException e) {
            throw OrcCorruption.of(r, name, row, OrcCorruption.timedOut(decode), decode);
        } catch (OutOfMemoryError e) {
            // orc-core sizes vectors by lengths in the file (list and map sizes) before it can check them.
            throw ConvertInputException.outOfMemory(name, "the rows after row " + row, e);
        }
    }
}
