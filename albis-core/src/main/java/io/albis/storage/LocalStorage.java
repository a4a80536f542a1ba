package io.albis.storage;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.LinkOption;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** The embedded default: files on the local file system through NIO channels. */
public final class LocalStorage implements Storage {

    public static final LocalStorage INSTANCE = new LocalStorage();

    private static Path p(String path) {
        if (path.startsWith("file://")) {
            return Path.of(java.net.URI.create(path));
        }
        if (path.startsWith("file:")) {
            return Path.of(path.substring("file:".length()));
        }
        return Path.of(path);
    }

    @Override
    public List<String> list(String dir) throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> s = Files.list(p(dir))) {
            s.forEach(e -> names.add(e.getFileName().toString()));
        }
        names.sort(Comparator.naturalOrder());
        return names;
    }

    @Override
    public boolean exists(String path) {
        return Files.exists(p(path));
    }

    @Override
    public boolean isDirectory(String path) {
        return Files.isDirectory(p(path));
    }

    @Override
    public void mkdirs(String dir) throws IOException {
        Files.createDirectories(p(dir));
    }

    @Override
    public ReadableFile open(String path) throws IOException {
        Path file = p(path);
        // Opening a FIFO or device would block or read without end: only regular files are opened.
        // A symbolic link is not followed either: a table's files are its own, and a link named
        // like one (say _schema.00000001 -> /etc/passwd) would read a file outside the table.
        // The table directory and its parents may be links; the files in it may not.
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (a.isSymbolicLink()) {
            throw new IOException(path + ": is a symbolic link; Albis opens only regular files inside a table, not links");
        }
        if (!a.isRegularFile()) {
            throw new IOException(path + ": not a regular file");
        }
        return new LocalReadableFile(path, FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
    }

    @Override
    public WritableFile create(String path) throws IOException {
        FileChannel ch = FileChannel.open(p(path), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return new LocalWritableFile(ch);
    }

    /**
     * Never replaces an existing target. A file is hard-linked to its new name, which fails
     * atomically if the name exists, then unlinked from the old one. A directory is moved with
     * rename(2), which cannot replace a non-empty directory (and Albis never leaves an empty
     * one at a published name); the existence check only turns the common case into a clear error.
     */
    @Override
    public void rename(String from, String to) throws IOException {
        Path source = p(from);
        Path target = p(to);
        if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new FileAlreadyExistsException(to, from, "rename target exists");
        }
        if (!Files.isDirectory(source, LinkOption.NOFOLLOW_LINKS)) {
            Files.createLink(target, source);
            Files.delete(source);
            return;
        }
        try {
            Files.move(source, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileSystemException e) {
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                // Another writer's directory got there first (rename reports "directory not empty").
                throw new FileAlreadyExistsException(to, from, "rename target exists");
            }
            throw e;
        }
    }

    @Override
    public void delete(String path) throws IOException {
        Path root = p(path);
        if (!Files.exists(root)) {
            return;
        }
        if (!Files.isDirectory(root)) {
            Files.deleteIfExists(root);
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            List<Path> all = s.sorted(Comparator.reverseOrder()).toList();
            for (Path e : all) {
                try {
                    Files.deleteIfExists(e);
                } catch (DirectoryNotEmptyException | NoSuchFileException ignored) {
                    // raced with another deleter; the walk removes what is left
                }
            }
        }
    }

    private static final class LocalReadableFile implements ReadableFile {
        private final String path;
        private final FileChannel channel;

        LocalReadableFile(String path, FileChannel channel) {
            this.path = path;
            this.channel = channel;
        }

        @Override
        public String path() {
            return path;
        }

        @Override
        public long length() throws IOException {
            return channel.size();
        }

        @Override
        public void readFully(long position, ByteBuffer dst) throws IOException {
            long pos = position;
            while (dst.hasRemaining()) {
                int n = channel.read(dst, pos);
                if (n < 0) {
                    throw new EOFException(path + ": end of file at offset " + pos + " with "
                            + dst.remaining() + " bytes still to read");
                }
                pos += n;
            }
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    private static final class LocalWritableFile implements WritableFile {
        private final FileChannel channel;
        private long position;

        LocalWritableFile(FileChannel channel) {
            this.channel = channel;
        }

        @Override
        public void write(ByteBuffer src) throws IOException {
            while (src.hasRemaining()) {
                position += channel.write(src);
            }
        }

        @Override
        public long position() {
            return position;
        }

        @Override
        public void sync() throws IOException {
            channel.force(false);
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }
}
