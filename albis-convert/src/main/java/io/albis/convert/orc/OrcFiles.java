package io.albis.convert.orc;

import io.albis.convert.ConvertInputException;
import io.albis.convert.HadoopFile;
import io.albis.convert.InputFiles;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;

/**
 * How Albis opens ORC files, the same way for both directions and the benchmark: through the
 * {@link HadoopFile} file system of the path (Hadoop's raw local one for local paths, so no .crc
 * side files), timestamps as UTC instants and dates and timestamps in the proleptic Gregorian
 * calendar, like Albis's own values (older files in the hybrid Julian calendar are converted on
 * read).
 */
public final class OrcFiles {

    private OrcFiles() {
    }

    /**
     * Opens an ORC file for reading: a local path, file://, hdfs://, crail:// or any path Hadoop's
     * configuration has a file system for.
     *
     * @throws ConvertInputException naming the file when it is not a readable ORC file, as "corrupt"
     *                               when it starts with the ORC magic
     */
    public static Reader openReader(String file, Configuration conf) throws IOException {
        return openReader(HadoopFile.of(file, conf), conf);
    }

    static Reader openReader(HadoopFile file, Configuration conf) throws ConvertInputException {
        try {
            return OrcFile.createReader(file.path(), OrcFile.readerOptions(conf).filesystem(file.fs())
                    .useUTCTimestamp(true).convertToProlepticGregorian(true));
        } catch (IOException | RuntimeException e) {
            String why = "not a readable ORC file: " + ConvertInputException.describe(e);
            if (InputFiles.ORC.startsWithMagic(file)) {
                throw ConvertInputException.corrupt(file.name(), "tail (postscript, footer or metadata)", why, e);
            }
            throw new ConvertInputException(file.name(), why, e);
        }
    }

    /** Creates an ORC writer over {@code file}, which must not exist; default stripe size and row index stride. */
    static Writer createWriter(HadoopFile file, Configuration conf, TypeDescription schema, CompressionKind codec)
            throws IOException {
        return OrcFile.createWriter(file.path(), OrcFile.writerOptions(conf).fileSystem(file.fs())
                .setSchema(schema).compress(codec).overwrite(false).useUTCTimestamp(true).setProlepticGregorian(true));
    }
}
