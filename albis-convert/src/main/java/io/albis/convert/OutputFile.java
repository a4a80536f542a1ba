package io.albis.convert;

import io.albis.storage.Storage;
import io.albis.storage.Storages;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;

/**
 * A single output file (Parquet, ORC) that appears only when complete. Its bytes are written
 * through Hadoop's file system under a hidden temporary name beside the target; the Albis storage
 * serving the path then renames it into place, which never replaces an existing file on any
 * backend. On any failure the temporary file is removed. An existing target is refused.
 */
public final class OutputFile {
    /** Writes the whole file at the path it is given, which does not exist yet. */
    public interface Body {
        void writeTo(HadoopFile temp) throws IOException;
    }

    private OutputFile() {}

    public static void write(String outFile, Configuration conf, String format, Body body) throws IOException {
        HadoopFile target = HadoopFile.of(outFile, conf);
        // The qualified Hadoop path (file:/..., hdfs://host:port/...) is one every Albis storage reads.
        String targetPath = target.path().toString();
        Storage storage = Storages.forPath(targetPath);
        if (storage.exists(targetPath)) {
            throw new FileAlreadyExistsException(outFile, null, "the " + format + " output file exists already");
        }
        String dir = target.path().getParent().toString();
        storage.mkdirs(dir);
        String tempPath = storage.resolve(dir, "." + target.fileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            body.writeTo(new HadoopFile(target.fs(), target.fs().makeQualified(new org.apache.hadoop.fs.Path(tempPath)),
                    outFile));
            storage.rename(tempPath, targetPath);
        } catch (IOException | RuntimeException | Error e) {
            try {
                storage.delete(tempPath);
            } catch (IOException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * Closes the writer of a file's bytes: when the file is {@code complete}, so that the writer
     * finishes it (its failure is the conversion's); else quietly, as the temporary file is deleted
     * next and its footer does not matter.
     */
    public static void close(Closeable writer, boolean complete) throws IOException {
        if (complete) {
            writer.close();
            return;
        }
        try {
            writer.close();
        } catch (IOException | RuntimeException ignored) {
            // the conversion's own failure is the one to report
        }
    }
}
