package io.albis.crail.hadoop;

import io.albis.crail.CrailEntry;
import io.albis.crail.CrailStorage;
import io.albis.storage.ReadableFile;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathIsNotEmptyDirectoryException;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A Hadoop {@link FileSystem} for crail://host:port/ paths, so that Spark and Hadoop tools reach
 * Crail; registered for the scheme "crail" through {@code META-INF/services}. It runs on the same
 * client as Albis ({@link CrailStorage}), with HDFS's conventions where Hadoop leaves a choice:
 * rename into an existing directory moves the source inside it, and rename reports failure by
 * returning false. Permissions, owners and replication are not kept; append is not supported.
 */
public class CrailHadoopFileSystem extends FileSystem {
    private URI uri;
    private CrailStorage storage;
    private Path workingDirectory;

    @Override
    public String getScheme() {
        return "crail";
    }

    @Override
    public void initialize(URI name, Configuration conf) throws IOException {
        super.initialize(name, conf);
        setConf(conf);
        if (name.getAuthority() == null) {
            throw new IOException(name + ": a crail:// URI names its namenode, e.g. crail://127.0.0.1:9060/");
        }
        this.uri = URI.create(getScheme() + "://" + name.getAuthority());
        this.storage = CrailStorage.open(uri);
        this.workingDirectory = new Path("/").makeQualified(uri, null);
    }

    @Override
    public URI getUri() {
        return uri;
    }

    @Override
    public Path getWorkingDirectory() {
        return workingDirectory;
    }

    @Override
    public void setWorkingDirectory(Path dir) {
        workingDirectory = makeQualified(dir);
    }

    @Override
    public long getDefaultBlockSize(Path f) {
        return storage.blockSize();
    }

    /** The absolute path on the cluster, after Hadoop checked that {@code p} belongs to it. */
    private String crail(Path p) {
        return makeQualified(p).toUri().getPath();
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        ReadableFile file;
        try {
            file = storage.open(crail(f));
        } catch (NoSuchFileException e) {
            throw notFound(f, e);
        }
        return new FSDataInputStream(new CrailHadoopInputStream(file, bufferSize, statistics));
    }

    @Override
    public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite, int bufferSize, short replication,
            long blockSize, Progressable progress) throws IOException {
        String p = crail(f);
        CrailEntry existing = storage.stat(p);
        if (existing != null) {
            if (existing.directory()) {
                throw new FileAlreadyExistsException(f + " is a directory");
            }
            if (!overwrite) {
                throw new FileAlreadyExistsException(f + " already exists");
            }
            storage.delete(p);
        }
        Path parent = makeQualified(f).getParent();
        if (parent != null) {
            mkdirs(parent, permission);
        }
        try {
            return new FSDataOutputStream(new CrailHadoopOutputStream(storage.create(p)), statistics);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new FileAlreadyExistsException(f + " already exists");
        }
    }

    @Override
    public FSDataOutputStream append(Path f, int bufferSize, Progressable progress) {
        throw new UnsupportedOperationException("append is not supported on crail://");
    }

    @Override
    public boolean rename(Path src, Path dst) throws IOException {
        String s = crail(src);
        String d = crail(dst);
        CrailEntry source = storage.stat(s);
        if (source == null || s.equals("/")) {
            return false;
        }
        if (s.equals(d)) {
            return true;
        }
        CrailEntry target = storage.stat(d);
        if (target != null) {
            if (!target.directory()) {
                return false;
            }
            d = d.equals("/") ? "/" + makeQualified(src).getName() : d + "/" + makeQualified(src).getName();
            if (storage.exists(d)) {
                return false;
            }
        } else {
            CrailEntry parent = storage.stat(crail(makeQualified(dst).getParent()));
            if (parent == null || !parent.directory()) {
                return false;
            }
        }
        if (d.startsWith(s + "/")) {
            return false;
        }
        try {
            storage.rename(s, d);
            return true;
        } catch (java.nio.file.FileAlreadyExistsException | NoSuchFileException e) {
            return false; // someone else changed the namespace in between
        }
    }

    @Override
    public boolean delete(Path f, boolean recursive) throws IOException {
        String p = crail(f);
        CrailEntry entry = storage.stat(p);
        if (entry == null || p.equals("/")) {
            return false;
        }
        if (entry.directory() && !recursive && !storage.list(p).isEmpty()) {
            throw new PathIsNotEmptyDirectoryException(f.toString());
        }
        storage.delete(p);
        return true;
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
        Path dir = makeQualified(f);
        String p = crail(dir);
        CrailEntry entry = storage.stat(p);
        if (entry == null) {
            throw new FileNotFoundException("File " + f + " does not exist");
        }
        if (!entry.directory()) {
            return new FileStatus[] {status(dir, entry)};
        }
        List<String> names;
        try {
            names = storage.list(p);
        } catch (NoSuchFileException e) {
            throw notFound(f, e);
        }
        List<FileStatus> statuses = new ArrayList<>(names.size());
        for (String name : names) {
            Path child = new Path(dir, name);
            CrailEntry c = storage.stat(crail(child));
            if (c != null) { // else removed since the listing
                statuses.add(status(child, c));
            }
        }
        return statuses.toArray(new FileStatus[0]);
    }

    @Override
    public boolean mkdirs(Path f, FsPermission permission) throws IOException {
        String p = crail(f);
        CrailEntry entry = storage.stat(p);
        if (entry != null) {
            if (!entry.directory()) {
                throw new FileAlreadyExistsException("Path is a file: " + f);
            }
            return true;
        }
        try {
            storage.mkdirs(p);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            throw new ParentNotDirectoryException(e.getMessage());
        }
        return true;
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
        Path q = makeQualified(f);
        CrailEntry entry = storage.stat(crail(q));
        if (entry == null) {
            throw new FileNotFoundException("File " + f + " does not exist");
        }
        return status(q, entry);
    }

    @Override
    public void close() throws IOException {
        try {
            super.close();
        } finally {
            if (storage != null) {
                storage.close();
            }
        }
    }

    private FileStatus status(Path qualified, CrailEntry entry) {
        return new FileStatus(entry.length(), entry.directory(), 1, storage.blockSize(), entry.modificationTime(), qualified);
    }

    private static FileNotFoundException notFound(Path f, NoSuchFileException cause) {
        FileNotFoundException e = new FileNotFoundException("File " + f + " does not exist");
        e.initCause(cause);
        return e;
    }
}
