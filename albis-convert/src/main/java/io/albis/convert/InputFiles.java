package io.albis.convert;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.fs.FileStatus;

/**
 * The files of one format (Parquet or ORC) that a conversion reads: the file given, or the files
 * of a directory (not recursive) whose names end in the format's extension or that start with its
 * magic bytes, sorted by name. Hidden files and Spark's "_" files (_SUCCESS, _metadata) are
 * skipped.
 */
public final class InputFiles {
    /** The magic of a Parquet file whose footer is encrypted (which the converter names and refuses). */
    public static final String ENCRYPTED_PARQUET_MAGIC = "PARE";
    public static final InputFiles PARQUET = new InputFiles("Parquet", ".parquet", "PAR1", ENCRYPTED_PARQUET_MAGIC);
    public static final InputFiles ORC = new InputFiles("ORC", ".orc", "ORC");

    private final String format;
    private final String extension;
    /** The format's magic, then any other a file of it may start with. */
    private final List<String> magics;

    private InputFiles(String format, String extension, String... magics) {
        this.format = format;
        this.extension = extension;
        this.magics = List.of(magics);
    }

    /** The input files at {@code in}, a file or a directory. */
    public List<HadoopFile> list(HadoopFile in) throws IOException {
        if (!in.status().isDirectory()) {
            return List.of(in);
        }
        List<HadoopFile> files = filesIn(in);
        if (files.isEmpty()) {
            throw new ConvertInputException(in.name(), "directory holds no " + format + " files"
                    + " (none ends in " + extension + " or starts with " + magics.get(0) + ")");
        }
        return files;
    }

    /** The files of this format in directory {@code dir}, sorted by name; none is an empty list. */
    public List<HadoopFile> filesIn(HadoopFile dir) throws IOException {
        List<HadoopFile> files = new ArrayList<>();
        for (FileStatus s : dir.fs().listStatus(dir.path())) {
            HadoopFile f = dir.child(s.getPath().getName());
            if (isVisibleFile(s) && (hasExtension(f) || startsWithMagic(f))) {
                files.add(f);
            }
        }
        files.sort(Comparator.comparing(HadoopFile::fileName));
        return files;
    }

    /**
     * True if the file begins with this format's magic; an unreadable file is not taken as one (the
     * converter names it if it matters).
     */
    public boolean startsWithMagic(HadoopFile f) {
        try {
            for (String m : magics) {
                if (startsWith(f, m)) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    /** True if the file's first bytes are {@code magic} in ASCII. */
    public static boolean startsWith(HadoopFile f, String magic) throws IOException {
        byte[] expected = magic.getBytes(StandardCharsets.US_ASCII);
        byte[] head = new byte[expected.length];
        try (InputStream in = f.open()) {
            return in.readNBytes(head, 0, head.length) == head.length && Arrays.equals(head, expected);
        }
    }

    private boolean hasExtension(HadoopFile f) {
        return f.fileName().toLowerCase(Locale.ROOT).endsWith(extension);
    }

    private static boolean isVisibleFile(FileStatus s) {
        String name = s.getPath().getName();
        return s.isFile() && !name.startsWith(".") && !name.startsWith("_");
    }
}
