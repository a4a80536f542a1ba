package io.albis.convert.parquet;

import io.albis.convert.ConvertInputException;
import io.albis.convert.ConvertOptions;
import io.albis.convert.ConvertResult;
import io.albis.convert.HadoopFile;
import io.albis.convert.InputFiles;
import io.albis.convert.OutputTable;
import io.albis.convert.ProgressTicker;
import io.albis.convert.RejectedValueException;
import io.albis.convert.SchemaDifference;
import io.albis.error.SchemaMismatchException;
import io.albis.schema.Schema;
import io.albis.storage.Storage;
import io.albis.storage.Storages;
import io.albis.write.AlbisWriter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
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
 *
 * <p>Files are read as {@link ParquetInput} opens them: page checksums are verified where the
 * writer stored them, every codec parquet-java names is decompressed ({@link ParquetCodecs}), and a
 * damaged file is refused as "corrupt", naming the row group, column and page where they can be
 * found ({@link ParquetCorruption}). Rows in messages are counted from 1 within their file, row
 * groups and pages from 0.
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
            Source s = inspect(file, options.hadoopConf());
            if (!sources.isEmpty() && !s.mapping().fields().equals(sources.get(0).mapping().fields())) {
                Source first = sources.get(0);
                throw new SchemaMismatchException("Parquet file " + file + " has another schema than " + first.file()
                        + ": " + SchemaDifference.of(first.file().fileName(), first.schema(), file.fileName(), s.schema()));
            }
            sources.add(s);
            total += s.rows();
        }
        Schema schema = OutputTable.schema(sources.get(0).mapping().fields(), options, sources.get(0).file().name());
        ProgressTicker ticker = new ProgressTicker(options.progress(), total);
        Schema written = OutputTable.write(storage, out, schema, options, writer -> {
            for (Source s : sources) {
                s.mapping().checkColumns(writer.schema());
                copy(s, options.hadoopConf(), writer, ticker);
            }
        });
        ticker.finish();
        return new ConvertResult(ticker.done(), written);
    }

    private static Source inspect(HadoopFile file, Configuration conf) throws IOException {
        ParquetInput input = ParquetInput.open(file, conf);
        MessageType schema = input.schema();
        ParquetSchemaMapping mapping;
        try {
            mapping = ParquetSchemaMapping.of(schema);
        } catch (SchemaMismatchException e) {
            throw new SchemaMismatchException(file + ": " + e.getMessage());
        }
        long rows = 0;
        for (BlockMetaData block : input.footer().getBlocks()) {
            rows += block.getRowCount();
        }
        return new Source(file, schema, mapping, rows);
    }

    private static void copy(Source s, Configuration conf, AlbisWriter writer, ProgressTicker ticker) throws IOException {
        String name = s.file().name();
        ParquetInput input = ParquetInput.open(s.file(), conf);
        try (ParquetFileReader r = input.reader()) {
            MessageColumnIO io = new ColumnIOFactory().getColumnIO(input.schema());
            AlbisRecordMaterializer materializer = new AlbisRecordMaterializer(s.mapping(), writer);
            long row = 0;
            for (int rowGroup = 0; ; rowGroup++) {
                String reading = "cannot read row group " + rowGroup;
                PageReadStore pages;
                try {
                    pages = r.readNextRowGroup();
                } catch (IOException | RuntimeException e) {
                    throw ParquetCorruption.of(input, rowGroup, e, reading);
                } catch (OutOfMemoryError e) {
                    // parquet-java sizes buffers by page headers before it can check them against the file.
                    throw ConvertInputException.outOfMemory(name, "row group " + rowGroup, e);
                }
                if (pages == null) {
                    break;
                }
                try (pages) {
                    RecordReader<Void> records;
                    try {
                        records = io.getRecordReader(pages, materializer); // decodes the dictionaries
                    } catch (RuntimeException e) {
                        throw ParquetCorruption.of(input, rowGroup, e, reading);
                    } catch (OutOfMemoryError e) {
                        throw ConvertInputException.outOfMemory(name, "row group " + rowGroup, e);
                    }
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
                            throw ParquetCorruption.of(input, rowGroup, e, "cannot decode row " + (row + 1)
                                    + " (row group " + rowGroup + ")");
                        } catch (OutOfMemoryError e) {
                            throw ConvertInputException.outOfMemory(name, "row group " + rowGroup, e);
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
