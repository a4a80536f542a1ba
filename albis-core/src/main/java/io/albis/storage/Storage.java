package io.albis.storage;

import java.io.IOException;
import java.util.List;

/**
 * The few operations Albis needs from a file system. Paths are strings with '/' separators, as
 * the implementation understands them (a local path, an hdfs:// URI, ...).
 *
 * <p>Implementations must make {@link #rename} atomic, for files and directories, and never replace
 * its target: table states, schemas and task manifests become visible by renaming a temporary file
 * into place, and whole new tables (the CLI's outputs, storage copies) by renaming a directory.
 */
public interface Storage {

    /** The names (not paths) of the entries directly under {@code dir}, sorted by name. */
    List<String> list(String dir) throws IOException;

    boolean exists(String path) throws IOException;

    boolean isDirectory(String path) throws IOException;

    /** Creates the directory and any missing parents. */
    void mkdirs(String dir) throws IOException;

    /** Opens a file for positional reads. */
    ReadableFile open(String path) throws IOException;

    /** Creates a new file for sequential writing; fails if it exists. */
    WritableFile create(String path) throws IOException;

    /**
     * Renames a file or directory. Fails (without replacing anything) if {@code to} exists, so two
     * writers can never silently overwrite each other's work.
     */
    void rename(String from, String to) throws IOException;

    /** Deletes a file, or a directory with everything under it. Deleting a missing path is a no-op. */
    void delete(String path) throws IOException;

    /** Joins a parent path and a child name. */
    default String resolve(String parent, String child) {
        return parent.endsWith("/") ? parent + child : parent + "/" + child;
    }
}
