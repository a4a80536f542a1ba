package io.albis.convert;

import io.albis.error.InvalidOptionException;
import io.albis.error.SchemaMismatchException;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.write.AlbisWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;

/**
 * Converts an ORC file, or a directory of ORC files with one schema, into a new Albis table.
 * orc-core decodes batches of rows ({@link VectorizedRowBatch}); {@link OrcRowCopier} hands each
 * value to the Albis writer's typed setters. The type mapping is {@link OrcSchemaMapping}'s.
 *
 * <p>Every file's schema is checked before the table is created. If the conversion fails, the
 * table is removed again, so no partial table is left behind. Rows in messages are counted from 1
 * within their file.
 */
public final class OrcToAlbis {

    private OrcToAlbis() {
    }

    /** An ORC input file with its schema, the Albis fields it maps to and its row count, from its footer. */
    private record Source(Path file, TypeDescription schema, List<Field> fields, long rows) {
    }

    public static ConvertResult convert(Path in, Storage storage, String out, ConvertOptions options) throws IOException {
        OrcFiles.Local local = OrcFiles.Local.open();
        List<Source> sources = new ArrayList<>();
        long total = 0;
        for (Path file : OrcInputFiles.list(in)) {
            Source s = inspect(local, file);
            if (!sources.isEmpty() && !s.fields().equals(sources.get(0).fields())) {
                throw new SchemaMismatchException("ORC file " + file + " has another schema than " + sources.get(0).file()
                        + ": " + s.schema() + " versus " + sources.get(0).schema());
            }
            sources.add(s);
            total += s.rows();
        }
        Schema schema = OutputTable.schema(sources.get(0).fields(), options);
        ProgressTicker ticker = new ProgressTicker(options.progress(), total);
        OutputTable table = OutputTable.create(storage, out, schema, options);
        try {
            for (Source s : sources) {
                copy(local, s, table.writer(), ticker);
            }
            table.close();
        } catch (IOException | RuntimeException | Error e) {
            table.discard(e);
            throw e;
        }
        ticker.finish();
        return new ConvertResult(ticker.done(), table.writer().schema());
    }

    private static Source inspect(OrcFiles.Local local, Path file) throws IOException {
        try (Reader r = OrcFiles.openReader(local, file)) {
            TypeDescription schema = r.getSchema();
            return new Source(file, schema, OrcSchemaMapping.albisFields(schema, file.toString()), r.getNumberOfRows());
        }
    }

    private static void copy(OrcFiles.Local local, Source s, AlbisWriter writer, ProgressTicker ticker) throws IOException {
        String name = s.file().toString();
        try (Reader r = OrcFiles.openReader(local, s.file())) {
            VectorizedRowBatch batch = r.getSchema().createRowBatchV2();
            OrcRowCopier copier = new OrcRowCopier(r.getSchema(), writer.schema(), writer, batch);
            long row = 0;
            try (RecordReader rows = rows(r, name)) {
                while (nextBatch(rows, batch, name, row)) {
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
                                    + OrcFiles.describe(e), e);
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

    private static RecordReader rows(Reader r, String name) throws ConvertInputException {
        try {
            return r.rows(r.options());
        } catch (IOException | RuntimeException e) {
            throw new ConvertInputException(name, "cannot read rows: " + OrcFiles.describe(e), e);
        }
    }

    private static boolean nextBatch(RecordReader rows, VectorizedRowBatch batch, String name, long row)
            throws ConvertInputException {
        try {
            return rows.nextBatch(batch);
        } catch (IOException | RuntimeException e) {
            throw new ConvertInputException(name, "cannot decode the rows after row " + row + ": " + OrcFiles.describe(e), e);
        }
    }
}
