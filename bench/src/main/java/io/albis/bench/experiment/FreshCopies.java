package io.albis.bench.experiment;

import io.albis.storage.LocalStorage;
import io.albis.storage.StorageCopy;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Fresh copies of the local directories one fork reads, made on the same file system
 * ({@code <dataset>.fresh-<suffix>/<name>}, the directory's own name kept) just before the fork
 * starts and removed after it. On the benchmark VM the speed of
 * reading a file out of tmpfs depends on where its pages landed when it was written:
 * byte-identical copies of one table read raw 1.5x apart (docs/PERFORMANCE.md). Reading the
 * one copy the harness wrote in every fork made that a fixed bias per dataset; a copy per fork
 * makes it a per-fork draw that the median over forks evens out, alike for every format.
 * Only the reading kinds of local directories are copied; writes, table changes and HDFS or
 * Crail tables are left as they are.
 */
final class FreshCopies implements Closeable {
    private final String suffix;
    private final Map<String, String> copies = new HashMap<>();
    private final List<Path> made = new ArrayList<>();

    /** Copies go under {@code <dataset>.fresh-<suffix>}, beside the dataset directory holding the original. */
    FreshCopies(String suffix) {
        this.suffix = suffix;
    }

    /** The tasks with each read of a local directory pointed at a fresh copy of it (one copy per directory). */
    List<Task> apply(List<Task> tasks) throws IOException {
        List<Task> out = new ArrayList<>(tasks.size());
        for (Task t : tasks) {
            out.add(reads(t.kind()) && isLocalDirectory(t.dir()) ? t.withDir(copyOf(t.dir())) : t);
        }
        return out;
    }

    private static boolean reads(Kind kind) {
        return kind == Kind.READ || kind.sparkQuery();
    }

    /** A plain path of a directory (HDFS and Crail tables are URIs). */
    private static boolean isLocalDirectory(String dir) {
        return dir != null && !dir.contains("://") && Files.isDirectory(Path.of(dir));
    }

    private String copyOf(String dir) throws IOException {
        String copy = copies.get(dir);
        if (copy == null) {
            Path from = Path.of(dir).toAbsolutePath();
            // The copy keeps the directory's own name, which formats read its layout from.
            Path dataset = from.getParent();
            Path container = dataset.resolveSibling(dataset.getFileName() + ".fresh-" + suffix);
            if (!made.contains(container)) {
                LocalStorage.INSTANCE.delete(container.toString()); // left by a harness that was killed
                made.add(container);
            }
            copy = container.resolve(from.getFileName().toString()).toString();
            StorageCopy.copy(LocalStorage.INSTANCE, from.toString(), LocalStorage.INSTANCE, copy);
            copies.put(dir, copy);
        }
        return copy;
    }

    /** Removes every copy made. */
    @Override
    public void close() throws IOException {
        IOException failed = null;
        for (Path p : made) {
            try {
                LocalStorage.INSTANCE.delete(p.toString());
            } catch (IOException e) {
                failed = failed == null ? e : failed;
            }
        }
        made.clear();
        copies.clear();
        if (failed != null) {
            throw failed;
        }
    }
}
