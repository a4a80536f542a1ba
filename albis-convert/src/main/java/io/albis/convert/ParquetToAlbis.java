package io.albis.convert;

import io.albis.error.SchemaMismatchException;
import io.albis.schema.Field;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.write.AlbisWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;

/**
 * Converts a Parquet file, or a directory of Parquet files with one schema, into a new Albis
 * table. Values go from parquet-java's decoders straight into the Albis writer's typed setters
 * (see {@link AlbisRecordMaterializer}); the type mapping is {@link ParquetSchemaMapping}'s.
 *
 * <p>Every file's schema is checked before the table is created. If the conversion fails, the
 * table is removed again, so no partial table is left behind. Rows in messages are counted from 1
 * within their file.
 */
public final class ParquetToAlbis {

    private ParquetToAlbis() {
    }

    /** A Parquet input file with its schema mapping and row count, from its footer. */
    private record Source(Path file, MessageType schema, ParquetSchemaMapping mapping, long rows) {
    }

    public static ConvertResult convert(Path in, Storage storage, String out, ConvertOptions options) throws IOException {
        List<Source> sources = new ArrayList<>();
        long total = 0;
        for (Path file : ParquetInputFiles.list(in)) {
            Source s = inspect(file);
            if (!sources.isEmpty() && !s.mapping().fields().equals(sources.get(0).mapping().fields())) {
                throw new SchemaMismatchException("Parquet file " + file + " has another schema than "
                        + sources.get(0).file() + ":\n" + s.schema() + "versus\n" + sources.get(0).schema());
            }
            sources.add(s);
            total += s.rows();
        }
        List<Field> fields = sources.get(0).mapping().fields();
        Schema schema = OutputTable.schema(fields, options);
        ProgressTicker ticker = new ProgressTicker(options.progress(), total);
        OutputTable table = OutputTable.create(storage, out, schema, options);
        try {
            for (Source s : sources) {
                s.mapping().checkColumns(table.writer().schema());
                copy(s, table.writer(), ticker);
            }
            table.close();
        } catch (IOException | RuntimeException | Error e) {
            table.discard(e);
            throw e;
        }
        ticker.finish();
        return new ConvertResult(ticker.done(), table.writer().schema());
    }

    private static ParquetFileReader open(Path file) throws IOException {
        try {
            return ParquetFileReader.open(new NamedInputFile(file));
        } catch (IOException | RuntimeException e) {
            throw new ConvertInputException(file.toString(), "not a readable Parquet file: " + describe(e), e);
        }
    }

    private static Source inspect(Path file) throws IOException {
        try (ParquetFileReader r = open(file)) {
            MessageType schema = r.getFooter().getFileMetaData().getSchema();
            ParquetSchemaMapping mapping;
            try {
                mapping = ParquetSchemaMapping.of(schema);
            } catch (SchemaMismatchException e) {
                throw new SchemaMismatchException(file + ": " + e.getMessage());
            }
            return new Source(file, schema, mapping, r.getRecordCount());
        }
    }

    private static void copy(Source s, AlbisWriter writer, ProgressTicker ticker) throws IOException {
        String name = s.file().toString();
        try (ParquetFileReader r = open(s.file())) {
            MessageType schema = r.getFooter().getFileMetaData().getSchema();
            MessageColumnIO io = new ColumnIOFactory().getColumnIO(schema);
            AlbisRecordMaterializer materializer = new AlbisRecordMaterializer(s.mapping(), writer);
            long row = 0;
            for (int rowGroup = 0; ; rowGroup++) {
                PageReadStore pages;
                try {
                    pages = r.readNextRowGroup();
                } catch (IOException | RuntimeException e) {
                    throw new ConvertInputException(name, "cannot read row group " + rowGroup + ": " + describe(e), e);
                }
                if (pages == null) {
                    break;
                }
                try (pages) {
                    RecordReader<Void> records = io.getRecordReader(pages, materializer);
                    long n = pages.getRowCount();
                    for (long i = 0; i < n; i++, row++) {
                        try {
                            records.read();
                            writer.nextRow();
                        } catch (WriterFailure e) {
                            throw e.getCause();
                        } catch (RejectedValueException e) {
                            throw new ConvertInputException(name, "row " + (row + 1) + ", column '" + e.column() + "': "
                                    + e.getMessage());
                        } catch (SchemaMismatchException e) {
                            throw new ConvertInputException(name, "row " + (row + 1) + ": " + e.getMessage(), e);
                        } catch (RuntimeException e) {
                            throw new ConvertInputException(name, "cannot decode row " + (row + 1) + " (row group " + rowGroup
                                    + "): " + describe(e), e);
                        }
                        ticker.row();
                    }
                }
            }
            if (row != s.rows()) {
                throw new ConvertInputException(name, "footer says " + s.rows() + " rows but the row groups hold " + row);
            }
        }
    }

    /** parquet-java names its input in messages by toString(); make that the path. */
    private static final class NamedInputFile extends LocalInputFile {
        private final Path path;

        NamedInputFile(Path path) {
            super(path);
            this.path = path;
        }

        @Override
        public String toString() {
            return path.toString();
        }
    }

    private static String describe(Throwable e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + m;
    }
}
