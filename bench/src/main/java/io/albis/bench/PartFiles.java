package io.albis.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** The {@code part-00000.<ext>} files a format writes, one per source row group. */
public final class PartFiles {
    private PartFiles() {}

    public static Path part(Path dir, int index, String extension) {
        return dir.resolve(String.format(Locale.ROOT, "part-%05d.%s", index, extension));
    }

    /** The part files in {@code dir}, in part order; fails when there are none. */
    public static List<Path> list(Path dir, String extension) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> {
                String n = p.getFileName().toString();
                return n.startsWith("part-") && n.endsWith("." + extension);
            }).sorted().toList();
        }
        if (files.isEmpty()) {
            throw new IOException("no part-*." + extension + " files in " + dir);
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
