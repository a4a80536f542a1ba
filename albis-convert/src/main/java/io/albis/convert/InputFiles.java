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
final class InputFiles {
    /** Parquet files start with PAR1, or PARE when their footer is encrypted (which the converter names). */
    static final InputFiles PARQUET = new InputFiles("Parquet", ".parquet", "PAR1", "PARE");
    static final InputFiles ORC = new InputFiles("ORC", ".orc", "ORC");

    private final String format;
    private final String extension;
    private final byte[] magic;
    private final byte[] otherMagic;

    private InputFiles(String format, String extension, String magic, String... otherMagic) {
        this.format = format;
        this.extension = extension;
        this.magic = magic.getBytes(StandardCharsets.US_ASCII);
        this.otherMagic = otherMagic.length == 0 ? null : otherMagic[0].getBytes(StandardCharsets.US_ASCII);
    }

    /** The input files at {@code in}, a file or a directory. */
    List<HadoopFile> list(HadoopFile in) throws IOException {
        if (!in.status().isDirectory()) {
            return List.of(in);
        }
        List<HadoopFile> files = filesIn(in);
        if (files.isEmpty()) {
            throw new ConvertInputException(in.name(), "directory holds no " + format + " files"
                    + " (none ends in " + extension + " or starts with " + new String(magic, StandardCharsets.US_ASCII) + ")");
        }
        return files;
    }

    /** The files of this format in directory {@code dir}, sorted by name; none is an empty list. */
    List<HadoopFile> filesIn(HadoopFile dir) throws IOException {
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
    boolean startsWithMagic(HadoopFile f) {
        byte[] head = new byte[magic.length];
        try (InputStream in = f.open()) {
            return in.readNBytes(head, 0, head.length) == head.length
                    && (Arrays.equals(head, magic) || Arrays.equals(head, otherMagic));
        } catch (IOException e) {
            return false;
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
