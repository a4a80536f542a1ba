package io.albis.bench.format.peer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The files a peer format writes: {@code part-00000.<ext>}, one per source row group, in row-group order. */
public final class PartFiles {

    private PartFiles() {
    }

    public static String name(int index, String ext) {
        return String.format(Locale.ROOT, "part-%05d.%s", index, ext);
    }

    /**
     * The part files with extension {@code ext} in {@code dir}, sorted by name (which is row-group order).
     *
     * @throws IOException naming the directory when it is missing or holds no part files
     */
    public static List<Path> list(Path dir, String ext) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new NoSuchFileException(dir.toString(), null, "no such directory of ." + ext + " part files");
        }
        Pattern name = Pattern.compile("part-\\d{5,}\\." + Pattern.quote(ext));
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> name.matcher(p.getFileName().toString()).matches() && Files.isRegularFile(p))
                    .sorted((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()))
                    .toList();
        }
        if (files.isEmpty()) {
            throw new IOException(dir + ": no part-NNNNN." + ext + " files to read");
        }
        return files;
    }
}
