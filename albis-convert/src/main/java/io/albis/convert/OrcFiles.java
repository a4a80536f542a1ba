package io.albis.convert;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;

/**
 * How Albis opens ORC files on the local disk, the same way for both directions and the
 * benchmark: through Hadoop's raw local file system (no .crc side files), timestamps as UTC
 * instants and dates and timestamps in the proleptic Gregorian calendar, like Albis's own values
 * (older files in the hybrid Julian calendar are converted on read).
 */
public final class OrcFiles {

    private OrcFiles() {
    }

    /** A configuration and the raw local file system, made once per conversion or read. */
    public record Local(Configuration conf, FileSystem fs) {
        public static Local open() throws IOException {
            Configuration conf = new Configuration();
            return new Local(conf, FileSystem.getLocal(conf).getRawFileSystem());
        }
    }

    public static org.apache.hadoop.fs.Path hadoopPath(Path file) {
        return new org.apache.hadoop.fs.Path(file.toAbsolutePath().toUri());
    }

    /**
     * Opens an ORC file for reading.
     *
     * @throws ConvertInputException naming the file when it is not a readable ORC file
     */
    public static Reader openReader(Local local, Path file) throws ConvertInputException {
        try {
            return OrcFile.createReader(hadoopPath(file), OrcFile.readerOptions(local.conf()).filesystem(local.fs())
                    .useUTCTimestamp(true).convertToProlepticGregorian(true));
        } catch (IOException | RuntimeException e) {
            throw new ConvertInputException(file.toString(), "not a readable ORC file: " + describe(e), e);
        }
    }

    /**
     * Creates an ORC writer over {@code file}, replacing it if it exists (callers write to a
     * temporary name they made themselves); default stripe size and row index stride.
     */
    static Writer createWriter(Local local, Path file, TypeDescription schema, CompressionKind codec) throws IOException {
        return OrcFile.createWriter(hadoopPath(file), OrcFile.writerOptions(local.conf()).fileSystem(local.fs())
                .setSchema(schema).compress(codec).overwrite(true).useUTCTimestamp(true).setProlepticGregorian(true));
    }

    static String describe(Throwable e) {
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + m;
    }
}
