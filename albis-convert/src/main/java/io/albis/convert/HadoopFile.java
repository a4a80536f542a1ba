package io.albis.convert;

import io.albis.storage.Storages;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A Parquet, ORC or CSV file (or a directory of them) as a conversion reaches it: through Hadoop's
 * {@link FileSystem} for the path's scheme. Paths follow {@link Storages#forPath}: a plain path is
 * local, like file://, and is served by Hadoop's raw local file system (no .crc side files);
 * hdfs://, crail:// and other schemes by the file system Hadoop's configuration names for them.
 *
 * @param fs   the file system that serves the path (Hadoop's shared instance; never closed here)
 * @param path the fully qualified path
 * @param name the path as the user gave it (or a child of it), for messages
 */
public record HadoopFile(FileSystem fs, Path path, String name) {

    public static HadoopFile of(String path, Configuration conf) throws IOException {
        String scheme = Storages.schemeOf(path);
        if (scheme == null) {
            Path local = new Path(java.nio.file.Path.of(path).toAbsolutePath().normalize().toUri());
            return new HadoopFile(FileSystem.getLocal(conf).getRawFileSystem(), local, path);
        }
        Path p = new Path(path);
        FileSystem fs = scheme.equals("file") ? FileSystem.getLocal(conf).getRawFileSystem() : p.getFileSystem(conf);
        return new HadoopFile(fs, fs.makeQualified(p), path);
    }

    /** The entry {@code child} of this directory. */
    public HadoopFile child(String child) {
        return new HadoopFile(fs, new Path(path, child), name.endsWith("/") ? name + child : name + "/" + child);
    }

    /** The last component of the path. */
    public String fileName() {
        return path.getName();
    }

    /**
     * The file's status.
     *
     * @throws NoSuchFileException naming the file when there is nothing at the path
     */
    public FileStatus status() throws IOException {
        try {
            return fs.getFileStatus(path);
        } catch (FileNotFoundException e) {
            throw (NoSuchFileException) new NoSuchFileException(name).initCause(e);
        }
    }

    public boolean exists() throws IOException {
        return fs.exists(path);
    }

    public InputStream open() throws IOException {
        return fs.open(path);
    }

    @Override
    public String toString() {
        return name;
    }
}
