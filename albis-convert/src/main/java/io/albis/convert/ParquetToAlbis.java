package io.albis.convert;

import io.albis.error.SchemaMismatchException;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.write.AlbisWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.MessageType;

/**
 * Converts a Parquet file, or a directory of Parquet files with one schema, into a new Albis
 * table. Values go from parquet-java's decoders straight into the Albis writer's typed setters
 * (see {@link AlbisRecordMaterializer}); the type mapping is {@link ParquetSchemas}'s.
 *
 * <p>The input is read through Hadoop's file system for its path ({@link ConvertOptions#hadoopConf()}),
 * so it may be local, file://, hdfs://, crail:// or any file system Hadoop is configured for; the
 * table is written through the Albis storage for its path.
 *
 * <p>Every file's schema is checked before the table is created. If the conversion fails, no
 * table is left behind. Refused per value with a {@link ConvertInputException} naming file, row
 * and column: nanosecond and INT96 timestamps that are not whole microseconds (truncating would
 * lose data), millisecond timestamps outside the microsecond range of a long, integers outside
 * their annotated width, null map keys, and strings inside lists and maps that are not valid
 * UTF-8 (the column is named by its path, such as {@code tags.element}). INT96 values are decoded
 * as a Julian day number and nanoseconds of the day, without Spark's legacy calendar rebasing.
 * Rows in messages are counted from 1 within their file.
 */
public final class ParquetToAlbis {

    private ParquetToAlbis() {
    }

    /** A Parquet input file with its schema mapping and row count, from its footer. */
    private record Source(HadoopFile file, MessageType schema, ParquetSchemaMapping mapping, long rows) {
    }

    /** Converts into a table at {@code out}, on the Albis storage {@link Storages#forPath} gives for it. */
    public static ConvertResult convert(String in, String out, ConvertOptions options) throws IOException {
        return convert(in, Storages.forPath(out), out, options);
    }

    /**
     * @param in      a Parquet file or a directory of Parquet files
     * @param storage the storage the table is written to
     * @param out     the table's path on {@code storage}
     */
    public static ConvertResult convert(String in, Storage storage, String out, ConvertOptions options) throws IOException {
        List<Source> sources = new ArrayList<>();
        long total = 0;
        for (HadoopFile file : InputFiles.PARQUET.list(HadoopFile.of(in, options.hadoopConf()))) {
            Source s = inspect(file);
            if (!sources.isEmpty() && !s.mapping().fields().equals(sources.get(0).mapping().fields())) {
                Source first = sources.get(0);
                throw new SchemaMismatchException("Parquet file " + file + " has another schema than " + first.file()
                        + ": " + SchemaDifference.of(first.file().fileName(), first.schema(), file.fileName(), s.schema()));
            }
            sources.add(s);
            total += s.rows();
        }
        Schema schema = OutputTable.schema(sources.get(0).mapping().fields(), options);
        ProgressTicker ticker = new ProgressTicker(options.progress(), total);
        Schema written = OutputTable.write(storage, out, schema, options.writer(), writer -> {
            for (Source s : sources) {
                s.mapping().checkColumns(writer.schema());
                copy(s, writer, ticker);
            }
        });
        ticker.finish();
        return new ConvertResult(ticker.done(), written);
    }

    private static ParquetFileReader open(HadoopFile file) throws IOException {
        if (InputFiles.startsWith(file, InputFiles.ENCRYPTED_PARQUET_MAGIC)) {
            throw encrypted(file.name(), "its footer is encrypted (PARE magic)");
        }
        try {
            return ParquetFileReader.open(new ParquetFile(file));
        } catch (IOException | RuntimeException e) {
            refuseIfEncryption(file.name(), e);
            throw new ConvertInputException(file.name(), "not a readable Parquet file: " + ConvertInputException.describe(e), e);
        }
    }

    /**
     * Throws the encrypted-file refusal when {@code e} comes from parquet-java's decryption (a
     * file with a plaintext footer and encrypted columns, read without keys).
     */
    private static void refuseIfEncryption(String name, Throwable e) throws ConvertInputException {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof org.apache.parquet.crypto.ParquetCryptoRuntimeException) {
                throw encrypted(name, "its columns are encrypted (" + ConvertInputException.describe(c) + ")");
            }
        }
    }

    private static ConvertInputException encrypted(String name, String how) {
        return new ConvertInputException(name, "is an encrypted Parquet file: " + how + "; Albis does not read"
                + " encrypted Parquet (decrypt it with the keys first)");
    }

    private static Source inspect(HadoopFile file) throws IOException {
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
        String name = s.file().name();
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
                    refuseIfEncryption(name, e);
                    throw new ConvertInputException(name, "cannot read row group " + rowGroup + ": "
                            + ConvertInputException.describe(e), e);
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
                                    + "): " + ConvertInputException.describe(e), e);
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
}
