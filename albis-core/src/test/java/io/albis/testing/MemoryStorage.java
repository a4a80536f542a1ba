package io.albis.testing;

import io.albis.storage.ReadableFile;
import io.albis.storage.Storage;
import io.albis.storage.WritableFile;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A {@link Storage} in memory, with the contract {@code LocalStorage} has (MemoryStorageContractTest
 * runs it): create fails on an existing file, rename fails on an existing target, never moves a
 * directory into itself and moves whole directories in one step, delete is recursive. Paths are '/'-separated strings; the empty path is the root. For fast
 * property tests that write thousands of small files.
 */
public final class MemoryStorage implements Storage {
    private final TreeMap<String, byte[]> files = new TreeMap<>();
    private final TreeSet<String> dirs = new TreeSet<>();

    private static String norm(String path) {
        String p = path;
        while (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }

    private static String parent(String path) {
        int i = path.lastIndexOf('/');
        return i < 0 ? "" : path.substring(0, i);
    }

    private boolean isDir(String p) {
        return p.isEmpty() || dirs.contains(p);
    }

    @Override
    public synchronized List<String> list(String dir) throws IOException {
        String d = norm(dir);
        if (files.containsKey(d)) {
            throw new NotDirectoryException(dir);
        }
        if (!isDir(d)) {
            throw new NoSuchFileException(dir);
        }
        String prefix = d.isEmpty() ? "" : d + "/";
        TreeSet<String> names = new TreeSet<>();
        for (String p : dirs.tailSet(prefix)) {
            if (!p.startsWith(prefix)) {
                break;
            }
            names.add(p.substring(prefix.length()).split("/", 2)[0]);
        }
        for (String p : files.tailMap(prefix).keySet()) {
            if (!p.startsWith(prefix)) {
                break;
            }
            names.add(p.substring(prefix.length()).split("/", 2)[0]);
        }
        names.remove("");
        return new ArrayList<>(names);
    }

    @Override
    public synchronized boolean exists(String path) {
        String p = norm(path);
        return isDir(p) || files.containsKey(p);
    }

    @Override
    public synchronized boolean isDirectory(String path) {
        return isDir(norm(path));
    }

    @Override
    public synchronized void mkdirs(String dir) throws IOException {
        String d = norm(dir);
        List<String> chain = new ArrayList<>();
        for (String p = d; !p.isEmpty(); p = parent(p)) {
            if (files.containsKey(p)) {
                throw new FileAlreadyExistsException(p, null, "a file is in the way");
            }
            chain.add(p);
        }
        dirs.addAll(chain);
    }

    @Override
    public synchronized ReadableFile open(String path) throws IOException {
        byte[] content = files.get(norm(path));
        if (content == null) {
            throw new NoSuchFileException(path);
        }
        byte[] snapshot = content;
        return new ReadableFile() {
            @Override
            public String path() {
                return path;
            }

            @Override
            public long length() {
                return snapshot.length;
            }

            @Override
            public void readFully(long position, ByteBuffer dst) throws IOException {
                if (position < 0 || position + dst.remaining() > snapshot.length) {
                    throw new EOFException(path + ": end of file at offset " + snapshot.length + " reading "
                            + dst.remaining() + " bytes from " + position);
                }
                dst.put(snapshot, (int) position, dst.remaining());
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public synchronized WritableFile create(String path) throws IOException {
        String p = norm(path);
        if (files.containsKey(p) || dirs.contains(p)) {
            throw new FileAlreadyExistsException(path);
        }
        if (!isDir(parent(p))) {
            throw new NoSuchFileException(parent(p));
        }
        files.put(p, new byte[0]);
        return new WritableFile() {
            private byte[] buf = new byte[256];
            private int size;

            @Override
            public void write(ByteBuffer src) {
                int n = src.remaining();
                if (size + n > buf.length) {
                    buf = Arrays.copyOf(buf, Math.max(size + n, buf.length * 2));
                }
                src.get(buf, size, n);
                size += n;
                synchronized (MemoryStorage.this) {
                    files.put(p, Arrays.copyOf(buf, size));
                }
            }

            @Override
            public long position() {
                return size;
            }

            @Override
            public void sync() {
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public synchronized void rename(String from, String to) throws IOException {
        String f = norm(from);
        String t = norm(to);
        if (exists(t)) {
            throw new FileAlreadyExistsException(to, from, "rename target exists");
        }
        if (t.startsWith(f + "/")) {
            // As rename(2) refuses: the moved tree would hang from a directory inside itself.
            throw new IOException("cannot rename " + from + " to " + to + ", which is inside it");
        }
        if (!isDir(parent(t))) {
            throw new NoSuchFileException(parent(t));
        }
        if (files.containsKey(f)) {
            files.put(t, files.remove(f));
            return;
        }
        if (!dirs.contains(f)) {
            throw new NoSuchFileException(from);
        }
        Map<String, byte[]> movedFiles = new TreeMap<>();
        for (String p : new ArrayList<>(files.tailMap(f + "/").keySet())) {
            if (!p.startsWith(f + "/")) {
                break;
            }
            movedFiles.put(t + p.substring(f.length()), files.remove(p));
        }
        List<String> movedDirs = new ArrayList<>();
        dirs.remove(f);
        movedDirs.add(t);
        for (String p : new ArrayList<>(dirs.tailSet(f + "/"))) {
            if (!p.startsWith(f + "/")) {
                break;
            }
            dirs.remove(p);
            movedDirs.add(t + p.substring(f.length()));
        }
        files.putAll(movedFiles);
        dirs.addAll(movedDirs);
    }

    @Override
    public synchronized void delete(String path) {
        String p = norm(path);
        files.remove(p);
        files.keySet().removeIf(k -> k.startsWith(p + "/"));
        dirs.removeIf(k -> k.equals(p) || k.startsWith(p + "/"));
    }

    /** The content of a file (a copy). */
    public synchronized byte[] bytes(String path) throws NoSuchFileException {
        byte[] b = files.get(norm(path));
        if (b == null) {
            throw new NoSuchFileException(path);
        }
        return b.clone();
    }

    /** Replaces the content of an existing file, as a damaged disk or a careless tool would. */
    public synchronized void overwrite(String path, byte[] content) throws NoSuchFileException {
        String p = norm(path);
        if (!files.containsKey(p)) {
            throw new NoSuchFileException(path);
        }
        files.put(p, content.clone());
    }

    /** Paths of every file under {@code dir}, sorted. */
    public synchronized List<String> filesUnder(String dir) {
        String prefix = norm(dir) + "/";
        List<String> out = new ArrayList<>();
        for (String p : files.tailMap(prefix).keySet()) {
            if (!p.startsWith(prefix)) {
                break;
            }
            out.add(p);
        }
        return out;
    }

    /** Number of files stored, for tests that check nothing is left behind. */
    public synchronized int fileCount() {
        return files.size();
    }
}
