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
 * The Parquet files a conversion reads: the file given, or the files of a directory (not
 * recursive) whose names end in ".parquet" or that start with the Parquet magic "PAR1", sorted
 * by name. Hidden files and Spark's "_" files (_SUCCESS, _metadata) are skipped.
 */
final class ParquetInputFiles {
    private static final byte[] MAGIC = {'P', 'A', 'R', '1'};

    private ParquetInputFiles() {
    }

    static List<Path> list(Path in) throws IOException {
        if (!Files.exists(in)) {
            throw new NoSuchFileException(in.toString(), null, "no such Parquet file or directory");
        }
        if (!Files.isDirectory(in)) {
            return List.of(in);
        }
        List<Path> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(in)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String name = p.getFileName().toString();
                if (name.startsWith(".") || name.startsWith("_") || !Files.isRegularFile(p)) {
                    continue;
                }
                if (name.endsWith(".parquet") || startsWithMagic(p)) {
                    files.add(p);
                }
            }
        }
        files.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
        if (files.isEmpty()) {
            throw new ConvertInputException(in.toString(), "directory holds no Parquet files"
                    + " (none ends in .parquet or starts with PAR1)");
        }
        return files;
    }

    private static boolean startsWithMagic(Path p) throws IOException {
        byte[] head = new byte[MAGIC.length];
        try (InputStream in = Files.newInputStream(p)) {
            return in.readNBytes(head, 0, head.length) == head.length && Arrays.equals(head, MAGIC);
        }
    }
}
