package io.albis.bench.format;

import io.albis.scan.ThreadSplit;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The {@code part-00000.<ext>} files a format writes, one per source row group, and their reading by threads. */
public final class PartFiles {

    /** Reads one part file into the totals of the thread reading it. */
    @FunctionalInterface
    public interface Reader<T> {
        void read(Path file, T into) throws IOException;
    }

    private PartFiles() {}

    /**
     * Reads {@code files} with {@code threads} threads, thread t reading files t, t + threads, ...
     * ({@link ThreadSplit}) into totals of its own from {@code newTotals}; returns every thread's totals.
     */
    public static <T> List<T> read(List<Path> files, int threads, Supplier<T> newTotals, Reader<T> reader)
            throws IOException {
        return ThreadSplit.run(files.size(), threads, parts -> {
            T totals = newTotals.get();
            for (int p : parts) {
                reader.read(files.get(p), totals);
            }
            return totals;
        });
    }

    /** The name of part {@code index}: {@code part-00000.<ext>}; names sort in part order. */
    public static String name(int index, String extension) {
        return String.format(Locale.ROOT, "part-%05d.%s", index, extension);
    }

    public static Path part(Path dir, int index, String extension) {
        return dir.resolve(name(index, extension));
    }

    /**
     * The part files with this extension in {@code dir}, sorted by name (which is part order).
     *
     * @throws IOException naming the directory when it is missing or holds no part files
     */
    public static List<Path> list(Path dir, String extension) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new NoSuchFileException(dir.toString(), null, "no such directory of ." + extension + " part files");
        }
        Pattern pattern = Pattern.compile("part-\\d{5,}\\." + Pattern.quote(extension));
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> pattern.matcher(p.getFileName().toString()).matches() && Files.isRegularFile(p))
                    .sorted((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()))
                    .toList();
        }
        if (files.isEmpty()) {
            throw new IOException(dir + ": no part-NNNNN." + extension + " files to read");
        }
        return files;
    }

    /** Total size of every file under {@code dir}. */
    public static long totalBytes(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).sum();
        } catch (java.io.UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** Every file under {@code dir}, sorted. */
    public static List<Path> allFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }
}
