package io.albis.convert;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The ORC files a conversion reads: the file given, or the files of a directory (not recursive)
 * whose names end in ".orc" or that start with the ORC magic "ORC", sorted by name. Hidden files
 * and Spark's "_" files (_SUCCESS) are skipped.
 */
public final class OrcInputFiles {
    private static final byte[] MAGIC = {'O', 'R', 'C'};

    private OrcInputFiles() {
    }

    static List<Path> list(Path in) throws IOException {
        if (!Files.exists(in)) {
            throw new NoSuchFileException(in.toString(), null, "no such ORC file or directory");
        }
        if (!Files.isDirectory(in)) {
            return List.of(in);
        }
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(in)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (isOrcFile(p)) {
                    files.add(p);
                }
            }
        }
        files.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
        if (files.isEmpty()) {
            throw new ConvertInputException(in.toString(), "directory holds no ORC files"
                    + " (none ends in .orc or starts with ORC)");
        }
        return files;
    }

    /** A visible regular file named *.orc or starting with the ORC magic. */
    public static boolean isOrcFile(Path p) {
        String name = p.getFileName().toString();
        if (name.startsWith(".") || name.startsWith("_") || !Files.isRegularFile(p)) {
            return false;
        }
        return name.endsWith(".orc") || startsWithMagic(p);
    }

    /** True if the file begins with "ORC"; unreadable files are not taken as ORC (the converter names them if they matter). */
    public static boolean startsWithMagic(Path p) {
        byte[] head = new byte[MAGIC.length];
        try (InputStream in = Files.newInputStream(p)) {
            return in.readNBytes(head, 0, head.length) == head.length && Arrays.equals(head, MAGIC);
        } catch (IOException e) {
            return false;
        }
    }
}
