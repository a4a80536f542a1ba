package io.albis.hdfs;

import io.albis.storage.ReadableFile;
import io.albis.storage.Storage;
import io.albis.storage.WritableFile;
import java.io.Closeable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.UnsupportedFileSystemException;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * Albis storage over Hadoop's {@link FileSystem} API: hdfs://, file:// and any file system Hadoop
 * is configured for. Paths are full URIs or paths the file system resolves against its root.
 *
 * <p>Renames use {@link Options.Rename#NONE} (HDFS directly, other file systems through
 * {@link FileContext}), which is one atomic namenode operation on HDFS and fails if the target exists. {@code FileSystem.rename} would move
 * a directory <em>into</em> an existing target directory instead of failing, which would let two
 * writers publish the same row group.
 */
public final class HadoopStorage implements Storage, Closeable {
    private final FileSystem fs;
    private final FileContext fc;

    private HadoopStorage(FileSystem fs, FileContext fc) {
        this.fs = fs;
        this.fc = fc;
    }

    /**
     * A storage with its own {@link FileSystem} instance for {@code uri}'s scheme and authority
     * (not Hadoop's shared cache, so closing this storage closes nothing anyone else uses).
     */
    public static HadoopStorage open(URI uri, Configuration conf) throws IOException {
        FileSystem fs = FileSystem.newInstance(uri, conf);
        if (fs instanceof DistributedFileSystem) {
            // HDFS renames without replacing by itself; a FileContext would hold a second client that cannot be closed.
            return new HadoopStorage(fs, null);
        }
        try {
            return new HadoopStorage(fs, FileContext.getFileContext(fs.getUri(), conf));
        } catch (UnsupportedFileSystemException e) {
            fs.close();
            throw new IOException(uri + ": Hadoop has no FileContext binding for scheme '" + uri.getScheme()
                    + "', which Albis needs for renames that never replace (set fs.AbstractFileSystem."
                    + uri.getScheme() + ".impl)", e);
        }
    }

    public FileSystem fileSystem() {
        return fs;
    }

    private Path p(String path) {
        return fs.makeQualified(new Path(path));
    }

    @Override
    public List<String> list(String dir) throws IOException {
        Path path = p(dir);
        // listStatus of a file lists the file itself; the contract wants an error, as locally.
        if (!fs.getFileStatus(path).isDirectory()) {
            throw new java.nio.file.NotDirectoryException(dir);
        }
        FileStatus[] entries = fs.listStatus(path);
        List<String> names = new ArrayList<>(entries.length);
        for (FileStatus e : entries) {
            names.add(e.getPath().getName());
        }
        names.sort(null);
        return names;
    }

    @Override
    public boolean exists(String path) throws IOException {
        return fs.exists(p(path));
    }

    @Override
    public boolean isDirectory(String path) throws IOException {
        try {
            return fs.getFileStatus(p(path)).isDirectory();
        } catch (FileNotFoundException e) {
            return false;
        }
    }

    @Override
    public void mkdirs(String dir) throws IOException {
        if (!fs.mkdirs(p(dir))) {
            throw new IOException(dir + ": could not create the directory");
        }
    }

    @Override
    public ReadableFile open(String path) throws IOException {
        FileStatus st = fs.getFileStatus(p(path));
        if (!st.isFile()) {
            throw new IOException(path + ": not a regular file");
        }
        return new HadoopReadableFile(path, fs.open(st.getPath()), st.getLen());
    }

    @Override
    public WritableFile create(String path) throws IOException {
        return new HadoopWritableFile(fs.create(p(path), false));
    }

    @Override
    public void rename(String from, String to) throws IOException {
        try {
            if (fs instanceof DistributedFileSystem dfs) {
                dfs.rename(p(from), p(to), Options.Rename.NONE);
            } else {
                fc.rename(p(from), p(to), Options.Rename.NONE);
            }
        } catch (FileAlreadyExistsException e) {
            throw new java.nio.file.FileAlreadyExistsException(to, from, "rename target exists");
        }
    }

    @Override
    public void delete(String path) throws IOException {
        Path target = p(path);
        if (!fs.delete(target, true) && fs.exists(target)) {
            throw new IOException(path + ": could not delete");
        }
    }

    @Override
    public void close() throws IOException {
        fs.close();
    }

    @Override
    public String toString() {
        return "HadoopStorage(" + fs.getUri() + ")";
    }
}
